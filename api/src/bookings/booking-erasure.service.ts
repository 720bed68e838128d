import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ADVISORY_LOCKS } from '../database/advisory-locks';

/** The advisory lock key of the erasure job, its own (database/advisory-locks.ts). */
export const ERASURE_LOCK_KEY = ADVISORY_LOCKS.bookingErasure;
/** How often each API process tries the job, and how long after start it first does. */
const EVERY_MS = 60 * 60_000;
const FIRST_AFTER_MS = 60_000;

/**
 * Erases the names, phone numbers and email addresses (docs/decisions/0076-calendar-and-reminders.md) of bookings whose
 * slot ended more than BOOKING_RETENTION_DAYS ago (docs/decisions/0030-popup-bookings.md "Personal data"); the rows,
 * their party sizes and states, and the slots' counters stay, so counts are kept. Every API process runs it on a timer;
 * a transaction-scoped PostgreSQL advisory lock lets one process at a time do it (the others skip that round). Only the
 * number erased is logged, never what.
 */
@Injectable()
export class BookingErasureService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BookingErasure');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => {
      this.eraseExpired().catch((error: unknown) =>
        this.logger.warn(error instanceof Error ? error.message : String(error)),
      );
    };
    this.timer = setTimeout(() => {
      run();
      this.timer = setInterval(run, EVERY_MS);
      this.timer.unref();
    }, FIRST_AFTER_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  /**
   * One round: under the advisory lock, erases what is due at the clock's now.
   * @returns how many bookings were erased, or null when another process holds the lock.
   */
  async eraseExpired(): Promise<number | null> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.bookingRetentionDays * 86_400_000);
    const erased = await this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock($1::bigint) AS locked`,
        [ERASURE_LOCK_KEY],
      );
      if (!lock?.locked) return null;
      const [, count] = await manager.query<[unknown[], number]>(
        `UPDATE bookings b SET name = NULL, phone = NULL, email = NULL, erased_at = $2
           FROM popup_slots s
          WHERE b.slot_id = s.id AND b.erased_at IS NULL AND s.enddate < $1`,
        [cutoff, this.clock.now()],
      );
      // The waitlist's entries of those slots too (docs/decisions/0075-waitlist.md): the same personal data, the same
      // schedule.
      await manager.query(
        `UPDATE booking_waitlist w SET name = NULL, phone = NULL, email = NULL, erased_at = $2
           FROM popup_slots s
          WHERE w.slot_id = s.id AND w.erased_at IS NULL AND s.enddate < $1`,
        [cutoff, this.clock.now()],
      );
      return count;
    });
    if (erased) this.logger.log(messages.bookingsErased(erased));
    return erased;
  }
}
