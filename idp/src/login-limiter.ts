import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Failed sign-ins allowed per account and address, and per address alone, within WINDOW_SECONDS. */
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const FAILURES_PER_ADDRESS = 30;
/** Failed sign-ins of one account from any address within WINDOW_SECONDS before the backoff starts. */
export const FAILURES_PER_ACCOUNT = 10;
/**
 * Longest wait the per-account backoff imposes (seconds). Anyone can make an account fail, so this limit must
 * never lock its owner out for long (issue 15 item 5); it only slows a guesser spread over many addresses to
 * about one guess a minute.
 */
export const ACCOUNT_BACKOFF_CAP_SECONDS = 60;
const WINDOW_SECONDS = 15 * 60;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts failed sign-ins in memory (issue 3: "repeated failures are rate-limited per account and address";
 * issue 15 item 5: "per account with a backoff that a stranger cannot use to lock the owner out for long, and
 * per client address"):
 * - account + address: 5 failures, then that address waits 15 minutes for that account;
 * - address: 30 failures (any account), then that address waits 15 minutes;
 * - account (any address): 10 failures are free, then each further failure makes the next attempt wait
 *   1, 2, 4, … seconds, at most ACCOUNT_BACKOFF_CAP_SECONDS.
 * A success clears the account+address and account counters; the per-address counter only expires.
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

  private readonly byAccount = new RateLimiterMemory({
    keyPrefix: 'login_fail_account',
    points: Number.MAX_SAFE_INTEGER,
    duration: WINDOW_SECONDS,
  });

  /** Account → epoch ms before which no attempt on it is checked (the per-account backoff). */
  private readonly accountWaitUntil = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  private static account(username: string): string {
    return username.trim().toLowerCase();
  }

  private accountWaitMs(username: string): number {
    const key = LoginLimiter.account(username);
    const until = this.accountWaitUntil.get(key) ?? 0;
    const wait = until - this.now();
    if (wait <= 0) this.accountWaitUntil.delete(key);
    return Math.max(0, wait);
  }

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
      this.accountWaitMs(username),
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
    const failures = (await this.byAccount.consume(LoginLimiter.account(username))).consumedPoints;
    if (failures > FAILURES_PER_ACCOUNT) {
      const seconds = Math.min(2 ** (failures - FAILURES_PER_ACCOUNT - 1), ACCOUNT_BACKOFF_CAP_SECONDS);
      this.accountWaitUntil.set(LoginLimiter.account(username), this.now() + seconds * 1000);
    }
    let wait = this.accountWaitMs(username);
    for (const r of results) {
      if (r.status === 'rejected') {
        if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
        wait = Math.max(wait, r.reason.msBeforeNext);
      }
    }
    return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    await Promise.all([
      this.byAccountAndAddress.delete(LoginLimiter.accountKey(username, ip)),
      this.byAccount.delete(LoginLimiter.account(username)),
    ]);
    this.accountWaitUntil.delete(LoginLimiter.account(username));
  }
}
