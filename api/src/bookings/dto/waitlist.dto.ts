import { ApiProperty } from '@nestjs/swagger';
import { BookingDto } from './booking.dto';

const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;

/** A waitlist entry as its visitor sees it (bookings/waitlist.service.ts WaitlistEntryView): no name or phone. */
export class WaitlistEntryDto {
  /** The entry's code (8 characters, as a booking's): its status page is `/reserve/waitlist/<code>`. */
  code!: string;
  slotId!: number;
  /** waiting (대기 중), offered (빈자리 확정 대기), booked (예약됨), expired (확정 시간 지남), left (신청 취소). */
  @ApiProperty({ enum: WAITLIST_STATUSES })
  status!: (typeof WAITLIST_STATUSES)[number];
  partySize!: number;
  /** Visitors still waiting who asked before (0 unless waiting). */
  ahead!: number;
  /** Until when the offered seats are held (ISO 8601 in UTC); null unless offered. */
  offerExpiresAt!: string | null;
  /** The booking's code once the offer was taken; null otherwise. */
  bookingCode!: string | null;
  createdAt!: string;
}

/** `GET /api/reserve/waitlist/:code`. */
export class WaitlistEntryResponse {
  product!: WaitlistEntryDto;
}

/** `POST /api/reserve/waitlist`, `POST /api/reserve/waitlist/:code/leave`. */
export class WaitlistWriteResponse {
  /** What was done, one Korean sentence. */
  message!: string;
  product!: WaitlistEntryDto;
}

/** `POST /api/reserve/waitlist/:code/accept`: the booking made with the held seats. */
export class WaitlistAcceptResponse {
  message!: string;
  product!: BookingDto;
}

/** A waitlist entry as the owner and door staff see it (staff: masked, as bookings). */
export class AdminWaitlistEntryDto extends WaitlistEntryDto {
  id!: number;
  /** Null once erased. */
  name!: string | null;
  /** `01012345678` (staff: `***-****-5678`); null once erased. */
  phone!: string | null;
}

/** `GET /api/popup/:id/waitlist`. */
export class AdminWaitlistResponse {
  product!: AdminWaitlistEntryDto[];
}

/** `POST /api/popup/waitlist/:id/remove`. */
export class AdminWaitlistWriteResponse {
  message!: string;
  product!: AdminWaitlistEntryDto;
}
