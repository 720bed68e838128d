import { format } from 'date-fns';
import { ko as koLocale } from 'date-fns/locale/ko';
import type { PopupTurn } from '@linksite/contract';
import { seoulIsoToWallTime } from '@linksite/platform';
import { messages } from './messages';

/**
 * Date and 12-hour time with 오전/오후 (docs/product.md#9-constants-and-limits, docs/decisions/0007-screen-completions.md),
 * the pickers' and the table's form.
 */
export const POPUP_DATE_TIME_FORMAT = 'yyyy년 MM월 dd일 aa h:mm';

/** Largest head count and table count the API accepts (docs/decisions/0002-entities.md). */
export const MAX_COUNT = 100_000;
export const MAX_TABLES = 10_000;

/** An instant from the API as a person in Seoul reads it: `2025년 04월 05일 오후 1:30`. */
export function formatPopupDateTime(iso: string): string {
  const wall = seoulIsoToWallTime(iso);
  return wall ? format(wall, POPUP_DATE_TIME_FORMAT, { locale: koLocale }) : iso;
}

/** `'2'` → `2회차`; null → `선택 안 함`. */
export function turnLabel(cnt: PopupTurn): string {
  return cnt ? messages.popupTurnLabel(cnt) : messages.popupTurnNone;
}

/**
 * A whole number typed in a `type=number` field, within 0–`max`; null for anything else (`1.5`, `-1`, `1e3`, empty).
 * The field's `step=1 min=0` is only a hint to the browser, so the form checks again before sending.
 */
export function parseWholeNumber(value: string, max: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number <= max ? number : null;
}
