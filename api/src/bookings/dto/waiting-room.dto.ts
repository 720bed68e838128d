import { ApiProperty, PickType } from '@nestjs/swagger';
import { BOOKING_STATUSES, type BookingStatus } from '../booking-rules';
import type { QueueTicketStatus } from '../waiting-room.service';
import { CreateBookingDto } from './create-booking.dto';

/** Body of `POST /api/reserve/queue` (docs/decisions/0074-waiting-room.md): the slot the visitor wants to book, checked as a booking's. */
export class JoinQueueDto extends PickType(CreateBookingDto, ['slotId'] as const) {}

/** A visitor's place in the waiting room of a slot (bookings/waiting-room.service.ts QueueTicketView). */
export class QueueTicketDto {
  /** The ticket: send it back to ask again, and with the booking as the `Queue-Ticket` header. 32 characters. */
  ticket!: string;
  slotId!: number;
  /** waiting (대기 중), admitted (예약할 차례), used (예약에 쓰임), expired (시간이 지남). */
  @ApiProperty({ enum: ['waiting', 'admitted', 'used', 'expired'] })
  status!: QueueTicketStatus;
  /** Visitors still waiting who came before (0 once admitted). */
  ahead!: number;
  /** Seconds until admission, likely, while waiting; null otherwise. */
  estimateSeconds!: number | null;
  /** Until when an admitted visitor may submit (ISO 8601 in UTC); null otherwise. */
  admittedUntil!: string | null;
  /** Seconds before asking again while waiting (2–15); null otherwise. */
  pollAfterSeconds!: number | null;
  /**
   * The slot's booking status now: upcoming, open, full (seats or tables ran out) or closed. A waiting visitor whose
   * slot became full or closed is told so at once (docs/decisions/0077-visitor-knows-what-happened.md).
   */
  @ApiProperty({ enum: BOOKING_STATUSES })
  slotStatus!: BookingStatus;
}

/** `POST /api/reserve/queue`, `GET /api/reserve/queue/:ticket`. */
export class QueueTicketResponse {
  product!: QueueTicketDto;
}
