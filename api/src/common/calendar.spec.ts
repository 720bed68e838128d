import { isCalendarDate, parseDateTime } from './calendar';

describe('isCalendarDate', () => {
  it.each(['2026-11-21', '2028-02-29', '2026-12-31', '0001-01-01', '9999-12-31'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  it.each([
    '2026-02-30',
    '2027-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '0000-01-01',
    '2026-1-1',
    '20261121',
    ' 2026-11-21',
    '2026-11-21T00:00:00Z',
    '',
    null,
    20261121,
  ])('refuses %p', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('parseDateTime', () => {
  it('reads RFC 3339 date-times with an offset', () => {
    expect(parseDateTime('2026-11-21T19:00:00+09:00')?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(parseDateTime('2026-11-21T10:00:00.000Z')?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(parseDateTime('2026-11-21T10:00Z')?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(parseDateTime('2026-11-21T10:00:00.123456Z')?.toISOString()).toBe('2026-11-21T10:00:00.123Z');
    expect(parseDateTime('2026-11-21T01:30:00-02:30')?.toISOString()).toBe('2026-11-21T04:00:00.000Z');
    expect(parseDateTime('2026-12-31T23:59:59+00:00')?.toISOString()).toBe('2026-12-31T23:59:59.000Z');
  });
  it.each([
    '2026-02-30T10:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T10:60:00Z',
    '2026-11-21T10:00:60Z',
    '2026-11-21T10:00:00',
    '2026-11-21T10:00:00+0900',
    '2026-11-21 10:00:00Z',
    '2026-11-21',
    'abc',
    '',
    null,
    1763719200000,
  ])('refuses %p', (value) => {
    expect(parseDateTime(value)).toBeNull();
  });
});
