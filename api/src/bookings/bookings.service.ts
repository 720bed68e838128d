import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock, earliest } from '../common/clock';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { uniqueViolation } from '../database/unique-violation';
import { PopupSlot } from '../popups/popup-slot.entity';
import { PublicCache } from '../public-cache/public-cache';
import {
  type BookingState,
  bookingStatus,
  cancelUntil,
  closesAt,
  csvField,
  newBookingCode,
  normalizeCode,
  remainingPeople,
  remainingTables,
  sameSubmit,
  seoulDateTime,
} from './booking-rules';
import { bookingCalendar } from './booking-calendar';
import type { AdminBookingDto, BookingDto, ReserveSlotDto } from './dto/booking.dto';
import type { CreateBookingDto } from './dto/create-booking.dto';
import { PopupInfoService } from './popup-info.service';
import { WaitingRoomService } from './waiting-room.service';
import { WaitlistService } from './waitlist.service';
import { giveSeatsBack, type SlotCounts } from './seat-counters';

/** A row of `bookings`. */
interface BookingRow {
  id: number;
  slot_id: number;
  code: string;
  name: string | null;
  phone: string | null;
  /**
   * The optional reminder address (docs/decisions/0076-calendar-and-reminders.md); null when none was given, and once
   * erased.
   */
  email: string | null;
  party_size: number;
  status: BookingState;
  idempotency_key: string;
  created_at: Date;
  cancelled_at: Date | null;
  checked_in_at: Date | null;
  no_show_at: Date | null;
  erased_at: Date | null;
  /** When the reminder job claimed it (bookings/booking-reminder.service.ts), or null. */
  reminded_at: Date | null;
}

/** A booking made, or found again for a repeated idempotency key (`created: false`, answered 200). */
export interface BookingOutcome {
  created: boolean;
  booking: BookingDto;
}

/** What the administrator may do to a booking. */
export type AdminAction = 'check-in' | 'no-show' | 'cancel';

/**
 * Bookings of popup slots (docs/decisions/0030-popup-bookings.md). Capacity is kept by PostgreSQL, never in this
 * process: a booking takes its seats and one table with one conditional UPDATE of the slot row
 * (`… WHERE booked_people + n <= head_count AND booked_tables + 1 <= bookable_tables`) and inserts its row in the same
 * transaction, so any number of API processes can book at once without overselling; CHECK constraints refuse any count
 * below zero or above capacity; a partial unique index keeps one active booking per phone number and slot; a unique
 * idempotency key makes a repeated submit find the first booking. Names, phone numbers and email addresses never leave
 * through the public answers, nor into logs.
 */
/**
 * Why a full slot refuses a booking, in Korean (docs/decisions/0077-visitor-knows-what-happened.md): its tables ran out
 * while seats remain (one table per booking), or its seats did. `remaining`: seats left; `tables`: tables left;
 * `partyMin`: the smallest party.
 */
function fullMessage(remaining: number, tables: number, partyMin: number): string {
  return tables < 1 && remaining >= partyMin ? messages.bookingTablesFull : messages.bookingFull;
}

@Injectable()
export class BookingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly cache: PublicCache,
    private readonly info: PopupInfoService,
    private readonly waitingRoom: WaitingRoomService,
    private readonly waitlist: WaitlistService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Books seats for a visitor.
   * @param key the `Idempotency-Key`: the same key again answers the first booking (when the body is the same).
   * @throws ApiError 404 unknown slot; 409 not open yet / closed / full / seats short / phone already booked /
   *   key reused with another body; 400 party size outside the slot's bounds.
   */
  async book(body: CreateBookingDto, key: string, ticket?: string): Promise<BookingOutcome> {
    const earlier = await this.byKey(key);
    if (earlier) return this.replay(earlier, body);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { row, filled } = await this.dataSource.transaction((manager) =>
          this.insertBooking(manager, body, key, ticket),
        );
        // Committed: the slot no longer takes bookings, so `GET /api/reserve/status` may change (reserveStatus).
        if (filled) await this.cache.invalidate();
        return { created: true, booking: await this.publicView(row) };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'bookings_one_active_per_phone') throw new ApiError(409, messages.bookingDuplicatePhone);
        if (constraint === 'bookings_idempotency_key_unique') {
          // The same submit arrived twice at once (two processes, a double click): the first one won.
          const first = await this.byKey(key);
          if (first) return this.replay(first, body);
        }
        // A code drawn twice (one chance in 10^12 per booking): draw again.
        if (constraint === 'bookings_code_key' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** Takes the seats and inserts the booking; `filled`: the slot is full after it (it was open before). */
  private async insertBooking(
    manager: EntityManager,
    body: CreateBookingDto,
    key: string,
    ticket: string | undefined,
  ): Promise<{ row: BookingRow; filled: boolean }> {
    const slot = await manager.findOneBy(PopupSlot, { id: body.slotId });
    if (!slot) throw new ApiError(404, messages.bookingSlotNotFound);
    const now = this.clock.now();
    // Through the waiting room first (docs/decisions/0074-waiting-room.md): the ticket is used with this transaction,
    // given back with it.
    await this.waitingRoom.claim(manager, slot.id, ticket, now);
    const status = bookingStatus(slot, now);
    if (status === 'upcoming') throw new ApiError(409, messages.bookingNotOpenYet);
    if (status === 'closed') throw new ApiError(409, messages.bookingClosed);
    if (body.partySize < slot.partyMin || body.partySize > slot.partyMax) {
      const message = messages.bookingPartySizeOutOfRange(slot.partyMin, slot.partyMax);
      throw new ApiError(400, message, [{ field: 'partySize', message }]);
    }
    if (status === 'full')
      throw new ApiError(409, fullMessage(remainingPeople(slot), remainingTables(slot), slot.partyMin));
    // The one place seats are taken: PostgreSQL re-checks the condition on the latest row version after waiting for
    // the row lock, so concurrent bookings queue here and the last seats go to exactly one of them.
    const [taken] = await manager.query<[{ booked_people: number; booked_tables: number }[], number]>(
      `UPDATE popup_slots
          SET booked_people = booked_people + $2, booked_tables = booked_tables + 1
        WHERE id = $1 AND booking_enabled
          AND booked_people + $2 <= head_count AND booked_tables + 1 <= bookable_tables
        RETURNING booked_people, booked_tables`,
      [slot.id, body.partySize],
    );
    if (taken.length === 0) {
      const [latest] = await manager.query<
        { enabled: boolean; remaining: number; tables: number; party_min: number }[]
      >(
        `SELECT booking_enabled AS enabled, head_count - booked_people AS remaining,
                bookable_tables - booked_tables AS tables, party_min
           FROM popup_slots WHERE id = $1`,
        [slot.id],
      );
      if (!latest?.enabled) throw new ApiError(409, messages.bookingClosed);
      if (latest.tables >= 1 && latest.remaining >= latest.party_min) {
        throw new ApiError(409, messages.bookingSeatsShort(latest.remaining));
      }
      throw new ApiError(409, fullMessage(latest.remaining, latest.tables, latest.party_min));
    }
    const [row] = await manager.query<BookingRow[]>(
      `INSERT INTO bookings (slot_id, code, name, phone, email, party_size, idempotency_key, consent_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
      [slot.id, newBookingCode(), body.name, body.phone, body.email ?? null, body.partySize, key, now],
    );
    const [after] = taken;
    const filled =
      bookingStatus({ ...slot, bookedPeople: after!.booked_people, bookedTables: after!.booked_tables }, now) ===
      'full';
    return { row: row!, filled };
  }

  private async byKey(key: string): Promise<BookingRow | undefined> {
    const [row] = await this.dataSource.query<BookingRow[]>(`SELECT * FROM bookings WHERE idempotency_key = $1`, [key]);
    return row;
  }

  /** The first booking of a repeated key, when the repeat asks for the same thing; else 409. */
  private async replay(row: BookingRow, body: CreateBookingDto): Promise<BookingOutcome> {
    if (!sameSubmit(row, body)) throw new ApiError(409, messages.bookingIdempotencyKeyReused);
    return { created: false, booking: await this.publicView(row) };
  }

  /**
   * The visitor's booking, found by its code and the last four digits of its phone number. A wrong code and a wrong
   * suffix get the same 404, so the answer never tells whether a code exists.
   */
  async find(code: string, phone4: string): Promise<BookingDto> {
    return this.publicView(await this.mine(this.dataSource.manager, code, phone4));
  }

  /**
   * The visitor's booking as an iCalendar file (docs/decisions/0076-calendar-and-reminders.md, booking-calendar.ts),
   * found as {@link find} finds it: the same 400 and 404.
   * @returns the file name (`booking-<code>.ics`) and its text.
   */
  async calendar(code: string, phone4: string): Promise<{ fileName: string; body: string }> {
    const row = await this.mine(this.dataSource.manager, code, phone4);
    const [slot, info] = await Promise.all([
      this.dataSource.getRepository(PopupSlot).findOneByOrFail({ id: row.slot_id }),
      this.info.current(),
    ]);
    const body = bookingCalendar({
      code: row.code,
      status: row.status,
      partySize: row.party_size,
      slot,
      info,
      publicUrl: this.config.site.publicUrl,
      changedAt: row.cancelled_at ?? row.created_at,
    });
    return { fileName: `booking-${row.code}.ics`, body };
  }

  private async mine(manager: EntityManager, code: string, phone4: unknown, lock = false): Promise<BookingRow> {
    const normalized = normalizeCode(code);
    if (typeof phone4 !== 'string' || !/^\d{4}$/.test(phone4)) throw new ApiError(400, messages.bookingPhone4Invalid);
    if (!normalized) throw new ApiError(404, messages.bookingNotFound);
    const [row] = await manager.query<BookingRow[]>(
      `SELECT * FROM bookings WHERE code = $1 AND right(phone, 4) = $2${lock ? ' FOR UPDATE' : ''}`,
      [normalized, phone4],
    );
    if (!row) throw new ApiError(404, messages.bookingNotFound);
    return row;
  }

  /**
   * The visitor cancels (until the slot's cancellation deadline): the booking becomes `cancelled` and its seats and
   * table go back to the slot, in one transaction. Cancelling a cancelled booking again answers it as it is.
   * @returns the booking and whether it was already cancelled.
   * @throws ApiError 404 (code or suffix wrong), 409 deadline passed / checked in or no-show.
   */
  async cancel(code: string, phone4: string): Promise<{ already: boolean; booking: BookingDto }> {
    const { already, row, reopened } = await this.dataSource.transaction(async (manager) => {
      const booking = await this.mine(manager, code, phone4, true);
      if (booking.status === 'cancelled') return { already: true, row: booking, reopened: false };
      if (booking.status !== 'booked') throw new ApiError(409, messages.bookingNotCancellable);
      const slot = await manager.findOneByOrFail(PopupSlot, { id: booking.slot_id });
      const now = this.clock.now();
      if (now.getTime() > cancelUntil(slot).getTime()) {
        throw new ApiError(409, messages.bookingCancelDeadlinePassed);
      }
      const released = await this.release(manager, booking);
      const before = {
        ...slot,
        bookedPeople: released.bookedPeople + booking.party_size,
        bookedTables: released.bookedTables + 1,
      };
      const after = { ...slot, bookedPeople: released.bookedPeople, bookedTables: released.bookedTables };
      const reopenedSlot = bookingStatus(before, now) === 'full' && bookingStatus(after, now) === 'open';
      return { already: false, row: released.row, reopened: reopenedSlot };
    });
    // Committed: the freed seats go to the slot's waitlist first (docs/decisions/0075-waitlist.md), at once.
    if (!already) await this.waitlist.offerFreed(row.slot_id);
    // The slot takes bookings again, so `GET /api/reserve/status` may change (reserveStatus).
    if (reopened) await this.cache.invalidate();
    return { already, booking: await this.publicView(row) };
  }

  /**
   * Cancels a locked active booking and gives its seats and table back; returns the booking and the slot's counts
   * after it.
   */
  private async release(manager: EntityManager, booking: BookingRow): Promise<{ row: BookingRow } & SlotCounts> {
    const [[row]] = await manager.query<[BookingRow[], number]>(
      `UPDATE bookings SET status = 'cancelled', cancelled_at = $2 WHERE id = $1 RETURNING *`,
      [booking.id, this.clock.now()],
    );
    return { row: row!, ...(await giveSeatsBack(manager, booking.slot_id, booking.party_size)) };
  }

  /**
   * 입장 확인, 노쇼 or cancel by the administrator. Check-in: from booked or no-show (a late arrival); no-show: from
   * booked or checked in (a mistaken check-in); cancel: from any active state or no-show, seats given back. Repeating
   * an action answers the booking as it is. A cancelled booking never comes back (its seats may be taken).
   * @throws ApiError 404 unknown id; 409 cancelled booking; 409 phone number already active in the slot again.
   */
  async adminAction(id: number, action: AdminAction): Promise<AdminBookingDto> {
    const booking = await this.adminActionRow(id, action);
    // Committed: seats an administrator's cancel freed go to the slot's waitlist first
    // (docs/decisions/0075-waitlist.md).
    if (action === 'cancel') await this.waitlist.offerFreed(booking.slot_id);
    return adminView(booking);
  }

  private async adminActionRow(id: number, action: AdminAction): Promise<BookingRow> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [booking] = await manager.query<BookingRow[]>(`SELECT * FROM bookings WHERE id = $1 FOR UPDATE`, [id]);
        if (!booking) throw new ApiError(404, messages.bookingAdminNotFound);
        const target: BookingState =
          action === 'check-in' ? 'checked_in' : action === 'no-show' ? 'no_show' : 'cancelled';
        if (booking.status === target) return booking;
        if (booking.status === 'cancelled') throw new ApiError(409, messages.bookingStatusConflict);
        // An administrator's write: InvalidateOnWriteInterceptor empties the public cache after it.
        if (target === 'cancelled') return (await this.release(manager, booking)).row;
        const [[row]] = await manager.query<[BookingRow[], number]>(
          target === 'checked_in'
            ? `UPDATE bookings SET status = 'checked_in', checked_in_at = $2 WHERE id = $1 RETURNING *`
            : `UPDATE bookings SET status = 'no_show', no_show_at = $2 WHERE id = $1 RETURNING *`,
          [id, this.clock.now()],
        );
        return row!;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'bookings_one_active_per_phone') {
        throw new ApiError(409, messages.bookingDuplicatePhone);
      }
      throw error;
    }
  }

  /**
   * The slot a booking belongs to, for the door staff's scope check before an action (bookings/staff-view.ts).
   * @throws ApiError 404 `messages.bookingAdminNotFound` for an unknown booking id.
   */
  async slotIdOf(id: number): Promise<number> {
    const [row] = await this.dataSource.query<{ slot_id: number }[]>(`SELECT slot_id FROM bookings WHERE id = $1`, [
      id,
    ]);
    if (!row) throw new ApiError(404, messages.bookingAdminNotFound);
    return row.slot_id;
  }

  /**
   * One booking found by its code alone, across every slot, for the door check-in screen
   * (docs/decisions/0081-camera-check-in.md): staff scan the visitor's QR code (`<origin>/reserve/<CODE>`) and need the
   * booking before they know its slot. Administrator only (the answer holds the name and phone number).
   * @param code the code as scanned or typed: case, spaces and hyphens are ignored (`abcd-2345` finds `ABCD2345`).
   * @throws ApiError 400 `messages.bookingCodeInvalid` when it cannot be a code (not 8 characters of CODE_ALPHABET);
   *   404 `messages.bookingAdminNotFound` when no booking has it.
   */
  async adminByCode(code: string): Promise<AdminBookingDto> {
    const normalized = normalizeCode(code);
    if (!normalized) throw new ApiError(400, messages.bookingCodeInvalid);
    const [row] = await this.dataSource.query<BookingRow[]>(`SELECT * FROM bookings WHERE code = $1`, [normalized]);
    if (!row) throw new ApiError(404, messages.bookingAdminNotFound);
    return adminView(row);
  }

  /**
   * The bookings of slot `slotId` by time of booking, optionally searched: digits (at least 4, hyphens ignored) match
   * the end of the phone number; letters and digits match the start of the code.
   * @throws ApiError 400 `messages.bookingSearchInvalid`
   */
  async listForSlot(slotId: number, query: unknown): Promise<AdminBookingDto[]> {
    const q = typeof query === 'string' ? query.replace(/[\s-]/g, '').toUpperCase() : '';
    let filter = '';
    const params: unknown[] = [slotId];
    if (q) {
      if (/^\d{4,11}$/.test(q)) {
        filter = ` AND phone LIKE '%' || $2`;
      } else if (/^[0-9A-Z]{2,8}$/.test(q)) {
        filter = ` AND code LIKE $2 || '%'`;
      } else {
        throw new ApiError(400, messages.bookingSearchInvalid);
      }
      params.push(q);
    }
    const rows = await this.dataSource.query<BookingRow[]>(
      `SELECT * FROM bookings WHERE slot_id = $1${filter} ORDER BY created_at, id`,
      params,
    );
    return rows.map(adminView);
  }

  /**
   * Every booking of slot `slot` as CSV for Excel: UTF-8 with a byte order mark (Excel reads UTF-8 Korean only
   * with it), CRLF lines, a Korean header row, times in Seoul, cells that could start a formula defused.
   */
  async csv(slot: PopupSlot): Promise<Buffer> {
    const rows = await this.dataSource.query<BookingRow[]>(
      `SELECT * FROM bookings WHERE slot_id = $1 ORDER BY created_at, id`,
      [slot.id],
    );
    const csv = messages.bookingCsv;
    const lines = [
      csv.header.map(csvField).join(','),
      ...rows.map((row) =>
        [
          row.code,
          slot.cnt ? `${slot.cnt}` : '',
          seoulDateTime(slot.startdate),
          row.name ?? csv.erased,
          row.phone ? row.phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3') : csv.erased,
          row.erased_at ? csv.erased : row.email,
          row.party_size,
          csv.status[row.status],
          seoulDateTime(row.created_at),
          seoulDateTime(row.cancelled_at),
          seoulDateTime(row.checked_in_at),
        ]
          .map(csvField)
          .join(','),
      ),
    ];
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
  }

  /** The clock the statuses are computed at. */
  now(): Date {
    return this.clock.now();
  }

  /** The slots visitors see: those that have not ended, by start, then id. */
  async openSlots(): Promise<ReserveSlotDto[]> {
    const now = this.clock.now();
    return (await this.slotsNotEnded(now)).map((slot) => slotView(slot, now));
  }

  /**
   * `GET /api/reserve/status`: whether any slot takes bookings now, and until when that answer holds without a write
   * (for the PublicCache): the next instant a slot that has not ended opens or closes for bookings, the only times
   * `bookingStatus` changes by itself (booking-rules.ts), or null when none is ahead. The writes that change it
   * empty the cache: an administrator's slot edit or booking action (InvalidateOnWriteInterceptor), and a visitor's
   * booking that fills a slot or cancellation that reopens one (book, cancel).
   */
  async reserveStatus(): Promise<{ open: boolean; validUntil: Date | null }> {
    const now = this.clock.now();
    const slots = await this.slotsNotEnded(now);
    const ahead = slots
      .flatMap((slot) => [slot.bookingOpensAt, closesAt(slot)])
      .filter((instant) => instant !== null && instant.getTime() > now.getTime());
    return { open: slots.some((slot) => bookingStatus(slot, now) === 'open'), validUntil: earliest(ahead) };
  }

  private slotsNotEnded(now: Date): Promise<PopupSlot[]> {
    return this.dataSource
      .getRepository(PopupSlot)
      .createQueryBuilder('slot')
      .where('slot.enddate >= :now', { now })
      .orderBy('slot.startdate', 'ASC')
      .addOrderBy('slot.id', 'ASC')
      .getMany();
  }

  private async publicView(row: BookingRow): Promise<BookingDto> {
    const slot = await this.dataSource.getRepository(PopupSlot).findOneByOrFail({ id: row.slot_id });
    const now = this.clock.now();
    return {
      code: row.code,
      status: row.status,
      partySize: row.party_size,
      createdAt: row.created_at.toISOString(),
      cancellable: row.status === 'booked' && now.getTime() <= cancelUntil(slot).getTime(),
      slot: slotView(slot, now),
    };
  }
}

/** A slot as visitors see it at `now`. */
export function slotView(slot: PopupSlot, now: Date): ReserveSlotDto {
  return {
    id: slot.id,
    cnt: slot.cnt,
    startdate: slot.startdate.toISOString(),
    enddate: slot.enddate.toISOString(),
    status: bookingStatus(slot, now),
    opensAt: slot.bookingOpensAt?.toISOString() ?? null,
    closesAt: closesAt(slot).toISOString(),
    cancelUntil: cancelUntil(slot).toISOString(),
    partyMin: slot.partyMin,
    partyMax: slot.partyMax,
    remaining: remainingPeople(slot),
    remainingTables: remainingTables(slot),
  };
}

function adminView(row: BookingRow): AdminBookingDto {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    code: row.code,
    slotId: row.slot_id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    partySize: row.party_size,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    cancelledAt: iso(row.cancelled_at),
    checkedInAt: iso(row.checked_in_at),
    noShowAt: iso(row.no_show_at),
    erased: row.erased_at !== null,
  };
}
