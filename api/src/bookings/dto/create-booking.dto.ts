import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { messages } from '../../common/messages';
import { normalizePhone, PARTY_SIZE_MAX } from '../booking-rules';

const MAX_INT4 = 2_147_483_647;
/** A form sends numbers as digit strings: '2' → 2. */
const digitsToNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

/**
 * Body of `POST /api/reserve/bookings` (issue 13): a visitor books `partySize` seats of slot `slotId`. Each field
 * reports one Korean sentence; unknown fields are refused. The phone is stored as `010xxxxxxxx` whatever the visitor
 * typed (`010-1234-5678`, spaces, `+82 10…`). The slot's own party bounds, times and capacity are checked by the
 * service (4xx with their own sentences).
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
}
