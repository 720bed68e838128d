import { planStatus } from '../plans/plan-status';
import { seoulDate } from '../common/seoul-date';

/**
 * Where a link stands for visitors at an instant (docs/decisions/0028-link-visibility.md): `visible` on the public
 * page; `hidden` switched off; `scheduled` on, with a window that has not opened; `ended` on, with a window that has
 * closed.
 */
export type LinkVisibility = 'visible' | 'hidden' | 'scheduled' | 'ended';

/** The columns the rule reads. */
export interface VisibilityFields {
  enabled: boolean;
  showFrom: Date | null;
  showUntil: Date | null;
}

/** The window is half-open: shown from `showFrom` (inclusive) until `showUntil` (exclusive); a null end is open. */
export function visibilityAt({ enabled, showFrom, showUntil }: VisibilityFields, now: Date): LinkVisibility {
  if (!enabled) return 'hidden';
  if (showUntil && showUntil.getTime() <= now.getTime()) return 'ended';
  if (showFrom && showFrom.getTime() > now.getTime()) return 'scheduled';
  return 'visible';
}

/** Whole days (Asia/Seoul calendar) from `now` to the opening of a scheduled link: the `D-n` of its badge. */
export function opensInDays(showFrom: Date, now: Date): number {
  return planStatus(seoulDate(showFrom), now);
}

/** SQL for "visible to visitors at $n" on table `links`, as {@link visibilityAt} decides it. */
export const visibleAt = (param: string): string =>
  `(links.enabled AND (links.show_from IS NULL OR links.show_from <= ${param}) AND (links.show_until IS NULL OR links.show_until > ${param}))`;

/**
 * The next instant after `now` a link opens or closes (an enabled link's show_from or show_until ahead), or null when
 * none is ahead: until then a public answer about links holds (docs/decisions/0026-creator-features.md;
 * docs/decisions/0035-public-read-caching.md keeps the serialized answer in memory until this instant at most).
 */
export async function nextBoundary(
  db: { query<T>(sql: string, parameters?: unknown[]): Promise<T> },
  now: Date,
): Promise<Date | null> {
  const [row] = await db.query<{ next: Date | null }[]>(
    `SELECT min(t) AS next FROM (
       SELECT show_from AS t FROM links WHERE enabled AND show_from > $1
       UNION ALL
       SELECT show_until FROM links WHERE enabled AND show_until > $1) boundaries`,
    [now],
  );
  return row?.next ?? null;
}

/** Whole seconds (rounded up) from `now` to `instant`, or null when there is no instant (see {@link nextBoundary}). */
export function secondsUntil(instant: Date | null, now: Date): number | null {
  return instant ? Math.ceil((instant.getTime() - now.getTime()) / 1000) : null;
}

/**
 * Seconds from `now` to the next instant a link opens or closes, or null when none is ahead: how long a public answer
 * about links holds (docs/decisions/0026-creator-features.md "Public responses must not be cached past the next window
 * boundary").
 */
export async function secondsToNextBoundary(
  db: { query<T>(sql: string, parameters?: unknown[]): Promise<T> },
  now: Date,
): Promise<number | null> {
  return secondsUntil(await nextBoundary(db, now), now);
}

/** How long a shared cache may keep a public answer at most (docs/decisions/0026-creator-features.md). */
export const PUBLIC_CACHE_SECONDS = 60;

/**
 * How long a cache may go on serving a public answer while it revalidates it, at most
 * (docs/decisions/0035-public-read-caching.md). Browsers honour it too (Chromium does), not only shared caches.
 */
export const PUBLIC_STALE_SECONDS = 30;

/**
 * `Cache-Control` of a public read whose answer holds until `secondsToBoundary` (the next opening or closing of a
 * link's window, null when none is ahead). A browser's copy is never fresh (`max-age=0`): it asks again with the
 * ETag (304), so an administrator's write shows on the next load; but `stale-while-revalidate` applies to browsers
 * as well, so a read the same page repeats within that window is answered from the browser's copy while it
 * revalidates in the background, and shows a write one read later. Shared caches keep it `s-maxage` ≤
 * {@link PUBLIC_CACHE_SECONDS} and may serve it stale while revalidating for `stale-while-revalidate` ≤
 * {@link PUBLIC_STALE_SECONDS}, both together never past the boundary, so a card appears or disappears within a minute
 * of its time (docs/decisions/0026-creator-features.md, docs/decisions/0031-public-page-from-kakaotalk.md).
 * `stale-while-revalidate` is left out when no second is left for it. An answer a visitor's write can change at any
 * moment is sent `public, no-cache` instead (PublicRead.revalidateEachUse).
 */
export function publicCacheControl(secondsToBoundary: number | null): string {
  const boundary = Math.max(0, secondsToBoundary ?? Number.POSITIVE_INFINITY);
  const shared = Math.min(PUBLIC_CACHE_SECONDS, boundary);
  const stale = Math.min(PUBLIC_STALE_SECONDS, boundary - shared);
  return `public, max-age=0, s-maxage=${shared}` + (stale > 0 ? `, stale-while-revalidate=${stale}` : '');
}
