import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ApiErrors } from '../openapi/api-errors';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { isIdempotencyKey } from './booking-rules';
import { BookingsService } from './bookings.service';
import { CancelBookingDto } from './dto/cancel-booking.dto';
import { CreateBookingDto } from './dto/create-booking.dto';
import { JoinQueueDto, QueueTicketResponse } from './dto/waiting-room.dto';
import { WaitingRoomService } from './waiting-room.service';
import { WaitlistService } from './waitlist.service';
import { WaitlistAcceptResponse, WaitlistEntryResponse, WaitlistWriteResponse } from './dto/waitlist.dto';
import { BookingResponse, BookingWriteResponse, ReservePageResponse, ReserveStatusResponse } from './dto/booking.dto';
import { PopupInfoService } from './popup-info.service';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';

/** Every sentence a booking body's validation may answer with (CreateBookingDto). */
const BOOKING_BODY_ERRORS = [
  messages.bookingSlotIdInvalid,
  messages.bookingNameInvalid,
  messages.bookingPhoneInvalid,
  messages.bookingPartySizeInvalid,
  messages.bookingConsentRequired,
  messages.bookingEmailInvalid,
  messages.bookingEmailTooLong,
  messages.bookingEmailConsentRequired,
  messages.bookingIdempotencyKeyInvalid,
  messages.bookingPartySizeOutOfRange(1, 4),
  messages.unknownField('<field>'),
];

/**
 * Refuses a submit without a well-formed `Idempotency-Key` header (8–64 of A–Z a–z 0–9 - _).
 * @throws ApiError 400 `messages.bookingIdempotencyKeyInvalid`, naming the header as the field.
 */
function requireIdempotencyKey(key: string | undefined): asserts key is string {
  if (!isIdempotencyKey(key)) {
    throw new ApiError(400, messages.bookingIdempotencyKeyInvalid, [
      { field: 'Idempotency-Key', message: messages.bookingIdempotencyKeyInvalid },
    ]);
  }
}

/**
 * Answers an idempotent submit (docs/decisions/0030-popup-bookings.md: submissions are idempotent by `Idempotency-Key`;
 * docs/decisions/0075-waitlist.md applies it to the waitlist): sets `res` to 201 when this request stored a new record
 * (`created`), to 200 when the same key and body came again and the first record is answered, and returns
 * `{ message, product }` with `said.created` or `said.replayed` as the message. The same key with another body is
 * refused (409) before this, by the service.
 */
function answerIdempotentWrite<T>(
  res: Response,
  { created, product }: { created: boolean; product: T },
  said: { created: string; replayed: string },
): { message: string; product: T } {
  res.status(created ? 201 : 200);
  return { message: created ? said.created : said.replayed, product };
}

/**
 * The public booking of popup slots (docs/decisions/0030-popup-bookings.md), opened to visitors with `@Public()`. No answer here carries a name or
 * a phone number: a booking is found again by its code plus the last four digits of its phone number. The writes and
 * the look-up by code are in the `booking` rate-limit budget (RATE_LIMIT_BOOKING_PER_MINUTE per client and route,
 * shared through Redis when REDIS_URL is set).
 */
@ApiTags('reserve')
@Controller('reserve')
@Public()
export class ReserveController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly info: PopupInfoService,
    private readonly waitingRoom: WaitingRoomService,
    private readonly waitlist: WaitlistService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `POST /api/reserve/queue` `{ slotId }` → 201 `{ product: QueueTicketDto }`: a place in the slot's waiting room
   * (docs/decisions/0074-waiting-room.md), admitted at once when there is room. Send the ticket back with `GET /api/reserve/queue/:ticket`
   * while waiting, and as the `Queue-Ticket` header of the booking once admitted.
   */
  @Post('queue')
  @RateLimit('booking')
  @ApiOperation({
    summary: '예약 대기 순서 받기 (공개)',
    description:
      'A ticket in the waiting room of the slot. Visitors are admitted in order of arrival (one sequence in PostgreSQL for every API process), at most BOOKING_QUEUE_ACTIVE_LIMIT at a time, each for BOOKING_QUEUE_WINDOW_SECONDS to submit; admission starts when the slot opens. Only a hash of the ticket is stored.',
  })
  @ApiResponse({ status: 201, type: QueueTicketResponse, description: 'the ticket, waiting or admitted' })
  @ApiErrors({
    400: [messages.bookingSlotIdInvalid, messages.unknownField('<field>')],
    404: [messages.bookingSlotNotFound],
    409: [messages.bookingClosed],
  })
  async joinQueue(@Body() body: JoinQueueDto): Promise<QueueTicketResponse> {
    return { product: await this.waitingRoom.join(body.slotId) };
  }

  /** `GET /api/reserve/queue/:ticket` → `{ product: QueueTicketDto }`: where the ticket stands; asking keeps the place. */
  @Get('queue/:ticket')
  @RateLimit('booking')
  @ApiOperation({
    summary: '예약 대기 순서 확인 (공개)',
    description:
      'Waiting (with the visitors ahead, an estimate and when to ask again), admitted (until when), used or expired. A waiting visitor who stops asking for 45 s holds no place until they ask again. Never cached.',
  })
  @ApiParam({ name: 'ticket', description: 'the ticket of POST /api/reserve/queue' })
  @ApiErrors({ 404: [messages.queueTicketNotFound] })
  async queueStatus(
    @Param('ticket') ticket: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<QueueTicketResponse> {
    res.setHeader('Cache-Control', 'no-store');
    return { product: await this.waitingRoom.status(ticket) };
  }

  /** `GET /api/reserve` → the popup's information and the slots that have not ended, with what is left of each. */
  @Get()
  @ApiOperation({
    summary: '팝업 예약 페이지 (공개)',
    description:
      'The popup information (or null) and every slot that has not ended, by start: status upcoming / open / full / closed at the server clock, seats and tables left, per-booking party bounds, open, close and cancellation times. No personal data.',
  })
  async page(): Promise<ReservePageResponse> {
    const [info, slots] = await Promise.all([this.info.current(), this.bookings.openSlots()]);
    return {
      product: {
        info,
        slots,
        now: this.bookings.now().toISOString(),
        retentionDays: this.config.bookingRetentionDays,
        reminderHoursBefore: this.config.reminders.smtpUrl ? this.config.reminders.hoursBefore : null,
      },
    };
  }

  /**
   * `GET /api/reserve/status` → `{ product: { open } }`: whether any slot takes bookings now. Read on every visit of
   * `/` (the store page and the banner), so a public read (public-cache/public-read.decorator.ts) kept until the next
   * time a slot opens or closes or a write changes it (BookingsService.reserveStatus), with ETag and 304; but
   * `Cache-Control: public, no-cache`: other caches ask again each time, since a visitor's booking may change it.
   */
  @Get('status')
  @PublicRead()
  @ApiOperation({
    summary: '예약 가능 여부 (공개)',
    description:
      'True while at least one slot is open for booking; the store page and the banner link to /reserve then. Kept in memory until the next time a slot opens or closes for bookings or a write changes the answer; ETag and 304, Cache-Control: public, no-cache (caches revalidate each time).',
  })
  @ApiOkResponse({ type: ReserveStatusResponse })
  async status(): Promise<PublicReadAnswer<ReserveStatusResponse>> {
    const { open, validUntil } = await this.bookings.reserveStatus();
    // A visitor's booking may change it at any moment: no cache serves it stale (and a browser's background
    // revalidation of a stale copy, which `stale-while-revalidate` would allow, never happens).
    return { body: { product: { open } }, validUntil, revalidateEachUse: true };
  }

  /**
   * `POST /api/reserve/bookings` → 201 `{ message, product: BookingDto }`; the same `Idempotency-Key` again → 200 with
   * the same booking. Nothing is stored on any refusal.
   */
  @Post('bookings')
  @RateLimit('booking')
  @ApiOperation({
    summary: '팝업 예약하기 (공개)',
    description:
      'Takes partySize seats and one table of the slot atomically in PostgreSQL (never oversold, whatever the number of API processes). One active booking per phone number and slot. The Idempotency-Key header (8–64 of A–Z a–z 0–9 - _, e.g. a UUID made per submit) makes a retried or double-clicked submit answer the first booking with 200; the same key with another body is 409. The answer never carries the name or the phone number.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: true, description: 'one per submit, e.g. a UUID' })
  @ApiHeader({
    name: 'Queue-Ticket',
    required: false,
    description: 'the admitted ticket of POST /api/reserve/queue; needed while the waiting room is busy',
  })
  @ApiResponse({ status: 201, type: BookingWriteResponse, description: 'booked' })
  @ApiResponse({
    status: 200,
    type: BookingWriteResponse,
    description: 'the same Idempotency-Key again: the first booking',
  })
  @ApiErrors({
    400: BOOKING_BODY_ERRORS,
    404: [messages.bookingSlotNotFound],
    409: [
      messages.bookingNotOpenYet,
      messages.bookingClosed,
      messages.bookingFull,
      messages.bookingTablesFull,
      messages.bookingSeatsShort(1),
      messages.bookingDuplicatePhone,
      messages.bookingIdempotencyKeyReused,
      messages.queueRequired,
      messages.queueNotYourTurn,
      messages.queueAdmissionExpired,
      messages.queueTicketUsed,
      messages.queueTicketNotFound,
    ],
  })
  async book(
    @Body() body: CreateBookingDto,
    @Headers('idempotency-key') key: string | undefined,
    @Headers('queue-ticket') ticket: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BookingWriteResponse> {
    requireIdempotencyKey(key);
    const { created, booking } = await this.bookings.book(body, key, ticket);
    return answerIdempotentWrite(
      res,
      { created, product: booking },
      { created: messages.bookingCreated, replayed: messages.bookingAlreadyMade },
    );
  }

  /** `GET /api/reserve/bookings/:code?phone4=1234` → the booking (the confirmation screen). */
  @Get('bookings/:code')
  @RateLimit('booking')
  @ApiOperation({
    summary: '예약 확인 (공개)',
    description:
      'The booking with this code whose phone number ends with phone4. A wrong code and a wrong suffix get the same 404, so the answer never tells whether a code exists.',
  })
  @ApiParam({ name: 'code', description: 'the 8-character booking code (case and hyphens ignored)' })
  @ApiQuery({ name: 'phone4', description: 'the last four digits of the phone number', example: '5678' })
  @ApiErrors({ 400: [messages.bookingPhone4Invalid], 404: [messages.bookingNotFound] })
  async find(@Param('code') code: string, @Query('phone4') phone4: unknown): Promise<BookingResponse> {
    return { product: await this.bookings.find(code, phone4 as string) };
  }

  /**
   * `GET /api/reserve/bookings/:code/calendar.ics?phone4=1234` → the booking as an iCalendar file (docs/decisions/0076-calendar-and-reminders.md,
   * booking-calendar.ts): `text/calendar; charset=utf-8`, an attachment named `booking-<code>.ics`. Found as the
   * confirmation finds it: the same 400 and 404.
   */
  @Get('bookings/:code/calendar.ics')
  @RateLimit('booking')
  @ApiOperation({
    summary: '예약 캘린더 파일 내려받기 (공개)',
    description:
      'The booking with this code whose phone number ends with phone4, as an RFC 5545 file: one VEVENT with DTSTART/DTEND in TZID=Asia/Seoul and the VTIMEZONE of Asia/Seoul, a UID stable per booking, SUMMARY the popup title and turn, LOCATION its place, DESCRIPTION the code and the confirmation address. A cancelled booking gives STATUS:CANCELLED. The same 404 as the confirmation for a wrong code or suffix.',
  })
  @ApiParam({ name: 'code', description: 'the 8-character booking code (case and hyphens ignored)' })
  @ApiQuery({ name: 'phone4', description: 'the last four digits of the phone number', example: '5678' })
  @ApiResponse({
    status: 200,
    description: 'the calendar file',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  @ApiErrors({ 400: [messages.bookingPhone4Invalid], 404: [messages.bookingNotFound] })
  async calendar(@Param('code') code: string, @Query('phone4') phone4: unknown, @Res() res: Response): Promise<void> {
    const { fileName, body } = await this.bookings.calendar(code, phone4 as string);
    res
      .status(200)
      .set({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      })
      .send(body);
  }

  /** `POST /api/reserve/bookings/:code/cancel` `{ phone4 }` → `{ message, product }`; seats and table go back. */
  @Post('bookings/:code/cancel')
  @HttpCode(200)
  @RateLimit('booking')
  @ApiOperation({
    summary: '예약 취소 (공개)',
    description:
      "Cancels the booking until the slot's cancellation deadline (cancelUntil) and gives its seats and table back, in one transaction. A cancelled booking cancelled again answers as it is.",
  })
  @ApiParam({ name: 'code', description: 'the 8-character booking code' })
  @ApiErrors({
    400: [messages.bookingPhone4Invalid, messages.unknownField('<field>')],
    404: [messages.bookingNotFound],
    409: [messages.bookingCancelDeadlinePassed, messages.bookingNotCancellable],
  })
  async cancel(@Param('code') code: string, @Body() body: CancelBookingDto): Promise<BookingWriteResponse> {
    const { already, booking } = await this.bookings.cancel(code, body.phone4);
    return { message: already ? messages.bookingAlreadyCancelled : messages.bookingCancelled, product: booking };
  }

  /**
   * `POST /api/reserve/waitlist` (Idempotency-Key) with a booking's body → 201 `{ message, product: WaitlistEntryDto }`
   * (docs/decisions/0075-waitlist.md): joins the waitlist of a full slot; the same key again → 200 with the same entry.
   */
  @Post('waitlist')
  @RateLimit('booking')
  @ApiOperation({
    summary: '빈자리 알림 신청 (공개)',
    description:
      'Joins the waitlist of a full slot with the fields of a booking (name, phone, party, consent, optional email with its own consent). When seats free, the first on the list whose party fits is offered them, held for WAITLIST_HOLD_MINUTES, by email (when given) and on its status page. One active entry per phone and slot. The answer never carries the name or the phone number.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: true, description: 'one per submit, e.g. a UUID' })
  @ApiResponse({ status: 201, type: WaitlistWriteResponse, description: 'on the list' })
  @ApiResponse({ status: 200, type: WaitlistWriteResponse, description: 'the same Idempotency-Key again' })
  @ApiErrors({
    400: BOOKING_BODY_ERRORS,
    404: [messages.bookingSlotNotFound],
    409: [
      messages.waitlistSlotOpen,
      messages.bookingNotOpenYet,
      messages.bookingClosed,
      messages.waitlistDuplicatePhone,
      messages.bookingIdempotencyKeyReused,
    ],
  })
  async joinWaitlist(
    @Body() body: CreateBookingDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WaitlistWriteResponse> {
    requireIdempotencyKey(key);
    const { created, entry } = await this.waitlist.join(body, key);
    return answerIdempotentWrite(
      res,
      { created, product: entry },
      { created: messages.waitlistJoined, replayed: messages.waitlistAlreadyJoined },
    );
  }

  /** `GET /api/reserve/waitlist/:code?phone4=1234` → the entry (its status page); asking ends a lapsed offer first. */
  @Get('waitlist/:code')
  @RateLimit('booking')
  @ApiOperation({
    summary: '빈자리 알림 신청 확인 (공개)',
    description:
      'The entry with this code whose phone number ends with phone4: waiting (with those ahead), offered (until when), booked (the booking code), expired or left. Never cached.',
  })
  @ApiParam({ name: 'code', description: 'the 8-character entry code' })
  @ApiQuery({ name: 'phone4', description: 'the last four digits of the phone number', example: '5678' })
  @ApiErrors({ 400: [messages.bookingPhone4Invalid], 404: [messages.waitlistNotFound] })
  async findWaitlist(
    @Param('code') code: string,
    @Query('phone4') phone4: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WaitlistEntryResponse> {
    res.setHeader('Cache-Control', 'no-store');
    return { product: await this.waitlist.find(code, phone4) };
  }

  /** `POST /api/reserve/waitlist/:code/accept` `{ phone4 }` → 201 `{ message, product: BookingDto }`: the offer taken. */
  @Post('waitlist/:code/accept')
  @RateLimit('booking')
  @ApiOperation({
    summary: '빈자리 예약 확정 (공개)',
    description: 'Makes the booking with the seats held for this entry, while its offer lasts.',
  })
  @ApiParam({ name: 'code', description: 'the 8-character entry code' })
  @ApiResponse({ status: 201, type: WaitlistAcceptResponse, description: 'booked' })
  @ApiErrors({
    400: [messages.bookingPhone4Invalid, messages.unknownField('<field>')],
    404: [messages.waitlistNotFound],
    409: [messages.waitlistNoOffer, messages.bookingDuplicatePhone],
  })
  async acceptOffer(@Param('code') code: string, @Body() body: CancelBookingDto): Promise<WaitlistAcceptResponse> {
    const bookingCode = await this.waitlist.accept(code, body.phone4);
    return { message: messages.waitlistAccepted, product: await this.bookings.find(bookingCode, body.phone4) };
  }

  /** `POST /api/reserve/waitlist/:code/leave` `{ phone4 }` → `{ message, product }`; a held offer passes on. */
  @Post('waitlist/:code/leave')
  @HttpCode(200)
  @RateLimit('booking')
  @ApiOperation({
    summary: '빈자리 알림 신청 취소 (공개)',
    description: 'Leaves the list; seats held for this entry go to the next at once. Leaving twice answers as it is.',
  })
  @ApiParam({ name: 'code', description: 'the 8-character entry code' })
  @ApiErrors({
    400: [messages.bookingPhone4Invalid, messages.unknownField('<field>')],
    404: [messages.waitlistNotFound],
  })
  async leaveWaitlist(@Param('code') code: string, @Body() body: CancelBookingDto): Promise<WaitlistWriteResponse> {
    return { message: messages.waitlistLeft, product: await this.waitlist.leave(code, body.phone4) };
  }
}
