import { parseDateParam, seoulIsoToWallTime, seoulToday, toDateParam, wallTimeToSeoulIso } from './seoul-time';

describe('seoul-time', () => {
  it('takes today in Asia/Seoul, which is already tomorrow after 15:00 UTC', () => {
    expect(toDateParam(seoulToday(new Date('2025-04-04T14:59:59Z')))).toBe('2025-04-04');
    expect(toDateParam(seoulToday(new Date('2025-04-04T15:00:00Z')))).toBe('2025-04-05');
  });

  it('reads and writes YYYY-MM-DD and refuses dates that do not exist', () => {
    const date = parseDateParam('2024-02-29');
    expect(date && toDateParam(date)).toBe('2024-02-29');
    expect(parseDateParam('2025-02-29')).toBeNull();
    expect(parseDateParam('2025-4-1')).toBeNull();
  });

  it('round-trips a Seoul wall time through ISO 8601 with the +09:00 offset', () => {
    const wall = new Date(2025, 3, 5, 13, 30);
    expect(wallTimeToSeoulIso(wall)).toBe('2025-04-05T13:30:00+09:00');
    expect(seoulIsoToWallTime('2025-04-05T04:30:00.000Z')).toEqual(wall);
    expect(seoulIsoToWallTime('2025-04-05T13:30:00+09:00')).toEqual(wall);
    expect(seoulIsoToWallTime('어제')).toBeNull();
  });
});
