import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { messages } from '../../common/messages';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '../../common/shared-rules';
import { normalizePhone, PARTY_SIZE_MAX } from '../booking-rules';

const MAX_INT4 = 2_147_483_647;
/** A form sends numbers as digit strings: '2' → 2. */
/** An address given: a string with something but spaces (the form sends '' for an empty field). */
const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

const digitsToNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

/**
 * Body of `POST /api/reserve/bookings` (docs/decisions/0030-popup-bookings.md): a visitor books `partySize` seats of slot `slotId`. Each field
 * reports one Korean sentence; unknown fields are refused. The phone is stored as `010xxxxxxxx` whatever the visitor
 * typed (`010-1234-5678`, spaces, `+82 10…`). The slot's own party bounds, times and capacity are checked by the
 * service (4xx with their own sentences). The email address is optional (docs/decisions/0076-calendar-and-reminders.md): given, it must be an
 * address and come with its own consent (`emailConsent: true`), and the booking is reminded by email before the slot.
 */
export class CreateBookingDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 3, description: 'the slot (PopupDto / ReserveSlotDto id)' })
  @Transform(digitsToNumber)
  @ValidateBy({
    name: 'bookingSlotId',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT4,
      defaultMessage: () => messages.bookingSlotIdInvalid,
    },
  })
  slotId!: number;

  @ApiProperty({
    minLength: 1,
    maxLength: 20,
    example: '김하늘',
    description: 'visitor name, trimmed, 1–20 characters',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateBy({
    name: 'bookingName',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        [...value].length >= 1 &&
        [...value].length <= 20 &&
        // eslint-disable-next-line no-control-regex
        !/[\u0000-\u001f\u007f]/.test(value),
      defaultMessage: () => messages.bookingNameInvalid,
    },
  })
  name!: string;

  @ApiProperty({
    example: '010-1234-5678',
    description: 'Korean mobile number starting with 010; hyphens, spaces and +82 are accepted, stored as 01012345678',
  })
  @Transform(({ value }) => normalizePhone(value) ?? value)
  @ValidateBy({
    name: 'bookingPhone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && normalizePhone(value) === value,
      defaultMessage: () => messages.bookingPhoneInvalid,
    },
  })
  phone!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: PARTY_SIZE_MAX,
    example: 2,
    description: "party size; within the slot's partyMin–partyMax",
  })
  @Transform(digitsToNumber)
  @ValidateBy({
    name: 'bookingPartySize',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= PARTY_SIZE_MAX,
      defaultMessage: () => messages.bookingPartySizeInvalid,
    },
  })
  partySize!: number;

  @ApiProperty({
    enum: [true],
    description: 'consent to the collection and use of the name and phone number (must be true)',
  })
  @ValidateBy({
    name: 'bookingConsent',
    validator: { validate: (value: unknown) => value === true, defaultMessage: () => messages.bookingConsentRequired },
  })
  consent!: boolean;

  @ApiProperty({
    type: 'string',
    required: false,
    nullable: true,
    maxLength: MAX_EMAIL_LENGTH,
    example: 'haneul@example.com',
    description:
      'optional address for one reminder email before the slot (REMINDER_HOURS_BEFORE); trimmed, an empty string counts as none; needs emailConsent',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @ValidateBy({
    name: 'bookingEmail',
    validator: {
      validate: (value: unknown) => !given(value) || isEmailAddress(value),
      defaultMessage: (args) =>
        typeof args?.value === 'string' && args.value.length > MAX_EMAIL_LENGTH
          ? messages.bookingEmailTooLong
          : messages.bookingEmailInvalid,
    },
  })
  email?: string | null;

  @ApiProperty({
    required: false,
    description:
      'consent to receiving the reminder by email and to the storage of the address; true when email is given',
  })
  @ValidateBy({
    name: 'bookingEmailConsent',
    validator: {
      validate: (value: unknown, args) =>
        given((args?.object as { email?: unknown } | undefined)?.email)
          ? value === true
          : value === undefined || value === null || typeof value === 'boolean',
      defaultMessage: () => messages.bookingEmailConsentRequired,
    },
  })
  emailConsent?: boolean;
}
