import { earliest } from './clock';

describe('earliest', () => {
  it('is the earliest instant given, nulls skipped', () => {
    const noon = new Date('2026-11-24T03:00:00Z');
    const midnight = new Date('2026-11-24T15:00:00Z');
    expect(earliest([midnight, null, noon])).toEqual(noon);
    expect(earliest([null, midnight])).toEqual(midnight);
  });

  it('is null when no instant is given', () => {
    expect(earliest([])).toBeNull();
    expect(earliest([null, null])).toBeNull();
  });
});
