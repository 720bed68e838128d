/**
 * Strict readers of the date strings the API accepts (docs/decisions/0002-entities.md): plan days `YYYY-MM-DD` and
 * popup date-times (RFC 3339 with an offset). Real calendar days only (2026-02-30 is refused, not rolled over to March
 * as `Date.parse` would), years 0001–9999.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch of a UTC wall time, years below 100 included (Date.UTC maps 0–99 to 19xx). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** True for a string `YYYY-MM-DD` that names a real day, years 0001–9999. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(utc(year, month, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An RFC 3339 date-time with an offset (`2026-11-21T19:00:00+09:00`, `2026-11-21T10:00:00.000Z`; seconds and
 * fractions optional, fractions beyond milliseconds truncated) → the instant, or null for anything else
 * (no offset: the instant would depend on the server's time zone).
 */
export function parseDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, hh, mm, ss = '0', fraction = '', sign, offH = '0', offM = '0'] = match;
  if (!isCalendarDate(day)) return null;
  const [hour, minute, second, offsetHours, offsetMinutes] = [hh, mm, ss, offH, offM].map(Number) as number[];
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 23 || offsetMinutes! > 59) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const offset = (sign === '-' ? -1 : 1) * (offsetHours! * 60 + offsetMinutes!) * 60_000;
  return new Date(utc(year, month, date, hour, minute, second, ms) - offset);
}
