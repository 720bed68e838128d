import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { messages } from '../../common/messages';

/** Body of `PUT /api/popup/:id/booking-enabled`: the administrator's switch (docs/decisions/0030-popup-bookings.md). */
export class SetBookingEnabledDto {
  @ApiProperty({ description: 'true: take bookings (within the open and close times); false: 마감 at once' })
  @ValidateBy({
    name: 'popupBookingEnabled',
    validator: {
      validate: (value: unknown) => typeof value === 'boolean',
      defaultMessage: () => messages.popupBookingEnabledInvalid,
    },
  })
  enabled!: boolean;
}
