import { ApiProperty } from '@nestjs/swagger';
import { PopupDto } from '../../popups/dto/popup.dto';
import { BOOKING_STATES, BOOKING_STATUSES, type BookingState, type BookingStatus } from '../booking-rules';

/** The popup's public information on `/reserve` (docs/decisions/0030-popup-bookings.md). */
export class PopupInfoDto {
  title!: string;
  place!: string;
  /** The notice, with the cancellation and no-show rule, shown before anyone books. */
  notice!: string;
  /** `/api/images/<key>` of the uploaded image, or null. */
  imagelink!: string | null;
}

/** A slot as visitors see it: no personal data, only times, bounds and what is left (docs/decisions/0030-popup-bookings.md). */
export class ReserveSlotDto {
  id!: number;
  /** Turn (회차): '1'–'3', or null. */
  @ApiProperty({ enum: ['1', '2', '3'], nullable: true })
  cnt!: '1' | '2' | '3' | null;
  /** Start, ISO 8601 in UTC. */
  startdate!: string;
  /** End, ISO 8601 in UTC. */
  enddate!: string;
  /** upcoming (오픈 예정), open (예약 가능), full or closed (마감), at the server's clock. */
  @ApiProperty({ enum: BOOKING_STATUSES })
  status!: BookingStatus;
  /** When bookings open (ISO 8601 in UTC), or null when they opened with the slot. */
  opensAt!: string | null;
  /** When bookings close (ISO 8601 in UTC): the slot's close time, else its start. */
  closesAt!: string;
  /** A booking may be cancelled by the visitor until then (ISO 8601 in UTC). */
  cancelUntil!: string;
  /** Smallest party of one booking. */
  partyMin!: number;
  /** Largest party of one booking. */
  partyMax!: number;
  /** Seats left. */
  remaining!: number;
  /** Tables left (one per booking). */
  remainingTables!: number;
}

/** `GET /api/reserve`: what the public booking page shows. */
export class ReservePageDto {
  /** The popup's information, or null until the administrator saves it. */
  info!: PopupInfoDto | null;
  /** Slots that have not ended, by start, then id. */
  slots!: ReserveSlotDto[];
  /** The server's clock (ISO 8601 in UTC) the statuses were computed at. */
  now!: string;
  /** Days after a slot ends before names and phone numbers are erased (BOOKING_RETENTION_DAYS), for the consent. */
  retentionDays!: number;
  /**
   * Hours before a slot's start the reminder email goes out (REMINDER_HOURS_BEFORE), for the email consent; null when
   * this site sends no reminders (no SMTP_URL): the form then asks for no email address (docs/decisions/0076-calendar-and-reminders.md).
   */
  reminderHoursBefore!: number | null;
}

export class ReservePageResponse {
  product!: ReservePageDto;
}

export class ReserveStatusDto {
  /** True while at least one slot takes bookings right now (the store page and the banner link to /reserve). */
  open!: boolean;
}

/** `GET /api/reserve/status`. */
export class ReserveStatusResponse {
  product!: ReserveStatusDto;
}

/** A booking as its visitor sees it: code, state, party size and slot; never the name or phone number. */
export class BookingDto {
  /** The booking code: 8 characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ. */
  code!: string;
  @ApiProperty({ enum: BOOKING_STATES })
  status!: BookingState;
  partySize!: number;
  /** When it was booked, ISO 8601 in UTC. */
  createdAt!: string;
  /** True while the visitor may still cancel it (booked, before cancelUntil). */
  cancellable!: boolean;
  slot!: ReserveSlotDto;
}

/** `GET /api/reserve/bookings/:code`. */
export class BookingResponse {
  product!: BookingDto;
}

/** A booking write's answer (docs/decisions/0001-response-envelope.md). */
export class BookingWriteResponse {
  /** What was done, one Korean sentence. */
  message!: string;
  product!: BookingDto;
}

/** A booking as the administrator sees it; name, phone and email are null once erased. */
export class AdminBookingDto {
  id!: number;
  code!: string;
  slotId!: number;
  /** Null once erased (BOOKING_RETENTION_DAYS after the slot ended). */
  name!: string | null;
  /** `01012345678`; null once erased. */
  phone!: string | null;
  /** The reminder address the visitor gave (docs/decisions/0076-calendar-and-reminders.md); null when none was given, and once erased. */
  email!: string | null;
  partySize!: number;
  @ApiProperty({ enum: BOOKING_STATES })
  status!: BookingState;
  createdAt!: string;
  cancelledAt!: string | null;
  checkedInAt!: string | null;
  noShowAt!: string | null;
  /** True once the name and phone number were erased. */
  erased!: boolean;
}

export class AdminBookingListDto {
  slot!: PopupDto;
  bookings!: AdminBookingDto[];
}

/** `GET /api/popup/:id/bookings`. */
export class AdminBookingListResponse {
  product!: AdminBookingListDto;
}

/** A booking with its slot, as the door check-in screen shows it (docs/decisions/0081-camera-check-in.md). */
export class AdminBookingWithSlotDto {
  booking!: AdminBookingDto;
  /** The booking's slot with its counts; its startdate tells the screen whether the booking is for today. */
  slot!: PopupDto;
}

/** `GET /api/popup/bookings/by-code/:code`. */
export class AdminBookingWithSlotResponse {
  product!: AdminBookingWithSlotDto;
}

/** An administrator's booking write (docs/decisions/0001-response-envelope.md). */
export class AdminBookingWriteResponse {
  message!: string;
  product!: AdminBookingDto;
}

/** A write of the popup's information. */
export class PopupInfoWriteResponse {
  message!: string;
  product!: PopupInfoDto;
}
