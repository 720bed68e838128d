import { formatSeoul, isoToWindowEnd, visibilityBadge, windowEndToIso, windowIsReversed } from './link-window';

describe('a link window in Asia/Seoul (docs/decisions/0026-creator-features.md)', () => {
  it('sends a wall time as Seoul time with its offset, and no end as null', () => {
    expect(windowEndToIso(new Date(2026, 11, 1, 10, 0))).toBe('2026-12-01T10:00:00+09:00');
    expect(windowEndToIso(null)).toBeNull();
  });

  it('reads an instant from the API as the Seoul wall time, whatever the browser zone', () => {
    expect(isoToWindowEnd('2026-12-01T01:00:00.000Z')).toEqual(new Date(2026, 11, 1, 10, 0));
    expect(isoToWindowEnd('2026-11-30T15:30:00.000Z')).toEqual(new Date(2026, 11, 1, 0, 30));
    expect(isoToWindowEnd(null)).toBeNull();
  });

  it('shows an end in Korean 12-hour time', () => {
    expect(formatSeoul('2026-12-01T01:00:00.000Z')).toBe('12월 1일 오전 10:00');
    expect(formatSeoul('2026-12-01T06:30:00.000Z')).toBe('12월 1일 오후 3:30');
    expect(formatSeoul(null)).toBe('');
  });

  it('finds a window whose end is not after its start', () => {
    const at = (hour: number) => new Date(2026, 11, 1, hour);
    expect(windowIsReversed(at(12), at(10))).toBe(true);
    expect(windowIsReversed(at(10), at(10))).toBe(true);
    expect(windowIsReversed(at(10), at(12))).toBe(false);
    expect(windowIsReversed(null, at(12))).toBe(false);
  });

  it.each([
    [{ visibility: 'visible', opensInDays: null }, '공개'],
    [{ visibility: 'hidden', opensInDays: null }, '숨김'],
    [{ visibility: 'scheduled', opensInDays: 3 }, '공개 예정 D-3'],
    [{ visibility: 'scheduled', opensInDays: 0 }, '공개 예정 (오늘)'],
    [{ visibility: 'ended', opensInDays: null }, '종료'],
  ] as const)('labels %j as %s', (link, label) => {
    expect(visibilityBadge(link)).toBe(label);
  });
});
