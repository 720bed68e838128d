import type { AdminBooking, Popup } from '@linksite/contract';
import { messages } from './messages';
import { seoulDay, seoulDayTime } from './slot-status';

/** The booking code's alphabet and length (api/src/bookings/booking-rules.ts: CODE_ALPHABET, CODE_LENGTH). */
const CODE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

/**
 * The booking code in what the door check-in screen read (docs/decisions/0081-camera-check-in.md): the QR code of the
 * confirmation page, `<origin>/reserve/<CODE>` (components/booking-qr.tsx; any origin, a trailing slash, query or
 * fragment allowed), or a bare code as printed or typed (`abcd-2345`: case, spaces and hyphens ignored).
 * @returns the code in its stored form (`ABCD2345`), or null when the text holds none (another QR code, a typo).
 */
export function parseScannedCode(text: string): string | null {
  const value = text.trim();
  let candidate = value;
  if (/^https?:\/\//i.test(value)) {
    let path: string;
    try {
      path = new URL(value).pathname;
    } catch {
      return null;
    }
    const match = /^\/reserve\/([^/]+)\/?$/.exec(path);
    if (!match) return null;
    candidate = decodeURIComponent(match[1]!);
  }
  const code = candidate.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

/**
 * A name as the door screen shows it to anyone standing by (docs/decisions/0081-camera-check-in.md): the first and the
 * last character kept, the ones between as `*` (`김하늘` → `김*늘`, `남궁민수` → `남**수`); a two-character name keeps its first
 * (`이준` → `이*`), one character stays as it is. Null (erased after the retention period) reads `(파기됨)`.
 */
export function maskName(name: string | null): string {
  if (name === null) return messages.erased;
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Whether staff may let the booking in now, and if not, why (shown in amber for 'already', red for the rest). */
export type CheckinVerdict = { kind: 'ready' } | { kind: 'already' | 'refused'; message: string };

/**
 * The door's rule (docs/decisions/0081-camera-check-in.md): only a booking still `booked` for a slot that starts today
 * in Seoul is let in. Already checked in → 'already' (amber, with the time); cancelled, no-show or another day →
 * 'refused' (red). The server would check a no-show in too (a late arrival, from the bookings screen); the door sends
 * those to staff.
 * @param now the phone's clock.
 */
export function checkinVerdict(booking: AdminBooking, slot: Pick<Popup, 'startdate'>, now: Date): CheckinVerdict {
  switch (booking.status) {
    case 'checked_in':
      return {
        kind: 'already',
        message: booking.checkedInAt
          ? messages.checkinAlreadyAt(seoulDayTime(booking.checkedInAt))
          : messages.checkinAlready,
      };
    case 'cancelled':
      return { kind: 'refused', message: messages.checkinCancelled };
    case 'no_show':
      return { kind: 'refused', message: messages.checkinNoShow };
    case 'booked':
      break;
  }
  const day = seoulDay(slot.startdate);
  return day === seoulDay(now.toISOString())
    ? { kind: 'ready' }
    : { kind: 'refused', message: messages.checkinWrongDay(day) };
}
