import { ADVISORY_LOCKS } from './advisory-locks';

describe('ADVISORY_LOCKS', () => {
  it('gives every job its own key, each a PostgreSQL bigint', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^-?\d+$/);
      expect(BigInt(key) < 2n ** 63n && BigInt(key) >= -(2n ** 63n)).toBe(true);
    }
  });
});
