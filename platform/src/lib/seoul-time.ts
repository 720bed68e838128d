/**
 * Dates and times of plans and popup slots, read in Asia/Seoul whatever the browser's own time zone is
 * (docs/decisions/0002-entities.md: a plan's `status` counts days in Asia/Seoul; the site is Korean). Korea has kept
 * UTC+9 without daylight saving since 1988, so a fixed offset is exact.
 *
 * Date pickers work on local `Date`s; here a "wall time" is a local `Date` whose year … minute are the Seoul
 * reading, so the picker shows what a person in Seoul sees.
 */
const SEOUL_OFFSET_MINUTES = 9 * 60;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today in Asia/Seoul as a local midnight `Date` (the default of both plan dates, docs/product.md#5-validation). */
export function seoulToday(now: Date = new Date()): Date {
  const seoul = new Date(now.getTime() + SEOUL_OFFSET_MINUTES * 60_000);
  return new Date(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate());
}

/** `YYYY-MM-DD` of a local date (the plan API's date form, docs/decisions/0002-entities.md). */
export function toDateParam(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A `YYYY-MM-DD` date as a local midnight `Date`; null when it is not a real calendar date. */
export function parseDateParam(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A wall time (local `Date` read as Seoul time) as ISO 8601 with the Seoul offset: `2025-04-05T13:30:00+09:00`. */
export function wallTimeToSeoulIso(date: Date): string {
  return `${toDateParam(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}+09:00`;
}

/** An instant (any ISO 8601 string with offset) as the wall time a person in Seoul reads; null when unparsable. */
export function seoulIsoToWallTime(iso: string): Date | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const seoul = new Date(instant + SEOUL_OFFSET_MINUTES * 60_000);
  return new Date(
    seoul.getUTCFullYear(),
    seoul.getUTCMonth(),
    seoul.getUTCDate(),
    seoul.getUTCHours(),
    seoul.getUTCMinutes(),
    seoul.getUTCSeconds(),
  );
}
