import { isIP } from 'node:net';

/** Failed sign-ins allowed per account and address, and per address alone, before that address waits. */
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const FAILURES_PER_ADDRESS = 30;
/** How long an address that reached one of the two limits above waits (seconds). */
export const ADDRESS_BLOCK_SECONDS = 15 * 60;
/** Failed sign-ins of one lane (below) that cost nothing; each further one makes the lane wait. */
export const FAILURES_PER_ACCOUNT = 10;
/**
 * Longest wait a lane's backoff imposes (seconds). Anyone can make the untrusted lane fail, so this limit must never
 * lock its owner out for long (docs/decisions/0045-identity-hardening.md); it only slows a guesser spread over many
 * addresses to about one guess a minute.
 */
export const ACCOUNT_BACKOFF_CAP_SECONDS = 60;
/** A counter starts over once its last failure is this old (Keycloak's "Failure Reset Time"; seconds). */
export const FAILURE_RESET_SECONDS = 15 * 60;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One password check let through by {@link LoginLimiter.begin}; hand it back to `failed` or `succeeded`. */
export interface Attempt {
  /** The lane counter it was counted in. */
  readonly lane: string;
  /** The account+address counter it was counted in; none for a device-cookie holder. */
  readonly accountAddress?: string;
  /** The address (any account) counter it was counted in; none for a device-cookie holder. */
  readonly address?: string;
}

export type BeginDecision = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

interface Counter {
  failures: number;
  /** Epoch ms of the last failure counted. */
  lastAt: number;
  /** Epoch ms before which nothing counted here may be tried (0: no wait). */
  until: number;
}

/** The account a typed username names, as every limit keys it: `" Admin "` and `"admin"` are one account. */
export function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The address as the per-address limits count it: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would hand a guesser 2^64 fresh ones).
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length < 4) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts failed sign-ins in memory and decides whether a password may be checked at all
 * (docs/decisions/0011-administrator-sign-in.md; docs/decisions/0045-identity-hardening.md;
 * docs/decisions/0087-lockout-no-stranger-holds.md, "a lockout no stranger can hold").
 *
 * Sources: Keycloak's brute force detection (Server Administration Guide, "Brute force attacks", temporary lockout: a
 * wait that grows with the failures, a count that starts over after "Failure Reset Time", and "`count` does not
 * increment when a temporarily disabled account commits a login failure"), and OWASP's "Slow Down Online Guessing
 * Attacks with Device Cookies" (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 * a client that signed in to the account before carries a device cookie (device-cookie.ts), all other ("untrusted")
 * clients of an account are locked out together, and each trusted device only by its own failures.
 *
 * The rule:
 * - Lanes. The failures of an account are counted in lanes: one per device cookie of that account, and one for every
 *   client without such a cookie. In each lane {@link FAILURES_PER_ACCOUNT} failures are free; each further one makes
 *   the next attempt in that lane wait 1, 2, 4, … seconds, at most {@link ACCOUNT_BACKOFF_CAP_SECONDS}. A stranger
 *   guessing from anywhere fills the untrusted lane only, so the owner's browser that signed in before is never
 *   refused for the stranger's failures.
 * - Addresses, for clients without a device cookie (they trip before the account-wide wait:
 *   {@link FAILURES_PER_ACCOUNT_AND_ADDRESS} < {@link FAILURES_PER_ACCOUNT}, so no single address starts it alone):
 *   {@link FAILURES_PER_ACCOUNT_AND_ADDRESS} failures for one account from one address ({@link addressKey}), or
 *   {@link FAILURES_PER_ADDRESS} for any accounts, and that address waits {@link ADDRESS_BLOCK_SECONDS} (for that
 *   account, or for all). A device-cookie holder is judged by its device's failures only.
 * - Refused attempts are free: an attempt refused because of a wait is not counted, so it neither adds to a count nor
 *   extends a wait (Keycloak's rule above). A stranger who hammers during a wait changes nothing.
 * - An attempt let through is counted at once, before its password is checked ({@link begin}), so guesses sent in
 *   parallel cannot all slip through one gap; a success ({@link succeeded}) takes it back and clears its lane and its
 *   account+address counter.
 * - A counter starts over when its last failure is {@link FAILURE_RESET_SECONDS} old and it imposes no wait.
 */
export class LoginLimiter {
  private readonly counters = new Map<string, Counter>();
  private lastSweep = 0;

  /** @param now the clock (epoch ms); tests move their own. */
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Whether one password check for `username` may happen now, from `ip`, by a client holding the device cookie
   * `device` (its id, already verified for this account; undefined when it holds none). If so, the attempt is counted
   * as a failure at once; pass the returned attempt to {@link failed} or {@link succeeded}.
   */
  begin(username: string, ip: string, device?: string): BeginDecision {
    const now = this.now();
    this.sweep(now);
    const account = accountKey(username);
    const lane = device === undefined ? `untrusted:${account}` : `device:${account}:${device}`;
    const attempt: Attempt =
      device === undefined
        ? { lane, accountAddress: `account-address:${account}|${addressKey(ip)}`, address: `address:${addressKey(ip)}` }
        : { lane };
    const keys = [attempt.lane, attempt.accountAddress, attempt.address].filter((k) => k !== undefined);
    const wait = Math.max(...keys.map((key) => this.waitMs(key, now)));
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };

    this.startBackoff(this.count(attempt.lane, now), now);
    if (attempt.accountAddress) this.countTowards(attempt.accountAddress, FAILURES_PER_ACCOUNT_AND_ADDRESS, now);
    if (attempt.address) this.countTowards(attempt.address, FAILURES_PER_ADDRESS, now);
    return { allowed: true, attempt };
  }

  /**
   * The attempt's password was wrong (it is already counted). Says whether its lane must now wait: then the answer is
   * 429 with that wait rather than "wrong password". The address limits refuse the next attempt instead.
   */
  failed(attempt: Attempt): LimitDecision {
    const now = this.now();
    // The lane's wait runs from now, when the failure is known: a password check slower than the wait (a busy
    // machine) would otherwise have used it up, and the 11th guess in a row would be answered as a mere wrong password.
    const counter = this.counters.get(attempt.lane);
    if (counter) this.startBackoff(counter, now);
    const wait = this.waitMs(attempt.lane, now);
    return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
  }

  /** The attempt signed in: clears its lane and its account+address counter, and takes it back from its address's. */
  succeeded(attempt: Attempt): void {
    this.counters.delete(attempt.lane);
    if (attempt.accountAddress) this.counters.delete(attempt.accountAddress);
    const address = attempt.address ? this.counters.get(attempt.address) : undefined;
    if (address && attempt.address) {
      address.failures -= 1;
      if (address.failures < FAILURES_PER_ADDRESS) address.until = 0;
      if (address.failures <= 0) this.counters.delete(attempt.address);
    }
  }

  /** Past {@link FAILURES_PER_ACCOUNT} failures, makes `lane` wait 1, 2, 4, … s (at most the cap) from `now`. */
  private startBackoff(lane: Counter, now: number): void {
    if (lane.failures <= FAILURES_PER_ACCOUNT) return;
    const seconds = Math.min(2 ** (lane.failures - FAILURES_PER_ACCOUNT - 1), ACCOUNT_BACKOFF_CAP_SECONDS);
    lane.until = Math.max(lane.until, now + seconds * 1000);
  }

  private waitMs(key: string, now: number): number {
    const counter = this.counters.get(key);
    return counter ? Math.max(0, counter.until - now) : 0;
  }

  /** Adds one failure to `key`, starting it over first when its last failure is old and it imposes no wait. */
  private count(key: string, now: number): Counter {
    let counter = this.counters.get(key);
    if (!counter || this.expired(counter, now)) {
      counter = { failures: 0, lastAt: now, until: 0 };
      this.counters.set(key, counter);
    }
    counter.failures += 1;
    counter.lastAt = now;
    return counter;
  }

  /** Adds one failure to an address counter; at `limit` failures the address waits {@link ADDRESS_BLOCK_SECONDS}. */
  private countTowards(key: string, limit: number, now: number): void {
    const counter = this.count(key, now);
    if (counter.failures >= limit) counter.until = now + ADDRESS_BLOCK_SECONDS * 1000;
  }

  private expired(counter: Counter, now: number): boolean {
    return now >= counter.until && now - counter.lastAt >= FAILURE_RESET_SECONDS * 1000;
  }

  /** Drops counters that would start over anyway, at most once a minute, so memory follows recent failures only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, counter] of this.counters) if (this.expired(counter, now)) this.counters.delete(key);
  }
}
