import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { parseDateTime } from '../common/calendar';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { bookingStatus, remainingPeople } from '../bookings/booking-rules';
import type { CreatePopupDto } from './dto/create-popup.dto';
import { PopupSlot } from './popup-slot.entity';
import type { PopupDto } from './dto/popup.dto';

/**
 * Popup reservation slots (docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md), answered as PopupDto:
 * `cnt` the turn or null, dates as ISO 8601 instants in UTC (`2026-11-21T10:00:00.000Z`), `count` = head_count, `table`
 * = bookable_tables, plus the booking settings and counts of docs/decisions/0030-popup-bookings.md.
 */
@Injectable()
export class PopupsService {
  constructor(
    @InjectRepository(PopupSlot) private readonly slots: Repository<PopupSlot>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Every slot ordered by startdate, then id (docs/decisions/0003-api-calls.md `GET /api/popup/list`). */
  async list(): Promise<PopupDto[]> {
    const slots = await this.slots.find({ order: { startdate: 'ASC', id: 'ASC' } });
    const checkedIn = await checkedInPeople(this.dataSource.manager);
    const now = this.clock.now();
    return slots.map((slot) => view(slot, now, checkedIn.get(slot.id) ?? 0));
  }

  /** One slot. @throws ApiError 404 `messages.popupNotFound` */
  async get(id: number): Promise<PopupDto> {
    const slot = await this.slots.findOneBy({ id });
    if (!slot) throw new ApiError(404, messages.popupNotFound);
    return view(slot, this.clock.now(), (await checkedInPeople(this.dataSource.manager, id)).get(id) ?? 0);
  }

  /** The slot's entity (for the bookings' CSV). @throws ApiError 404 `messages.popupNotFound` */
  async entity(id: number): Promise<PopupSlot> {
    const slot = await this.slots.findOneBy({ id });
    if (!slot) throw new ApiError(404, messages.popupNotFound);
    return slot;
  }

  /** Stores a new slot (docs/decisions/0003-api-calls.md `POST /api/popup`); the DTO has already checked every rule. */
  async create(fields: CreatePopupDto): Promise<PopupDto> {
    const slot = this.slots.create({ ...columns(fields), ...bookingColumns(fields, undefined) });
    return this.get((await this.slots.save(slot)).id);
  }

  /**
   * Replaces every field of slot `id` (docs/decisions/0003-api-calls.md `PUT /api/popup/update/:id`), the row locked,
   * in one transaction. Only the `popup_slots` table is written. Booking settings absent from the body keep their
   * value. The head count and tables may not go below what bookings already took (the row lock orders this against
   * every booking, which updates the same row). The version goes up by one; with `expected`
   * (docs/decisions/0048-no-silent-overwrite.md) a slot saved by another administrator since that version is left as it
   * is.
   * @throws ApiError 404 `messages.popupNotFound`; 409 `messages.popupEditConflict` with the stored slot in `product`
   *   when `expected` is stale; 409 `messages.popupCountBelowBooked` / `popupTableBelowBooked`
   */
  async update(id: number, fields: CreatePopupDto, expected?: number): Promise<PopupDto> {
    const slot = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(PopupSlot, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new ApiError(404, messages.popupNotFound);
      await this.checkVersion(manager, current, expected, messages.popupEditConflict);
      if (fields.count < current.bookedPeople) {
        throw new ApiError(409, messages.popupCountBelowBooked(current.bookedPeople));
      }
      if (fields.table < current.bookedTables) {
        throw new ApiError(409, messages.popupTableBelowBooked(current.bookedTables));
      }
      return manager.save(
        Object.assign(current, columns(fields), bookingColumns(fields, current), { version: current.version + 1 }),
      );
    });
    return this.get(slot.id);
  }

  /**
   * Turns booking on or off by hand (docs/decisions/0030-popup-bookings.md "open or close booking for a slot by hand").
   * An administrator's save of the slot, so it raises the version (docs/decisions/0048-no-silent-overwrite.md): an edit
   * form loaded before it is told, not overwriting.
   * @throws ApiError 404 `messages.popupNotFound`
   */
  async setBookingEnabled(id: number, enabled: boolean): Promise<PopupDto> {
    const result = await this.dataSource.query<[unknown[], number]>(
      `UPDATE popup_slots SET booking_enabled = $2, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, enabled],
    );
    if (result[1] === 0) throw new ApiError(404, messages.popupNotFound);
    return this.get(id);
  }

  /**
   * Deletes slot `id` (docs/decisions/0003-api-calls.md `DELETE /api/popup/delete/:id`) with its past bookings; a slot
   * that still has a booking waiting (booked) is refused, so no visitor loses a booking silently. With `expected`
   * (docs/decisions/0048-no-silent-overwrite.md) only while the slot is still at that version.
   * @returns the slot as it was. @throws ApiError 404 `messages.popupNotFound`, 409 `messages.popupHasBookings`,
   *   409 `messages.popupDeleteConflict` with the stored slot in `product` (nothing deleted)
   */
  async remove(id: number, expected?: number): Promise<PopupDto> {
    return this.dataSource.transaction(async (manager) => {
      const slot = await manager.findOne(PopupSlot, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!slot) throw new ApiError(404, messages.popupNotFound);
      await this.checkVersion(manager, slot, expected, messages.popupDeleteConflict);
      const [waiting] = await manager.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM bookings WHERE slot_id = $1 AND status = 'booked'`,
        [id],
      );
      if ((waiting?.count ?? 0) > 0) throw new ApiError(409, messages.popupHasBookings);
      const before = view(slot, this.clock.now(), (await checkedInPeople(manager, id)).get(id) ?? 0);
      await manager.delete(PopupSlot, { id });
      return before;
    });
  }

  /**
   * Refuses a write loaded at another version than the locked row's (docs/decisions/0048-no-silent-overwrite.md);
   * `expected` undefined: no check.
   * @throws ApiError 409 `message` with `product` = the stored slot's view.
   */
  private async checkVersion(
    manager: EntityManager,
    slot: PopupSlot,
    expected: number | undefined,
    message: string,
  ): Promise<void> {
    if (expected === undefined || slot.version === expected) return;
    const checkedIn = (await checkedInPeople(manager, slot.id)).get(slot.id) ?? 0;
    throw new ApiError(409, message, undefined, view(slot, this.clock.now(), checkedIn));
  }
}

/** People checked in per slot (all slots, or one). */
async function checkedInPeople(manager: EntityManager, slotId?: number): Promise<Map<number, number>> {
  const rows = await manager.query<{ slot_id: number; people: number }[]>(
    `SELECT slot_id, sum(party_size)::int AS people FROM bookings
      WHERE status = 'checked_in' AND ($1::int IS NULL OR slot_id = $1) GROUP BY slot_id`,
    [slotId ?? null],
  );
  return new Map(rows.map((row) => [row.slot_id, row.people]));
}

/** API fields → columns (`count` → head_count, `table` → bookable_tables); absent cnt is 선택 안 함 (null). */
function columns(
  fields: CreatePopupDto,
): Pick<PopupSlot, 'cnt' | 'startdate' | 'enddate' | 'headCount' | 'bookableTables'> {
  return {
    cnt: fields.cnt ?? null,
    startdate: parseDateTime(fields.startdate)!,
    enddate: parseDateTime(fields.enddate)!,
    headCount: fields.count,
    bookableTables: fields.table,
  };
}

type BookingColumns = Pick<
  PopupSlot,
  'bookingOpensAt' | 'bookingClosesAt' | 'cancelHoursBefore' | 'partyMin' | 'partyMax' | 'bookingEnabled'
>;

/**
 * The booking settings of a body: each absent one is the current value (PUT), or the default (create: open at once,
 * close at the start, cancel until 24 hours before, parties of 1–4, booking on).
 */
function bookingColumns(fields: CreatePopupDto, current: PopupSlot | undefined): BookingColumns {
  const time = (value: string | null | undefined, kept: Date | null | undefined): Date | null =>
    value === undefined ? (kept ?? null) : value === null ? null : parseDateTime(value);
  const partyMin = fields.partyMin ?? current?.partyMin ?? 1;
  const opens = time(fields.bookingOpensAt, current?.bookingOpensAt);
  const closes = time(fields.bookingClosesAt, current?.bookingClosesAt);
  // The DTO compares the two times when both are sent; one sent and one kept are compared here.
  if (opens && closes && closes.getTime() <= opens.getTime()) {
    throw new ApiError(400, messages.popupBookingCloseBeforeOpen, [
      { field: 'bookingClosesAt', message: messages.popupBookingCloseBeforeOpen },
    ]);
  }
  return {
    bookingOpensAt: opens,
    bookingClosesAt: closes,
    cancelHoursBefore: fields.cancelHoursBefore ?? current?.cancelHoursBefore ?? 24,
    partyMin,
    partyMax: fields.partyMax ?? Math.max(current?.partyMax ?? 4, partyMin),
    bookingEnabled: fields.bookingEnabled ?? current?.bookingEnabled ?? true,
  };
}

function view(slot: PopupSlot, now: Date, checkedIn: number): PopupDto {
  return {
    id: slot.id,
    cnt: slot.cnt,
    startdate: slot.startdate.toISOString(),
    enddate: slot.enddate.toISOString(),
    count: slot.headCount,
    table: slot.bookableTables,
    bookingOpensAt: slot.bookingOpensAt?.toISOString() ?? null,
    bookingClosesAt: slot.bookingClosesAt?.toISOString() ?? null,
    cancelHoursBefore: slot.cancelHoursBefore,
    partyMin: slot.partyMin,
    partyMax: slot.partyMax,
    bookingEnabled: slot.bookingEnabled,
    bookedPeople: slot.bookedPeople,
    bookedTables: slot.bookedTables,
    remaining: remainingPeople(slot),
    checkedInPeople: checkedIn,
    bookingStatus: bookingStatus(slot, now),
    version: slot.version,
  };
}
