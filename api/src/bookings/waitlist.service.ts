import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { PeriodicJob } from '../common/periodic-job';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ADVISORY_LOCKS } from '../database/advisory-locks';
import { uniqueViolation } from '../database/unique-violation';
import {
  NOTIFICATION_PROVIDER,
  NotificationError,
  type NotificationProvider,
} from '../notifications/notification-provider';
import { PopupSlot } from '../popups/popup-slot.entity';
import {
  bookingStatus,
  closesAt,
  newBookingCode,
  normalizeCode,
  sameSubmit,
  seoulClock,
  seoulLongDay,
} from './booking-rules';
import type { CreateBookingDto } from './dto/create-booking.dto';
import { giveSeatsBack } from './seat-counters';

/** Where a waitlist entry stands. */
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'left';

/** A waitlist entry as the database holds it. */
interface EntryRow {
  id: string;
  slot_id: number;
  code: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  party_size: number;
  status: WaitlistStatus;
  idempotency_key: string;
  created_at: Date;
  offered_at: Date | null;
  offer_expires_at: Date | null;
  booking_id: number | null;
}

/** A waitlist entry as its visitor sees it: never the name or the phone number. */
export interface WaitlistEntryView {
  code: string;
  slotId: number;
  status: WaitlistStatus;
  partySize: number;
  /** Visitors still waiting who asked before (0 unless waiting). */
  ahead: number;
  /** Until when the offered seats are held (ISO 8601); null unless offered. */
  offerExpiresAt: string | null;
  /** The booking's code once the offer was taken; null otherwise. */
  bookingCode: string | null;
  createdAt: string;
}

/** A waitlist entry as the owner and door staff see it. */
export interface AdminWaitlistEntryView extends WaitlistEntryView {
  id: number;
  name: string | null;
  phone: string | null;
}

/** How often each API process ends lapsed offers and offers freed seats (a cancellation offers at once). */
const SWEEP_EVERY_MS = 30_000;

/**
 * The waitlist of full popup slots (빈자리 알림; docs/decisions/0075-waitlist.md, docs/notifications.md).
 *
 * Rule: a visitor may join the list of a full slot (name, phone, party, consent, as for a booking; one active entry per
 * phone and slot). When seats free (a cancellation by the visitor or the administrator, more seats or tables given
 * by the administrator), the first on the list, in order of asking, whose party fits is offered them (a larger party
 * keeps its place at the front for the next seats): the seats are held in the slot's counters, so nobody else can
 * take them, for WAITLIST_HOLD_MINUTES. The offer is sent at once by
 * email when the visitor gave an address, and shows on the entry's status page (`/reserve/waitlist/<code>`). Taking
 * it makes the booking with the held seats; when the hold ends, the seats go back and pass to the next.
 *
 * The capacity rule stays in PostgreSQL: holds and bookings move the same counters under the slot's row lock.
 */
@Injectable()
export class WaitlistService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Waitlist');
  private readonly job = new PeriodicJob(
    () => this.sweep(),
    (message) => this.logger.warn(messages.waitlistSweepFailed(message)),
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(NOTIFICATION_PROVIDER) private readonly provider: NotificationProvider | null,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(SWEEP_EVERY_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }

  /**
   * Joins the waitlist of a full slot.
   * @param key the `Idempotency-Key`: the same key again answers the same entry (when the body is the same).
   * @throws ApiError 404 unknown slot; 409 the slot is open (book instead), not open yet or closed, the phone is on
   *   the list already, the key was used with another body; 400 party size outside the slot's bounds.
   */
  async join(body: CreateBookingDto, key: string): Promise<{ created: boolean; entry: WaitlistEntryView }> {
    const [earlier] = await this.dataSource.query<EntryRow[]>(
      `SELECT * FROM booking_waitlist WHERE idempotency_key = $1`,
      [key],
    );
    if (earlier) return { created: false, entry: await this.replay(earlier, body) };
    const slot = await this.dataSource.getRepository(PopupSlot).findOneBy({ id: body.slotId });
    if (!slot) throw new ApiError(404, messages.bookingSlotNotFound);
    const now = this.clock.now();
    const status = bookingStatus(slot, now);
    if (status === 'upcoming') throw new ApiError(409, messages.bookingNotOpenYet);
    if (status === 'closed') throw new ApiError(409, messages.bookingClosed);
    if (status === 'open') throw new ApiError(409, messages.waitlistSlotOpen);
    if (body.partySize < slot.partyMin || body.partySize > slot.partyMax) {
      const message = messages.bookingPartySizeOutOfRange(slot.partyMin, slot.partyMax);
      throw new ApiError(400, message, [{ field: 'partySize', message }]);
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        const [row] = await this.dataSource.query<EntryRow[]>(
          `INSERT INTO booking_waitlist (slot_id, code, name, phone, email, party_size, idempotency_key, consent_at,
             created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
          [slot.id, newBookingCode(), body.name, body.phone, body.email ?? null, body.partySize, key, now],
        );
        return { created: true, entry: await this.view(row!) };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'booking_waitlist_one_active_per_phone') {
          throw new ApiError(409, messages.waitlistDuplicatePhone);
        }
        if (constraint === 'booking_waitlist_idempotency_key_key') {
          const [first] = await this.dataSource.query<EntryRow[]>(
            `SELECT * FROM booking_waitlist WHERE idempotency_key = $1`,
            [key],
          );
          if (first) return { created: false, entry: await this.replay(first, body) };
        }
        if (constraint === 'booking_waitlist_code_key' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * The visitor's entry, found by its code and the last four digits of its phone number (the same 404 for either
   * wrong). Lapsed offers of its slot end first, so what it says is current.
   */
  async find(code: string, phone4: unknown): Promise<WaitlistEntryView> {
    const row = await this.mine(code, phone4);
    await this.sweepSlot(row.slot_id);
    return this.view(await this.byId(row.id));
  }

  /**
   * Takes the offer: the booking is made with the held seats.
   * @returns the new booking's code (the confirmation page's address).
   * @throws ApiError 404 (code or suffix wrong); 409 `messages.waitlistNoOffer` when there is no offer, or it lapsed.
   */
  async accept(code: string, phone4: unknown): Promise<string> {
    const { id, slot_id: slotId } = await this.mine(code, phone4);
    await this.sweepSlot(slotId);
    const now = this.clock.now();
    try {
      return await this.take(id, now);
    } catch (error) {
      if (uniqueViolation(error) === 'bookings_one_active_per_phone') {
        throw new ApiError(409, messages.bookingDuplicatePhone);
      }
      throw error;
    }
  }

  /** Makes the booking of an offered entry with its held seats, in one transaction. */
  private take(id: string, now: Date): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const [entry] = await manager.query<EntryRow[]>(`SELECT * FROM booking_waitlist WHERE id = $1 FOR UPDATE`, [id]);
      if (!entry || entry.status !== 'offered' || entry.offer_expires_at!.getTime() <= now.getTime()) {
        throw new ApiError(409, messages.waitlistNoOffer);
      }
      const bookingCode = newBookingCode();
      const [booking] = await manager.query<{ id: number }[]>(
        `INSERT INTO bookings (slot_id, code, name, phone, email, party_size, idempotency_key, consent_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          entry.slot_id,
          bookingCode,
          entry.name,
          entry.phone,
          entry.email,
          entry.party_size,
          `waitlist-${entry.code}`,
          entry.created_at,
          now,
        ],
      );
      await manager.query(
        `UPDATE booking_waitlist SET status = 'booked', booking_id = $2, closed_at = $3 WHERE id = $1`,
        [id, booking!.id, now],
      );
      return bookingCode;
    });
  }

  /** The visitor leaves the list; an offer they held goes to the next at once. */
  async leave(code: string, phone4: unknown): Promise<WaitlistEntryView> {
    const { id, slot_id: slotId } = await this.mine(code, phone4);
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const [entry] = await manager.query<EntryRow[]>(`SELECT * FROM booking_waitlist WHERE id = $1 FOR UPDATE`, [id]);
      if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return;
      if (entry.status === 'offered') await this.giveBack(manager, entry);
      await manager.query(`UPDATE booking_waitlist SET status = 'left', closed_at = $2 WHERE id = $1`, [id, now]);
    });
    await this.offerFreed(slotId);
    return this.view(await this.byId(id));
  }

  /** The list of a slot for the owner and door staff, in order of asking, the closed entries last. */
  async adminList(slotId: number): Promise<AdminWaitlistEntryView[]> {
    await this.sweepSlot(slotId);
    const rows = await this.dataSource.query<EntryRow[]>(
      `SELECT * FROM booking_waitlist WHERE slot_id = $1
        ORDER BY (status IN ('waiting', 'offered')) DESC, id`,
      [slotId],
    );
    return Promise.all(
      rows.map(async (row) => ({ ...(await this.view(row)), id: Number(row.id), name: row.name, phone: row.phone })),
    );
  }

  /**
   * The administrator takes someone off the list (they booked by phone, asked to be removed); an offer they held goes
   * to the next at once.
   * @throws ApiError 404 `messages.waitlistEntryNotFound`.
   */
  async adminRemove(id: number): Promise<AdminWaitlistEntryView> {
    const [row] = await this.dataSource.query<EntryRow[]>(`SELECT * FROM booking_waitlist WHERE id = $1`, [id]);
    if (!row) throw new ApiError(404, messages.waitlistEntryNotFound);
    await this.leave(row.code, row.phone?.slice(-4) ?? '');
    const after = await this.byId(row.id);
    return { ...(await this.view(after)), id: Number(after.id), name: after.name, phone: after.phone };
  }

  /**
   * Offers the freed seats of `slotId` to the list, first come first, while the first party fits; sends each offer.
   * Called after a cancellation, by the sweep, and after an offer ends.
   * @returns how many offers were made.
   */
  async offerFreed(slotId: number): Promise<number> {
    const now = this.clock.now();
    const expires = new Date(now.getTime() + this.config.waitlistHoldMinutes * 60_000);
    const offered = await this.dataSource.transaction(async (manager) => {
      const [slot] = await manager.query<
        {
          head_count: number;
          bookable_tables: number;
          booked_people: number;
          booked_tables: number;
          booking_enabled: boolean;
          startdate: Date;
          booking_closes_at: Date | null;
        }[]
      >(`SELECT * FROM popup_slots WHERE id = $1 FOR UPDATE`, [slotId]);
      if (!slot || !slot.booking_enabled) return [];
      if (now.getTime() >= closesAt({ bookingClosesAt: slot.booking_closes_at, startdate: slot.startdate }).getTime()) {
        return [];
      }
      let people = slot.head_count - slot.booked_people;
      let tables = slot.bookable_tables - slot.booked_tables;
      const line = await manager.query<EntryRow[]>(
        `SELECT * FROM booking_waitlist WHERE slot_id = $1 AND status = 'waiting' ORDER BY id FOR UPDATE`,
        [slotId],
      );
      const made: EntryRow[] = [];
      for (const entry of line) {
        if (tables < 1) break;
        // A party the freed seats cannot seat keeps its place at the front for the next seats; the next that fits
        // is offered these.
        if (entry.party_size > people) continue;
        people -= entry.party_size;
        tables -= 1;
        await manager.query(
          `UPDATE popup_slots SET booked_people = booked_people + $2, booked_tables = booked_tables + 1 WHERE id = $1`,
          [slotId, entry.party_size],
        );
        await manager.query(
          `UPDATE booking_waitlist SET status = 'offered', offered_at = $2, offer_expires_at = $3 WHERE id = $1`,
          [entry.id, now, expires],
        );
        made.push({ ...entry, offer_expires_at: expires });
      }
      return made;
    });
    for (const entry of offered) await this.notify(entry, slotId);
    return offered.length;
  }

  /**
   * One round over every slot with a list: lapsed offers end (seats back, offered on), and freed seats (the
   * administrator gave more) are offered. Each API process runs it every 30 s; the advisory lock keeps it one at once.
   */
  async sweep(): Promise<void> {
    const slots = await this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock($1::bigint) AS locked`,
        [ADVISORY_LOCKS.waitlistSweep],
      );
      if (!lock?.locked) return [];
      return manager.query<{ slot_id: number }[]>(
        `SELECT DISTINCT slot_id FROM booking_waitlist WHERE status IN ('waiting', 'offered')`,
      );
    });
    for (const { slot_id: slotId } of slots) await this.sweepSlot(slotId);
  }

  /** Ends the lapsed offers of one slot, then offers what is free. */
  private async sweepSlot(slotId: number): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const lapsed = await manager.query<EntryRow[]>(
        `SELECT * FROM booking_waitlist WHERE slot_id = $1 AND status = 'offered' AND offer_expires_at <= $2
          ORDER BY id FOR UPDATE`,
        [slotId, now],
      );
      for (const entry of lapsed) {
        await this.giveBack(manager, entry);
        await manager.query(`UPDATE booking_waitlist SET status = 'expired', closed_at = $2 WHERE id = $1`, [
          entry.id,
          now,
        ]);
      }
    });
    await this.offerFreed(slotId);
  }

  /** Gives an offer's held seats and table back to its slot. */
  private async giveBack(manager: EntityManager, entry: EntryRow): Promise<void> {
    await giveSeatsBack(manager, entry.slot_id, entry.party_size);
  }

  /** Sends the offer by email when the visitor gave an address and the site sends mail; a failure is logged only. */
  private async notify(entry: EntryRow, slotId: number): Promise<void> {
    if (!this.provider || !entry.email) return;
    const slot = await this.dataSource.getRepository(PopupSlot).findOneBy({ id: slotId });
    if (!slot) return;
    const text = messages.waitlistOffer;
    const until = entry.offer_expires_at!;
    const url = `${this.config.site.publicUrl ?? ''}/reserve/waitlist/${entry.code}`;
    try {
      await this.provider.send({
        to: entry.email,
        subject: text.subject(seoulLongDay(slot.startdate), seoulClock(slot.startdate)),
        text: [
          text.greeting(entry.name ?? ''),
          '',
          text.when(seoulLongDay(slot.startdate), `${seoulClock(slot.startdate)} ~ ${seoulClock(slot.enddate)}`),
          text.party(entry.party_size),
          text.until(`${seoulLongDay(until)} ${seoulClock(until)}`),
          '',
          text.link(url),
        ].join('\n'),
      });
    } catch (error) {
      const reason = error instanceof NotificationError ? error.reason : 'unknown';
      this.logger.warn(messages.waitlistOfferNotSent(reason));
    }
  }

  private async mine(code: string, phone4: unknown): Promise<EntryRow> {
    const normalized = normalizeCode(code);
    if (typeof phone4 !== 'string' || !/^\d{4}$/.test(phone4)) throw new ApiError(400, messages.bookingPhone4Invalid);
    if (!normalized) throw new ApiError(404, messages.waitlistNotFound);
    const [row] = await this.dataSource.query<EntryRow[]>(
      `SELECT * FROM booking_waitlist WHERE code = $1 AND right(phone, 4) = $2`,
      [normalized, phone4],
    );
    if (!row) throw new ApiError(404, messages.waitlistNotFound);
    return row;
  }

  private async byId(id: string): Promise<EntryRow> {
    const [row] = await this.dataSource.query<EntryRow[]>(`SELECT * FROM booking_waitlist WHERE id = $1`, [id]);
    return row!;
  }

  /** The first entry of a repeated key, when the repeat asks for the same thing; else 409. */
  private async replay(row: EntryRow, body: CreateBookingDto): Promise<WaitlistEntryView> {
    if (!sameSubmit(row, body)) throw new ApiError(409, messages.bookingIdempotencyKeyReused);
    return this.view(row);
  }

  private async view(row: EntryRow): Promise<WaitlistEntryView> {
    const [line] = await this.dataSource.query<{ ahead: number }[]>(
      `SELECT count(*)::int AS ahead FROM booking_waitlist WHERE slot_id = $1 AND status = 'waiting' AND id < $2`,
      [row.slot_id, row.id],
    );
    const [booking] = row.booking_id
      ? await this.dataSource.query<{ code: string }[]>(`SELECT code FROM bookings WHERE id = $1`, [row.booking_id])
      : [];
    return {
      code: row.code,
      slotId: row.slot_id,
      status: row.status,
      partySize: row.party_size,
      ahead: row.status === 'waiting' ? (line?.ahead ?? 0) : 0,
      offerExpiresAt: row.status === 'offered' && row.offer_expires_at ? row.offer_expires_at.toISOString() : null,
      bookingCode: booking?.code ?? null,
      createdAt: row.created_at.toISOString(),
    };
  }
}
