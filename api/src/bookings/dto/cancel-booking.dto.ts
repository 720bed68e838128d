import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { messages } from '../../common/messages';

/** Body of `POST /api/reserve/bookings/:code/cancel`: the last four digits of the phone number the booking gave. */
export class CancelBookingDto {
  @ApiProperty({ pattern: '^[0-9]{4}$', example: '5678' })
  @ValidateBy({
    name: 'bookingPhone4',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && /^\d{4}$/.test(value),
      defaultMessage: () => messages.bookingPhone4Invalid,
    },
  })
  phone4!: string;
}
