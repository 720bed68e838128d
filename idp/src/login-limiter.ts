import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Failed sign-ins allowed per account and address, and per address alone, within WINDOW_SECONDS. */
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const FAILURES_PER_ADDRESS = 30;
const WINDOW_SECONDS = 15 * 60;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts failed sign-ins in memory (issue 3: "repeated failures are rate-limited per account and address").
 * A success clears the account+address counter; the per-address counter only expires.
 */
export class LoginLimiter {
  private readonly byAccountAndAddress = new RateLimiterMemory({
    keyPrefix: 'login_fail_account_ip',
    points: FAILURES_PER_ACCOUNT_AND_ADDRESS,
    duration: WINDOW_SECONDS,
    blockDuration: WINDOW_SECONDS,
  });

  private readonly byAddress = new RateLimiterMemory({
    keyPrefix: 'login_fail_ip',
    points: FAILURES_PER_ADDRESS,
    duration: WINDOW_SECONDS,
    blockDuration: WINDOW_SECONDS,
  });

  private static accountKey(username: string, ip: string): string {
    return `${username.trim().toLowerCase()}_${ip}`;
  }

  /** Whether another attempt may even be checked. */
  async check(username: string, ip: string): Promise<LimitDecision> {
    const [account, address] = await Promise.all([
      this.byAccountAndAddress.get(LoginLimiter.accountKey(username, ip)),
      this.byAddress.get(ip),
    ]);
    const waits = [
      account && account.consumedPoints >= FAILURES_PER_ACCOUNT_AND_ADDRESS ? account.msBeforeNext : 0,
      address && address.consumedPoints >= FAILURES_PER_ADDRESS ? address.msBeforeNext : 0,
    ];
    const wait = Math.max(...waits);
    return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
  }

  /** Records a failure; says whether the caller is now over a limit. */
  async recordFailure(username: string, ip: string): Promise<LimitDecision> {
    const results = await Promise.allSettled([
      this.byAccountAndAddress.consume(LoginLimiter.accountKey(username, ip)),
      this.byAddress.consume(ip),
    ]);
    let wait = 0;
    for (const r of results) {
      if (r.status === 'rejected') {
        if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
        wait = Math.max(wait, r.reason.msBeforeNext);
      }
    }
    return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.byAccountAndAddress.delete(LoginLimiter.accountKey(username, ip));
  }
}
