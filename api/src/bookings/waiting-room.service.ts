import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PopupSlot } from '../popups/popup-slot.entity';
import { bookingStatus, type BookingStatus } from './booking-rules';

/** Advisory lock namespace of admissions (the second key is the slot id): one admission round per slot at a time. */
export const ADMISSION_LOCK = 26_003;

/** The header a booking carries its admitted ticket in. */
export const QUEUE_TICKET_HEADER = 'Queue-Ticket';

/** A waiting ticket not asked about for this long (seconds) has left: it holds no place and is not admitted. */
export const STALE_AFTER_SECONDS = 45;

/** How long an admitted visitor takes to book, in seconds, until the slot's own figures say otherwise. */
const DEFAULT_SERVICE_SECONDS = 90;

/** Where a ticket stands. */
export type QueueTicketStatus = 'waiting' | 'admitted' | 'used' | 'expired';

/** What the waiting room screen shows (`GET /api/reserve/queue/:ticket`). */
export interface QueueTicketView {
  /** The ticket to send back: 32 URL-safe characters. Only its hash is stored. */
  ticket: string;
  slotId: number;
  status: QueueTicketStatus;
  /** Visitors still waiting who arrived before this one (0 once admitted). */
  ahead: number;
  /** Seconds until this visitor is likely admitted, while waiting; null otherwise. */
  estimateSeconds: number | null;
  /** Until when an admitted visitor may submit (ISO 8601); null otherwise. */
  admittedUntil: string | null;
  /** When to ask again, in seconds, while waiting (2–15, longer for a longer wait); null otherwise. */
  pollAfterSeconds: number | null;
  /**
   * The slot's booking status as this answer is made (booking-rules.ts bookingStatus): `full` or `closed` tells a
   * visitor still waiting that the seats ran out (or the tables: `full` either way) or bookings closed while they
   * waited, so the page says so at once instead of on its next refresh (docs/decisions/0077-visitor-knows-what-happened.md).
   */
  slotStatus: BookingStatus;
}

interface TicketRow {
  id: string;
  slot_id: number;
  admitted_at: Date | null;
  expires_at: Date | null;
  used_at: Date | null;
}

const hashOf = (ticket: string): Buffer => createHash('sha256').update(ticket).digest();

/** 32 characters of base64url: what a ticket looks like; anything else is refused without a query. */
const TICKET = /^[A-Za-z0-9_-]{32}$/;

/**
 * The fair waiting room in front of popup bookings (docs/decisions/0074-waiting-room.md; docs/notifications.md "Opening
 * hour").
 *
 * Rule: visitors are admitted to the booking form in order of arrival (the order their tickets were made in
 * PostgreSQL, one sequence for every API process), at most BOOKING_QUEUE_ACTIVE_LIMIT at a time per slot, each for
 * BOOKING_QUEUE_WINDOW_SECONDS to submit. A place frees when its visitor books or the window ends. Admission starts
 * when the slot's bookings open, so visitors who came early wait in the order they came. A waiting visitor who stops
 * asking for STALE_AFTER_SECONDS holds no place until they ask again (keeping their arrival order).
 *
 * The state lives in PostgreSQL (`booking_queue`), so several API processes agree; each admission round holds an
 * advisory lock per slot. The capacity rule stays where it was: seats are taken only by the booking's UPDATE.
 *
 * When nobody is waiting and fewer than the limit are admitted, a booking without a ticket goes through (an older
 * booking page, a quiet slot); once the room is busy, only admitted tickets book.
 */
@Injectable()
export class WaitingRoomService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A new ticket for `slotId`, admitted at once when there is room.
   * @throws ApiError 404 `messages.bookingSlotNotFound`; 409 `messages.bookingClosed` for a closed slot.
   */
  async join(slotId: number): Promise<QueueTicketView> {
    const slot = await this.dataSource.getRepository(PopupSlot).findOneBy({ id: slotId });
    if (!slot) throw new ApiError(404, messages.bookingSlotNotFound);
    const now = this.clock.now();
    if (bookingStatus(slot, now) === 'closed') throw new ApiError(409, messages.bookingClosed);
    const ticket = randomBytes(24).toString('base64url');
    await this.dataSource.query(
      `INSERT INTO booking_queue (slot_id, ticket_hash, created_at, last_seen_at) VALUES ($1, $2, $3, $3)`,
      [slotId, hashOf(ticket), now],
    );
    return this.status(ticket);
  }

  /**
   * Where `ticket` stands now; asking keeps a waiting place and runs an admission round for its slot.
   * @throws ApiError 404 `messages.queueTicketNotFound` for a ticket that is not ours.
   */
  async status(ticket: string): Promise<QueueTicketView> {
    if (!TICKET.test(ticket)) throw new ApiError(404, messages.queueTicketNotFound);
    const now = this.clock.now();
    // An UPDATE answers [rows, count] through TypeORM.
    const [[row]] = await this.dataSource.query<[TicketRow[], number]>(
      `UPDATE booking_queue SET last_seen_at = $2 WHERE ticket_hash = $1
       RETURNING id, slot_id, admitted_at, expires_at, used_at`,
      [hashOf(ticket), now],
    );
    if (!row) throw new ApiError(404, messages.queueTicketNotFound);
    if (row.admitted_at === null) {
      await this.admit(row.slot_id);
      const [again] = await this.dataSource.query<TicketRow[]>(
        `SELECT id, slot_id, admitted_at, expires_at, used_at FROM booking_queue WHERE id = $1`,
        [row.id],
      );
      return this.withSlotStatus(await this.view(ticket, again!, this.clock.now()));
    }
    return this.withSlotStatus(await this.view(ticket, row, now));
  }

  /** `view` with its slot's booking status now (a slot deleted since reads as closed). */
  private async withSlotStatus(view: Omit<QueueTicketView, 'slotStatus'>): Promise<QueueTicketView> {
    const slot = await this.dataSource.getRepository(PopupSlot).findOneBy({ id: view.slotId });
    return { ...view, slotStatus: slot ? bookingStatus(slot, this.clock.now()) : 'closed' };
  }

  /**
   * Lets a booking of `slotId` through the waiting room, inside the booking's transaction: an admitted ticket is
   * used (and given back if the transaction rolls back: a refused booking may be sent again within the window);
   * without a ticket, only while the room is not busy.
   * @throws ApiError 409 `messages.queueRequired` (busy, no ticket), `messages.queueNotYourTurn` (still waiting),
   *   `messages.queueAdmissionExpired` (the window ended), `messages.queueTicketUsed`, `messages.queueTicketNotFound`.
   */
  async claim(manager: EntityManager, slotId: number, ticket: string | undefined, now: Date): Promise<void> {
    if (ticket === undefined) {
      if (await this.busy(manager, slotId, now)) throw refusal(messages.queueRequired);
      return;
    }
    const hash = TICKET.test(ticket) ? hashOf(ticket) : null;
    if (!hash) throw refusal(messages.queueTicketNotFound);
    const [used] = await manager.query<[unknown[], number]>(
      `UPDATE booking_queue SET used_at = $3
        WHERE ticket_hash = $1 AND slot_id = $2 AND admitted_at IS NOT NULL AND used_at IS NULL AND expires_at > $3
        RETURNING id`,
      [hash, slotId, now],
    );
    if (used.length > 0) return;
    const [row] = await manager.query<TicketRow[]>(
      `SELECT id, slot_id, admitted_at, expires_at, used_at FROM booking_queue WHERE ticket_hash = $1`,
      [hash],
    );
    if (!row || row.slot_id !== slotId) throw refusal(messages.queueTicketNotFound);
    if (row.used_at) throw refusal(messages.queueTicketUsed);
    if (!row.admitted_at) throw refusal(messages.queueNotYourTurn);
    throw refusal(messages.queueAdmissionExpired);
  }

  /** Someone is waiting, or the admitted visitors fill the limit. */
  private async busy(manager: EntityManager, slotId: number, now: Date): Promise<boolean> {
    const [state] = await manager.query<{ waiting: boolean; active: number }[]>(
      `SELECT EXISTS (SELECT 1 FROM booking_queue
                       WHERE slot_id = $1 AND admitted_at IS NULL AND last_seen_at > $3) AS waiting,
              (SELECT count(*)::int FROM booking_queue
                WHERE slot_id = $1 AND admitted_at IS NOT NULL AND used_at IS NULL AND expires_at > $2) AS active`,
      [slotId, now, this.staleBefore(now)],
    );
    return state!.waiting || state!.active >= this.config.bookingQueue.activeLimit;
  }

  /**
   * One admission round: while the slot takes bookings, the oldest waiting tickets fill the places left.
   * Serialized per slot by an advisory lock, so two processes never admit past the limit.
   */
  private async admit(slotId: number): Promise<void> {
    const { activeLimit, windowSeconds } = this.config.bookingQueue;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [ADMISSION_LOCK, slotId]);
      // The time is read once the lock is held: a round that waited for another is stamped after it, so admissions
      // are stamped in the order they were made and no window loses the time spent waiting.
      const now = this.clock.now();
      const slot = await manager.findOneBy(PopupSlot, { id: slotId });
      if (!slot || bookingStatus(slot, now) !== 'open') return;
      await manager.query(
        `UPDATE booking_queue SET admitted_at = $2, expires_at = $3
          WHERE id IN (
            SELECT id FROM booking_queue
             WHERE slot_id = $1 AND admitted_at IS NULL AND last_seen_at > $4
             ORDER BY id
             LIMIT GREATEST(0, $5 - (SELECT count(*) FROM booking_queue
                                      WHERE slot_id = $1 AND admitted_at IS NOT NULL AND used_at IS NULL
                                        AND expires_at > $2)))`,
        [slotId, now, new Date(now.getTime() + windowSeconds * 1000), this.staleBefore(now), activeLimit],
      );
    });
  }

  private async view(ticket: string, row: TicketRow, now: Date): Promise<Omit<QueueTicketView, 'slotStatus'>> {
    const base = { ticket, slotId: row.slot_id };
    if (row.used_at) return { ...base, ...settled('used') };
    if (row.admitted_at && row.expires_at) {
      if (row.expires_at.getTime() <= now.getTime()) return { ...base, ...settled('expired') };
      return {
        ...base,
        status: 'admitted',
        ahead: 0,
        estimateSeconds: null,
        admittedUntil: row.expires_at.toISOString(),
        pollAfterSeconds: null,
      };
    }
    const [line] = await this.dataSource.query<{ ahead: number; service: number | null }[]>(
      `SELECT (SELECT count(*)::int FROM booking_queue
                WHERE slot_id = $1 AND admitted_at IS NULL AND id < $2 AND last_seen_at > $3) AS ahead,
              (SELECT extract(epoch FROM avg(used_at - admitted_at))::float FROM (
                 SELECT used_at, admitted_at FROM booking_queue
                  WHERE slot_id = $1 AND used_at IS NOT NULL ORDER BY used_at DESC LIMIT 100) recent) AS service`,
      [row.slot_id, row.id, this.staleBefore(now)],
    );
    const { activeLimit } = this.config.bookingQueue;
    const service = line!.service ?? DEFAULT_SERVICE_SECONDS;
    const estimateSeconds = Math.ceil((Math.floor(line!.ahead / activeLimit) + 1) * service);
    return {
      ...base,
      status: 'waiting',
      ahead: line!.ahead,
      estimateSeconds,
      admittedUntil: null,
      pollAfterSeconds: Math.min(15, Math.max(2, Math.ceil(estimateSeconds / 20))),
    };
  }

  private staleBefore(now: Date): Date {
    return new Date(now.getTime() - STALE_AFTER_SECONDS * 1000);
  }
}

/**
 * A booking the waiting room refuses: 409 naming the `Queue-Ticket` header as its field, so the booking page knows to
 * take a (new) place in the waiting room rather than show a form error.
 */
function refusal(message: string): ApiError {
  return new ApiError(409, message, [{ field: QUEUE_TICKET_HEADER, message }]);
}

function settled(status: 'used' | 'expired') {
  return { status, ahead: 0, estimateSeconds: null, admittedUntil: null, pollAfterSeconds: null } as const;
}
