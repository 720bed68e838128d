import { randomInt } from 'node:crypto';

/**
 * The rules of popup bookings that need no database (docs/decisions/0030-popup-bookings.md), shared by the services and
 * their unit spec.
 */

/** What a visitor sees of a slot: 오픈 예정, 예약 가능, or 마감 (full or closed). */
export const BOOKING_STATUSES = ['upcoming', 'open', 'full', 'closed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking's state. Active (holding its seats and its phone number for the slot): booked, checked_in. */
export const BOOKING_STATES = ['booked', 'cancelled', 'checked_in', 'no_show'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Largest party of one booking, and the bounds of a slot's per-booking minimum and maximum. */
export const PARTY_SIZE_MAX = 50;
/** Largest cancellation deadline, in hours before the start (30 days). */
export const CANCEL_HOURS_MAX = 720;

/** The slot fields the status depends on. */
export interface SlotBookingState {
  startdate: Date;
  headCount: number;
  bookableTables: number;
  bookingOpensAt: Date | null;
  bookingClosesAt: Date | null;
  bookingEnabled: boolean;
  partyMin: number;
  bookedPeople: number;
  bookedTables: number;
}

/** When bookings close: the slot's own close time, else its start. */
export const closesAt = (slot: Pick<SlotBookingState, 'bookingClosesAt' | 'startdate'>): Date =>
  slot.bookingClosesAt ?? slot.startdate;

/** Until when a visitor may cancel: `cancelHoursBefore` hours before the start. */
export const cancelUntil = (slot: { startdate: Date; cancelHoursBefore: number }): Date =>
  new Date(slot.startdate.getTime() - slot.cancelHoursBefore * 3_600_000);

/** Seats left (never below 0). */
export const remainingPeople = (slot: Pick<SlotBookingState, 'headCount' | 'bookedPeople'>): number =>
  Math.max(0, slot.headCount - slot.bookedPeople);

/** Tables left (never below 0). */
export const remainingTables = (slot: Pick<SlotBookingState, 'bookableTables' | 'bookedTables'>): number =>
  Math.max(0, slot.bookableTables - slot.bookedTables);

/**
 * The status of a slot at `now`: `closed` when the administrator switched booking off or its close time has come;
 * else `upcoming` before its open time; else `full` when fewer seats than the smallest party or no table is left;
 * else `open`.
 */
export function bookingStatus(slot: SlotBookingState, now: Date): BookingStatus {
  if (!slot.bookingEnabled || now.getTime() >= closesAt(slot).getTime()) return 'closed';
  if (slot.bookingOpensAt && now.getTime() < slot.bookingOpensAt.getTime()) return 'upcoming';
  if (remainingPeople(slot) < slot.partyMin || remainingTables(slot) < 1) return 'full';
  return 'open';
}

/**
 * A Korean mobile number as typed (`010-1234-5678`, `010 1234 5678`, `+82 10-1234-5678`) in its one stored form
 * `01012345678`, or null when it is not one (only 010 numbers: the other prefixes are retired).
 */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let digits = value.replace(/[\s\-.()]/g, '');
  if (digits.startsWith('+82')) digits = `0${digits.slice(3).replace(/^0/, '')}`;
  return /^010\d{8}$/.test(digits) ? digits : null;
}

/** The alphabet of booking codes: digits and capitals without 0/O and 1/I, which people misread. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;

/** A new booking code: 8 characters drawn with a cryptographic random source (32^8 ≈ 1.1 × 10^12 codes). */
export function newBookingCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as typed (`abcd-2345`, spaces) in its stored form, or null when it cannot be one. */
export function normalizeCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.replace(/[\s-]/g, '').toUpperCase();
  return new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`).test(code) ? code : null;
}

/** An `Idempotency-Key` header: 8–64 characters of letters, digits, `-` and `_` (a UUID fits). */
export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value);

/** The body fields a booking or a waitlist entry is made of, as a submit sends them (CreateBookingDto). */
export interface SubmittedBooking {
  slotId: number;
  name: string;
  phone: string;
  email?: string | null;
  partySize: number;
}

/**
 * Whether a stored booking or waitlist entry was made from the same body as a repeat of its Idempotency-Key: then the
 * repeat answers it; otherwise the key was reused for another submit (409).
 */
export function sameSubmit(
  row: { slot_id: number; name: string | null; phone: string | null; email: string | null; party_size: number },
  body: SubmittedBooking,
): boolean {
  return (
    row.slot_id === body.slotId &&
    row.phone === body.phone &&
    row.name === body.name &&
    row.email === (body.email ?? null) &&
    row.party_size === body.partySize
  );
}

/** A field of a CSV row: quoted when needed; a leading `=`, `+`, `-`, `@` is defused so a spreadsheet never runs it. */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `2026-11-21 19:00` in Asia/Seoul, the CSV's time form. */
export function seoulDateTime(instant: Date | null): string {
  if (!instant) return '';
  const seoul = new Date(instant.getTime() + 9 * 3_600_000);
  return seoul.toISOString().slice(0, 16).replace('T', ' ');
}

const seoulFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', ...options });
const seoulDayParts = seoulFormat({ year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' });
const seoulClockFormat = seoulFormat({ hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * `2026년 11월 21일 (토)`: the Seoul day of `instant`, as the reminder email writes it
 * (docs/decisions/0076-calendar-and-reminders.md).
 */
export function seoulLongDay(instant: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    seoulDayParts.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}년 ${part('month')}월 ${part('day')}일 (${part('weekday')})`;
}

/** `오후 7:00`: the Seoul time of `instant`, as the booking page writes it (mf-popups `seoulTime`). */
export const seoulClock = (instant: Date): string => seoulClockFormat.format(instant);
