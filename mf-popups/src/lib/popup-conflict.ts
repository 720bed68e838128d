import type { Popup, PopupBody } from '@linksite/contract';
import { messages } from './messages';
import { formatPopupDateTime, turnLabel } from './popup-format';

/** The slot form's fields a conflict compares, in the form's order (docs/decisions/0048-no-silent-overwrite.md). */
export const POPUP_CONFLICT_FIELDS = [
  'cnt',
  'startdate',
  'enddate',
  'count',
  'table',
  'bookingOpensAt',
  'bookingClosesAt',
  'cancelHoursBefore',
  'partyMin',
  'partyMax',
  'bookingEnabled',
] as const;
export type PopupConflictField = (typeof POPUP_CONFLICT_FIELDS)[number];

const DATE_FIELDS = new Set<PopupConflictField>(['startdate', 'enddate', 'bookingOpensAt', 'bookingClosesAt']);

const LABELS: Record<PopupConflictField, string> = {
  cnt: messages.popupTurn,
  startdate: messages.popupStart,
  enddate: messages.popupEnd,
  count: messages.popupCount,
  table: messages.popupTables,
  bookingOpensAt: messages.bookingOpensAt,
  bookingClosesAt: messages.bookingClosesAt,
  cancelHoursBefore: messages.cancelHoursBefore,
  partyMin: messages.partyMin,
  partyMax: messages.partyMax,
  bookingEnabled: messages.bookingEnabled,
};

/** One field whose stored value differs from what the administrator tried to save. */
export interface PopupDifference {
  field: PopupConflictField;
  /** The field's name as the form labels it. */
  label: string;
  /** The stored value, as a person reads it. */
  stored: string;
  /** The administrator's value, as a person reads it. */
  mine: string;
  /** Another administrator changed it since the form loaded. */
  changedByOther: boolean;
  /** The administrator changed it in the form. */
  changedByMe: boolean;
}

/** A stored slot as the body the form sends (the booking counts are not the form's). */
export function popupBodyOf(popup: Popup): PopupBody {
  return {
    cnt: popup.cnt,
    startdate: popup.startdate,
    enddate: popup.enddate,
    count: popup.count,
    table: popup.table,
    bookingOpensAt: popup.bookingOpensAt,
    bookingClosesAt: popup.bookingClosesAt,
    cancelHoursBefore: popup.cancelHoursBefore,
    partyMin: popup.partyMin,
    partyMax: popup.partyMax,
    bookingEnabled: popup.bookingEnabled,
  };
}

/**
 * A field's value as the API stores it: instants compared as instants (the API answers `…Z`, the form sends
 * `…+09:00`), null and an absent value alike.
 */
function comparable(body: PopupBody, field: PopupConflictField): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') return '';
  if (DATE_FIELDS.has(field)) return String(Date.parse(String(value)));
  return String(value);
}

const same = (a: PopupBody, b: PopupBody, field: PopupConflictField) => comparable(a, field) === comparable(b, field);

/** A field's value as the comparison shows it: Seoul date-times, `2회차`, 받음/받지 않음, the defaults by name. */
function shown(body: PopupBody, field: PopupConflictField): string {
  const value = body[field];
  switch (field) {
    case 'cnt':
      return turnLabel(body.cnt ?? null);
    case 'bookingEnabled':
      return value === false ? messages.conflictBookingOff : messages.conflictBookingOn;
    case 'bookingOpensAt':
      return typeof value === 'string' && value ? formatPopupDateTime(value) : messages.conflictOpensAtDefault;
    case 'bookingClosesAt':
      return typeof value === 'string' && value ? formatPopupDateTime(value) : messages.conflictClosesAtDefault;
    case 'startdate':
    case 'enddate':
      return formatPopupDateTime(String(value));
    default:
      return value === undefined || value === null ? messages.conflictEmpty : Number(value).toLocaleString('ko-KR');
  }
}

/**
 * What a stale save ran into (docs/decisions/0048-no-silent-overwrite.md), field by field: every field whose stored
 * value differs from the administrator's, with who changed it. `loaded` is the slot as the form loaded it, `stored` as
 * it is now, `mine` what the form sent.
 */
export function popupDifferences(loaded: PopupBody, stored: PopupBody, mine: PopupBody): PopupDifference[] {
  return POPUP_CONFLICT_FIELDS.flatMap((field) =>
    same(stored, mine, field)
      ? []
      : [
          {
            field,
            label: LABELS[field],
            stored: shown(stored, field),
            mine: shown(mine, field),
            changedByOther: !same(loaded, stored, field),
            changedByMe: !same(loaded, mine, field),
          },
        ],
  );
}

/**
 * The administrator's change applied on top of the stored slot (docs/decisions/0048-no-silent-overwrite.md): the stored
 * values, except the fields the administrator changed since loading (those keep the administrator's value).
 */
export function applyPopupOnTop(loaded: PopupBody, stored: PopupBody, mine: PopupBody): PopupBody {
  const merged: PopupBody = { ...stored };
  for (const field of POPUP_CONFLICT_FIELDS) {
    if (!same(loaded, mine, field)) Object.assign(merged, { [field]: mine[field] });
  }
  return merged;
}
