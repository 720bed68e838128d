import {
  ACCOUNT_BACKOFF_CAP_SECONDS,
  ADDRESS_BLOCK_SECONDS,
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ACCOUNT_AND_ADDRESS,
  FAILURES_PER_ADDRESS,
  LoginLimiter,
  addressKey,
  type LimitDecision,
} from './login-limiter';

/** A limiter on a clock the test moves. */
function limiterAt(startMs = 1_000_000) {
  let now = startMs;
  const limiter = new LoginLimiter(() => now);
  return { limiter, advance: (ms: number) => (now += ms) };
}

const address = (i: number) => `198.51.100.${i}`;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** One wrong password: refused at the gate, or checked and failed (the answer to that failure). */
function fail(limiter: LoginLimiter, username: string, ip: string, device?: string): LimitDecision {
  const gate = limiter.begin(username, ip, device);
  if (!gate.allowed) return gate;
  return limiter.failed(gate.attempt);
}

/** The right password: whether it was let through (and so signed in). */
function signIn(limiter: LoginLimiter, username: string, ip: string, device?: string): boolean {
  const gate = limiter.begin(username, ip, device);
  if (gate.allowed) limiter.succeeded(gate.attempt);
  return gate.allowed;
}

describe('LoginLimiter, per account across addresses (docs/decisions/0045-identity-hardening.md)', () => {
  it(`lets ${FAILURES_PER_ACCOUNT} failures from different addresses through, then makes the next attempt wait 1 s`, () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1) {
      expect(fail(limiter, 'admin', address(i))).toEqual({ allowed: true });
    }
    expect(fail(limiter, 'admin', address(50))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.begin('admin', address(51))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another account is not slowed.
    expect(limiter.begin('someone', address(51)).allowed).toBe(true);
    advance(SECOND);
    expect(limiter.begin('Admin ', address(51)).allowed).toBe(true);
  });

  it(`doubles the wait with every further failure and never asks for more than ${ACCOUNT_BACKOFF_CAP_SECONDS} s`, () => {
    const { limiter, advance } = limiterAt();
    const waits: number[] = [];
    for (let i = 0; i < FAILURES_PER_ACCOUNT + 9; i += 1) {
      const after = fail(limiter, 'admin', address(i));
      if (!after.allowed) {
        waits.push(after.retryAfterSeconds);
        advance(after.retryAfterSeconds * SECOND);
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('starts the wait when the failure is known, so a slow password check does not use it up', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1) fail(limiter, 'admin', address(i));
    const gate = limiter.begin('admin', address(50));
    if (!gate.allowed) throw new Error('the 11th attempt is let through');
    // A busy machine: the password check of the 11th attempt takes 2.5 s, longer than its 1 s wait.
    advance(2.5 * SECOND);
    expect(limiter.failed(gate.attempt)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.begin('admin', address(51)).allowed).toBe(false);
    advance(SECOND);
    expect(limiter.begin('admin', address(51)).allowed).toBe(true);
  });

  it('is cleared by a successful sign-in', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i <= FAILURES_PER_ACCOUNT; i += 1) fail(limiter, 'admin', address(i));
    expect(signIn(limiter, 'admin', address(60))).toBe(false);
    advance(SECOND);
    expect(signIn(limiter, 'admin', address(60))).toBe(true);
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1)
      expect(fail(limiter, 'admin', address(i))).toEqual({ allowed: true });
  });

  it('starts over when the last failure is 15 minutes old', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i <= FAILURES_PER_ACCOUNT; i += 1) fail(limiter, 'admin', address(i));
    advance(15 * MINUTE);
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1)
      expect(fail(limiter, 'admin', address(i))).toEqual({ allowed: true });
  });
});

describe('LoginLimiter: a lockout no stranger can hold (docs/decisions/0087-lockout-no-stranger-holds.md)', () => {
  it('does not extend a wait for attempts refused during it (Keycloak: no count while temporarily disabled)', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT + 3; i += 1) {
      const after = fail(limiter, 'admin', address(i));
      if (!after.allowed) advance(after.retryAfterSeconds * SECOND);
    }
    // The 14th failure asked for 8 s. Forty attempts in those 8 s, from everywhere, are refused and change nothing.
    expect(fail(limiter, 'admin', address(20))).toEqual({ allowed: false, retryAfterSeconds: 8 });
    for (let i = 0; i < 40; i += 1) {
      advance(150);
      const refused = limiter.begin('admin', address(21 + (i % 3)));
      expect(refused.allowed).toBe(false);
    }
    // 6 s have passed: 2 s left, not more.
    expect(limiter.begin('admin', address(30))).toEqual({ allowed: false, retryAfterSeconds: 2 });
    advance(2 * SECOND);
    // The next failure is the 15th, so its wait is 16 s: the refused attempts were not counted.
    expect(fail(limiter, 'admin', address(31))).toEqual({ allowed: false, retryAfterSeconds: 16 });
  });

  it('trips the per-address limit before the account-wide wait starts', () => {
    expect(FAILURES_PER_ACCOUNT_AND_ADDRESS).toBeLessThan(FAILURES_PER_ACCOUNT);
    const { limiter } = limiterAt();
    let failures = 0;
    for (;;) {
      const gate = limiter.begin('admin', address(1));
      if (!gate.allowed) {
        // That address now waits the whole block, for this account.
        expect(gate.retryAfterSeconds).toBe(ADDRESS_BLOCK_SECONDS);
        break;
      }
      failures += 1;
      expect(limiter.failed(gate.attempt)).toEqual({ allowed: true });
    }
    expect(failures).toBe(FAILURES_PER_ACCOUNT_AND_ADDRESS);
    // No account-wide wait has started: any other address is let through at once.
    expect(limiter.begin('admin', address(2)).allowed).toBe(true);
  });

  it(`stops an address that fails ${FAILURES_PER_ADDRESS} times over many accounts, for every account`, () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1)
      expect(fail(limiter, `user${i}`, address(1))).toEqual({ allowed: true });
    expect(limiter.begin('admin', address(1))).toEqual({ allowed: false, retryAfterSeconds: ADDRESS_BLOCK_SECONDS });
    expect(limiter.begin('admin', address(2)).allowed).toBe(true);
  });

  it('counts an IPv6 client by its /64, so fresh addresses of one network are one address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    const { limiter } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) fail(limiter, 'admin', `2001:db8:1:2::${i + 1}`);
    expect(limiter.begin('admin', '2001:db8:1:2::99').allowed).toBe(false);
    expect(limiter.begin('admin', '2001:db8:1:3::1').allowed).toBe(true);
  });

  it('lets parallel guesses through one gap only: an attempt counts from the moment it is let through', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1) fail(limiter, 'admin', address(i));
    // The 11th attempt is being checked; until it is answered, the 12th is already refused.
    const first = limiter.begin('admin', address(40));
    expect(first.allowed).toBe(true);
    expect(limiter.begin('admin', address(41)).allowed).toBe(false);
  });

  it('never refuses a device that signed in before for a stranger guessing once a minute from 3 addresses', () => {
    const { limiter, advance } = limiterAt();
    const device = 'owner-device-nonce';
    const strangers = ['127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const strangerAnswers: LimitDecision[] = [];
    const owner: boolean[] = [];
    for (let minute = 0; minute < 60; minute += 1) {
      strangerAnswers.push(fail(limiter, 'admin', strangers[minute % 3]!));
      // The owner tries every 15 s, the first time 1 s after the guess, when any wait it caused is on.
      for (const offset of [1, 16, 31, 46]) {
        advance(offset === 1 ? SECOND : 15 * SECOND);
        owner.push(signIn(limiter, 'admin', '127.0.0.2', device));
      }
      advance(14 * SECOND);
    }
    expect(owner.every(Boolean)).toBe(true);
    // The stranger did meet the limits: refused, or answered with a wait.
    expect(strangerAnswers.filter((a) => !a.allowed).length).toBeGreaterThan(30);
  });

  it("judges a device by that device's failures only, and untrusted clients apart from it", () => {
    const { limiter } = limiterAt();
    // The device's own typos: its own backoff…
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1)
      expect(fail(limiter, 'admin', address(1), 'd1')).toEqual({ allowed: true });
    expect(fail(limiter, 'admin', address(1), 'd1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.begin('admin', address(1), 'd1').allowed).toBe(false);
    // …which neither another device nor clients without a device cookie share, even from the same address.
    expect(limiter.begin('admin', address(1), 'd2').allowed).toBe(true);
    expect(limiter.begin('admin', address(2)).allowed).toBe(true);
    // A device-cookie holder is not stopped by its address's failures made without the cookie either.
    const { limiter: other } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1) fail(other, `user${i}`, address(3));
    expect(other.begin('admin', address(3)).allowed).toBe(false);
    expect(signIn(other, 'admin', address(3), 'd1')).toBe(true);
  });

  it("takes a successful attempt back from its address's count", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ADDRESS - 1; i += 1) fail(limiter, `user${i}`, address(1));
    // The 30th attempt from this address is the right one: it does not stop the address.
    expect(signIn(limiter, 'admin', address(1))).toBe(true);
    expect(limiter.begin('someone', address(1)).allowed).toBe(true);
  });
});
