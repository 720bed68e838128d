import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { parseDateTime } from '../../common/calendar';
import { messages } from '../../common/messages';
import { CANCEL_HOURS_MAX, PARTY_SIZE_MAX } from '../../bookings/booking-rules';

/** Bounds of docs/decisions/0002-entities.md "Popup slot" (also CHECKs of the popup_slots table). */
export const POPUP_COUNT_MAX = 100_000;
export const POPUP_TABLE_MAX = 10_000;
export const POPUP_TURNS = ['1', '2', '3'] as const;

const isMissing = (value: unknown): boolean => value === undefined || value === null || value === '';
const dateTimeMessage = ({ value }: ValidationArguments): string =>
  isMissing(value) ? messages.popupDatesRequired : messages.popupDateInvalid;

/** A form sends numbers as digit strings: '12' → 12. Anything else ('1.5', '-1', 'abc', ' 12') stays and is refused. */
const digitsToNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

const wholeNumber = (name: string, max: number, message: string, min = 0) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max,
      defaultMessage: () => message,
    },
  });

/** An optional field added with bookings: absent (undefined) passes, anything sent is checked. */
const optionalWholeNumber = (name: string, min: number, max: number, message: string) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) =>
        value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max),
      defaultMessage: () => message,
    },
  });

/** An optional booking time: absent, null or '' (no time of its own), or an RFC 3339 date-time with an offset. */
const optionalDateTime = (name: string) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => value === undefined || value === null || parseDateTime(value) !== null,
      defaultMessage: () => messages.popupBookingTimeInvalid,
    },
  });

/**
 * Body of `POST /api/popup` (docs/decisions/0002-entities.md "Popup slot", docs/decisions/0003-api-calls.md; docs/product.md#2-screens-and-routes "Popup create", docs/product.md#5-validation), mirroring the
 * 팝업 예약 등록 form. Unknown fields are refused by the global pipe. Each field reports one Korean sentence:
 * - cnt: `'1' | '2' | '3'`, or `''` / null / absent for 선택 안 함 (stored as null).
 * - startdate, enddate: required (`messages.popupDatesRequired`, docs/product.md#5-validation / docs/decisions/0006-korean-wording.md), RFC 3339
 *   date-times with an offset; enddate after startdate, a zero-length slot refused (`messages.popupEndBeforeStart`,
 *   docs/decisions/0050-admin-console-real-use.md).
 * - count: head count, a whole number 0–100000; table: bookable tables, a whole number 0–10000. Digit strings
 *   from a form are converted; fractions, negatives, other strings, booleans and null are refused.
 */
export class CreatePopupDto {
  @ApiProperty({
    enum: POPUP_TURNS,
    nullable: true,
    required: false,
    description: "turn (회차); '' or null = 선택 안 함",
  })
  @Transform(({ value }) => (value === '' ? null : value))
  @ValidateBy({
    name: 'popupTurn',
    validator: {
      validate: (value: unknown) =>
        value === undefined || value === null || (POPUP_TURNS as readonly unknown[]).includes(value),
      defaultMessage: () => messages.popupTurnInvalid,
    },
  })
  cnt?: '1' | '2' | '3' | null;

  @ApiProperty({
    format: 'date-time',
    example: '2026-11-21T19:00:00+09:00',
    description: 'start, RFC 3339 with an offset (required)',
  })
  @ValidateBy({
    name: 'popupDateTime',
    validator: { validate: (value: unknown) => parseDateTime(value) !== null, defaultMessage: dateTimeMessage },
  })
  startdate!: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-11-21T21:00:00+09:00',
    description: 'end, RFC 3339 with an offset, after startdate (required)',
  })
  @ValidateBy({
    name: 'popupEndDateTime',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        const end = parseDateTime(value);
        const start = parseDateTime((object as CreatePopupDto).startdate);
        return end !== null && (start === null || end.getTime() > start.getTime());
      },
      defaultMessage: (args: ValidationArguments) =>
        parseDateTime(args.value) ? messages.popupEndBeforeStart : dateTimeMessage(args),
    },
  })
  enddate!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: POPUP_COUNT_MAX,
    example: 40,
    description: 'head count (인원); a digit string is accepted',
  })
  @Transform(digitsToNumber)
  @wholeNumber('popupCount', POPUP_COUNT_MAX, messages.popupCountInvalid)
  count!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: POPUP_TABLE_MAX,
    example: 10,
    description: 'bookable tables (예약 가능 테이블); a digit string is accepted',
  })
  @Transform(digitsToNumber)
  @wholeNumber('popupTable', POPUP_TABLE_MAX, messages.popupTableInvalid)
  table!: number;

  // Booking settings (docs/decisions/0030-popup-bookings.md). Each is optional: absent on create → its default; absent on PUT → kept as it is,
  // so a form that predates bookings (an older mf-popups release) cannot reset them.

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    required: false,
    example: '2026-11-14T10:00:00+09:00',
    description: 'bookings open at (RFC 3339 with an offset); null or empty: as soon as the slot exists',
  })
  @Transform(({ value }) => (value === '' ? null : value))
  @optionalDateTime('popupBookingOpensAt')
  bookingOpensAt?: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    required: false,
    example: '2026-11-21T12:00:00+09:00',
    description: 'bookings close at (after bookingOpensAt); null or empty: at the slot start',
  })
  @Transform(({ value }) => (value === '' ? null : value))
  @optionalDateTime('popupBookingClosesAt')
  @ValidateBy({
    name: 'popupBookingWindow',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        const close = parseDateTime(value);
        const open = parseDateTime((object as CreatePopupDto).bookingOpensAt);
        return !close || !open || close.getTime() > open.getTime();
      },
      defaultMessage: () => messages.popupBookingCloseBeforeOpen,
    },
  })
  bookingClosesAt?: string | null;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: CANCEL_HOURS_MAX,
    required: false,
    example: 24,
    description: 'visitors may cancel until this many hours before the start (default 24)',
  })
  @Transform(digitsToNumber)
  @optionalWholeNumber('popupCancelHours', 0, CANCEL_HOURS_MAX, messages.popupCancelHoursInvalid)
  cancelHoursBefore?: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: PARTY_SIZE_MAX,
    required: false,
    example: 1,
    description: 'smallest party of one booking (default 1)',
  })
  @Transform(digitsToNumber)
  @optionalWholeNumber('popupPartyMin', 1, PARTY_SIZE_MAX, messages.popupPartyMinInvalid)
  partyMin?: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: PARTY_SIZE_MAX,
    required: false,
    example: 4,
    description: 'largest party of one booking, not below partyMin (default 4)',
  })
  @Transform(digitsToNumber)
  @optionalWholeNumber('popupPartyMax', 1, PARTY_SIZE_MAX, messages.popupPartyMaxInvalid)
  @ValidateBy({
    name: 'popupPartyOrder',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        const min = (object as CreatePopupDto).partyMin;
        return typeof value !== 'number' || typeof min !== 'number' || value >= min;
      },
      defaultMessage: () => messages.popupPartyMaxInvalid,
    },
  })
  partyMax?: number;

  @ApiProperty({ required: false, description: 'take bookings (the manual switch; default true)' })
  @ValidateBy({
    name: 'popupBookingEnabled',
    validator: {
      validate: (value: unknown) => value === undefined || typeof value === 'boolean',
      defaultMessage: () => messages.popupBookingEnabledInvalid,
    },
  })
  bookingEnabled?: boolean;
}
