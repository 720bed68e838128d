import {
  ACCOUNT_BACKOFF_CAP_SECONDS,
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LoginLimiter,
} from './login-limiter';

/** A limiter on a clock the test moves; every failure comes from a fresh address unless said otherwise. */
function limiterAt(startMs = 1_000_000) {
  let now = startMs;
  const limiter = new LoginLimiter(() => now);
  return { limiter, advance: (ms: number) => (now += ms) };
}

const address = (i: number) => `198.51.100.${i}`;

describe('LoginLimiter, per account across addresses (issue 15 item 5)', () => {
  it(`lets ${FAILURES_PER_ACCOUNT} failures from different addresses through, then makes the next attempt wait 1 s`, async () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1) {
      expect(await limiter.recordFailure('admin', address(i))).toEqual({ allowed: true });
    }
    expect(await limiter.recordFailure('admin', address(50))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.check('admin', address(51))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another account is not slowed.
    expect(await limiter.check('someone', address(51))).toEqual({ allowed: true });
    advance(1000);
    expect(await limiter.check('Admin ', address(51))).toEqual({ allowed: true });
  });

  it(`doubles the wait with every further failure and never asks for more than ${ACCOUNT_BACKOFF_CAP_SECONDS} s`, async () => {
    const { limiter, advance } = limiterAt();
    const waits: number[] = [];
    for (let i = 0; i < FAILURES_PER_ACCOUNT + 9; i += 1) {
      const gate = await limiter.check('admin', address(i));
      if (!gate.allowed) advance(gate.retryAfterSeconds * 1000);
      const after = await limiter.recordFailure('admin', address(i));
      if (!after.allowed) waits.push(after.retryAfterSeconds);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('is cleared by a successful sign-in', async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i <= FAILURES_PER_ACCOUNT; i += 1) await limiter.recordFailure('admin', address(i));
    expect((await limiter.check('admin', address(60))).allowed).toBe(false);
    await limiter.recordSuccess('admin', address(60));
    expect(await limiter.check('admin', address(61))).toEqual({ allowed: true });
  });

  it(`still stops one address after ${FAILURES_PER_ACCOUNT_AND_ADDRESS} failures for 15 minutes`, async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      expect((await limiter.recordFailure('admin', address(1))).allowed).toBe(true);
    }
    const gate = await limiter.check('admin', address(1));
    expect(gate.allowed).toBe(false);
    expect(gate.allowed === false && gate.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(await limiter.check('admin', address(2))).toEqual({ allowed: true });
  });
});
