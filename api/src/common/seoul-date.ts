const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The calendar day in Asia/Seoul at `now`, as 'YYYY-MM-DD' (docs/decisions/0002-entities.md: "today taken in
 * Asia/Seoul"). Korea has kept UTC+9 without daylight saving since 1988, so a fixed offset is exact.
 */
export function seoulDate(now: Date): string {
  return new Date(now.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole seconds (rounded up) from `now` to the next 00:00 in Asia/Seoul, when every plan's status changes. */
export function secondsToSeoulMidnight(now: Date): number {
  return Math.ceil((nextSeoulMidnight(now).getTime() - now.getTime()) / 1000);
}

/** The next 00:00 in Asia/Seoul strictly after `now` (the instant every plan's status and the upcoming list change). */
export function nextSeoulMidnight(now: Date): Date {
  const day = 24 * 60 * 60 * 1000;
  const sinceMidnight = (now.getTime() + SEOUL_OFFSET_MS) % day;
  return new Date(now.getTime() + (day - sinceMidnight));
}
