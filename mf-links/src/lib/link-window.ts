import { format } from 'date-fns';
import { ko as koLocale } from 'date-fns/locale/ko';
import type { Link } from '@linksite/contract';
import { seoulIsoToWallTime, wallTimeToSeoulIso } from '@linksite/platform';
import { messages } from './messages';

/**
 * A link's window in the form (docs/decisions/0028-link-visibility.md): each end a wall time (a local `Date` read
 * as Seoul time, platform `seoul-time`) or null for an open end.
 */
export const WINDOW_FORMAT = 'yyyy년 MM월 dd일 aa h:mm';

/** A window end for the API: RFC 3339 with the Seoul offset (`2026-12-01T10:00:00+09:00`), or null. */
export const windowEndToIso = (wall: Date | null): string | null => (wall ? wallTimeToSeoulIso(wall) : null);

/** A window end from the API as the wall time a person in Seoul reads, or null. */
export const isoToWindowEnd = (iso: string | null): Date | null => (iso ? seoulIsoToWallTime(iso) : null);

/** True when both ends are set and the end is not after the start (the API refuses it too). */
export function windowIsReversed(from: Date | null, until: Date | null): boolean {
  return from !== null && until !== null && until.getTime() <= from.getTime();
}

/**
 * A window end as a person in Seoul reads it (docs/decisions/0007-screen-completions.md: 12-hour time with 오전/오후);
 * empty for none.
 */
export function formatSeoul(iso: string | null): string {
  const wall = isoToWindowEnd(iso);
  return wall ? format(wall, 'M월 d일 aa h:mm', { locale: koLocale }) : '';
}

/** The badge of a link in the administrator's list: 공개, 숨김, 공개 예정 D-n, 종료. */
export function visibilityBadge(link: Pick<Link, 'visibility' | 'opensInDays'>): string {
  switch (link.visibility) {
    case 'visible':
      return messages.badgeVisible;
    case 'hidden':
      return messages.badgeHidden;
    case 'scheduled':
      return messages.badgeScheduled(link.opensInDays ?? 0);
    case 'ended':
      return messages.badgeEnded;
  }
}
