import type { ReserveSlot } from '@linksite/contract';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '@linksite/contract/api-rules';
import { messages } from './messages';

/** What the visitor typed in the booking form. */
export interface BookingFormValues {
  name: string;
  phone: string;
  partySize: number;
  consent: boolean;
  /** The optional reminder address (docs/decisions/0076-calendar-and-reminders.md); '' when none. */
  email: string;
  /** Its own consent: "예약 알림을 이메일로 받겠습니다". */
  emailConsent: boolean;
}

/** The form's problems by field; empty when it may be sent. */
export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;

/**
 * A Korean mobile number as typed (`010-1234-5678`, spaces, `+82 10…`) as `01012345678`, or null (the API's rule:
 * only 010 numbers).
 */
export function normalizePhone(value: string): string | null {
  let digits = value.replace(/[\s\-.()]/g, '');
  if (digits.startsWith('+82')) digits = `0${digits.slice(3).replace(/^0/, '')}`;
  return /^010\d{8}$/.test(digits) ? digits : null;
}

/**
 * Hyphens while typing: `0101234` → `010-1234`, `01012345678` → `010-1234-5678`. A number typed or autofilled in its
 * international form (`+82 10-1234-5678`, `+821012345678`) becomes the domestic one (`010-1234-5678`), as the API reads
 * it (docs/decisions/0077-visitor-knows-what-happened.md: it became `821-0123-4567` and was refused). Nothing is cut: a
 * twelfth digit stays in the field (`010-1234-56789`), where the form's check refuses it, instead of a different number
 * being booked.
 */
export function formatPhoneInput(value: string): string {
  const international = /^\s*\+\s*82/.test(value);
  let digits = value.replace(/\D/g, '');
  if (international) digits = `0${digits.slice(2).replace(/^0/, '')}`;
  if (digits.length <= 3) return digits;
  if (digits.length <= 7) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
}

/**
 * Checks the form against the API's rules (CreateBookingDto) and the slot's party bounds, before anything is sent.
 * The email address is optional (docs/decisions/0076-calendar-and-reminders.md): given, it must be an address (the
 * API's own rule, `isEmailAddress` of `@linksite/contract/api-rules`) and come with its consent; a ticked consent
 * without an address asks for one.
 */
export function validateBookingForm(values: BookingFormValues, slot: ReserveSlot): BookingFormErrors {
  const errors: BookingFormErrors = {};
  const name = values.name.trim();
  if (name.length < 1 || [...name].length > 20) errors.name = messages.nameInvalid;
  if (!normalizePhone(values.phone)) errors.phone = messages.phoneInvalid;
  if (!Number.isInteger(values.partySize) || values.partySize < slot.partyMin || values.partySize > slot.partyMax) {
    errors.partySize = messages.partySizeInvalid(slot.partyMin, slot.partyMax);
  }
  if (!values.consent) errors.consent = messages.consentRequired;
  const email = values.email.trim();
  if (email.length > MAX_EMAIL_LENGTH) errors.email = messages.emailTooLong;
  else if (email && !isEmailAddress(email)) errors.email = messages.emailInvalid;
  else if (!email && values.emailConsent) errors.email = messages.emailRequired;
  if (email && !values.emailConsent) errors.emailConsent = messages.emailConsentRequired;
  return errors;
}

/** The last four digits of a valid phone number (the confirmation needs them). */
export const phoneSuffix = (phone: string): string => (normalizePhone(phone) ?? '').slice(-4);

/** A fresh Idempotency-Key: 32 hex characters from the browser's cryptographic random source. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
