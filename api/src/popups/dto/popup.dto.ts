import { ApiProperty } from '@nestjs/swagger';
import { ErrorResponse } from '../../common/dto/error-response.dto';
import { BOOKING_STATUSES, type BookingStatus } from '../../bookings/booking-rules';
import { POPUP_TURNS } from './create-popup.dto';

/** A popup reservation slot as the API answers it (docs/decisions/0002-entities.md). */
export class PopupDto {
  id!: number;
  /** Turn (회차): '1'–'3', or null for 선택 안 함. */
  @ApiProperty({ enum: POPUP_TURNS, nullable: true })
  cnt!: (typeof POPUP_TURNS)[number] | null;
  /** Start, an ISO 8601 instant in UTC (`2026-11-21T10:00:00.000Z`). */
  startdate!: string;
  /** End, an ISO 8601 instant in UTC, not before startdate. */
  enddate!: string;
  /** Head count (인원), 0–100000. */
  count!: number;
  /** Bookable tables (예약 가능 테이블), 0–10000. */
  table!: number;
  /** Bookings open at (ISO 8601 in UTC); null: as soon as the slot exists. */
  bookingOpensAt!: string | null;
  /** Bookings close at (ISO 8601 in UTC); null: at the start. */
  bookingClosesAt!: string | null;
  /** Visitors may cancel until this many hours before the start. */
  cancelHoursBefore!: number;
  /** Smallest party of one booking. */
  partyMin!: number;
  /** Largest party of one booking. */
  partyMax!: number;
  /** The administrator's switch: false closes booking whatever the times say. */
  bookingEnabled!: boolean;
  /** People of the active bookings (booked or checked in) and of no-shows: the seats taken. */
  bookedPeople!: number;
  /** Tables taken, one per booking. */
  bookedTables!: number;
  /** Seats left: count − bookedPeople. */
  remaining!: number;
  /** People whose booking was checked in (입장 확인). */
  checkedInPeople!: number;
  /** What a visitor sees now: upcoming (오픈 예정), open (예약 가능), full or closed (마감). */
  @ApiProperty({ enum: BOOKING_STATUSES })
  bookingStatus!: BookingStatus;
  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 when created, +1 on every administrator save of the slot (update, the booking
   * switch; bookings do not count). Send it back with an update or delete (`If-Match: "<version>"`, or `version` in
   * an update's body) to be refused with 409 instead of overwriting.
   */
  version!: number;
}

/**
 * A slot write's 409: the error envelope, plus for a stale version (docs/decisions/0048-no-silent-overwrite.md) the slot as stored now in
 * `product`, so the form can show what changed. The other 409s (below what bookings took, bookings waiting) have none.
 */
export class PopupConflictResponse extends ErrorResponse {
  product?: PopupDto;
}

/** `GET /api/popup/list`: slots ordered by startdate, id. */
export class PopupListResponse {
  product!: PopupDto[];
}

/** `GET /api/popup/select/:id`. */
export class PopupResponse {
  product!: PopupDto;
}

/** A popup write's answer: `{ message, product }` (docs/decisions/0001-response-envelope.md); a delete returns the slot as it was. */
export class PopupWriteResponse {
  /** What was done, one Korean sentence. */
  message!: string;
  product!: PopupDto;
}
