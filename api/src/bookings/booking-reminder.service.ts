import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Clock } from '../common/clock';
import { PeriodicJob } from '../common/periodic-job';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ADVISORY_LOCKS } from '../database/advisory-locks';
import {
  NOTIFICATION_PROVIDER,
  NotificationError,
  type NotificationMessage,
  type NotificationProvider,
} from '../notifications/notification-provider';
import { PopupSlot } from '../popups/popup-slot.entity';
import { confirmationUrl } from './booking-calendar';
import { cancelUntil, seoulClock, seoulLongDay } from './booking-rules';
import type { PopupInfoDto } from './dto/booking.dto';
import { PopupInfoService } from './popup-info.service';

/** The advisory lock key of the reminder job's claim, its own (database/advisory-locks.ts). */
export const REMINDER_LOCK_KEY = ADVISORY_LOCKS.bookingReminders;
/** Bookings claimed at once; a round claims again while a claim comes back full. */
const BATCH = 100;

/** A booking claimed for its reminder, with what the message says. */
interface ClaimedBooking {
  id: number;
  slot_id: number;
  code: string;
  name: string | null;
  email: string;
  party_size: number;
}

/** What one round did. */
export interface ReminderRound {
  /** Reminders the channel accepted. */
  sent: number;
  /** Sends that failed: refused for good (not tried again) or for now (given back for the next round). */
  failed: number;
}

/**
 * The reminder of a booking as one message (docs/decisions/0076-calendar-and-reminders.md), in Korean, every time a
 * Seoul wall time as the booking page writes it (`2026년 11월 21일 (토) 오후 7:00 ~ 오후 9:00`): greeting, time and turn,
 * place, party, code, the confirmation address (where it is cancelled, with the last four digits of the phone number)
 * and the cancellation deadline at `now`, then why the visitor gets it and when the address is erased. No phone number.
 */
export function reminderMessage(
  booking: ClaimedBooking,
  slot: PopupSlot,
  info: PopupInfoDto | null,
  config: AppConfig,
  now: Date,
): NotificationMessage {
  const text = messages.bookingReminder;
  const title = info?.title ?? messages.bookingCalendar.titleFallback;
  const day = seoulLongDay(slot.startdate);
  const deadline = cancelUntil(slot);
  const lines = [
    text.greeting(booking.name ?? '', title),
    '',
    text.when(day, `${seoulClock(slot.startdate)} ~ ${seoulClock(slot.enddate)}`, slot.cnt),
    ...(info ? [text.place(info.place)] : []),
    text.party(booking.party_size),
    text.code(booking.code),
    '',
    text.link(confirmationUrl(config.site.publicUrl, booking.code)),
    now.getTime() <= deadline.getTime()
      ? text.cancelUntil(`${seoulLongDay(deadline)} ${seoulClock(deadline)}`)
      : text.cancelClosed,
    '',
    text.footer(config.bookingRetentionDays),
  ];
  return { to: booking.email, subject: text.subject(title, day, seoulClock(slot.startdate)), text: lines.join('\n') };
}

/**
 * Reminds visitors who gave an email address of their booking REMINDER_HOURS_BEFORE hours before the slot starts
 * (docs/decisions/0076-calendar-and-reminders.md), through the configured NotificationProvider; without one (no
 * SMTP_URL) it says so once at start and does nothing. Every API process looks every REMINDER_CHECK_SECONDS (a minute
 * by default). A round claims the due bookings with one conditional UPDATE
 * (`reminded_at = now … WHERE reminded_at IS NULL`, row locks skipped, under the job's own transaction-scoped advisory
 * lock), commits, then sends: a booking claimed by one round is never picked by another, in this process or another, so
 * each booking gets at most one reminder. A send that failed for now (server down, 4xx) gives its claim back for the
 * next round; one refused for good (5xx) keeps it. Due: status booked (never a cancelled one), an address, not claimed
 * yet, the slot not started, its start at most REMINDER_HOURS_BEFORE hours away, and the booking made before that (a
 * visitor who booked within the last day just read it all on the confirmation). Only counts and SMTP codes are logged,
 * never an address.
 */
@Injectable()
export class BookingReminderService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BookingReminders');
  private readonly job = new PeriodicJob(
    () => this.sendDue(),
    (message) => this.logger.warn(messages.reminderRoundFailed(message)),
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly info: PopupInfoService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(NOTIFICATION_PROVIDER) private readonly provider: NotificationProvider | null,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.provider) {
      this.logger.log(messages.remindersOff);
      return;
    }
    this.logger.log(messages.remindersOn(this.config.reminders.hoursBefore));
    this.job.start(this.config.reminders.checkEverySeconds * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }

  /**
   * One round at the clock's now: claims what is due and sends it, again while a claim comes back full.
   * @returns what was sent and what failed; null when no provider is configured or another process holds the lock.
   */
  async sendDue(): Promise<ReminderRound | null> {
    if (!this.provider) return null;
    const round: ReminderRound = { sent: 0, failed: 0 };
    for (let first = true; ; first = false) {
      const now = this.clock.now();
      const claimed = await this.claim(now);
      if (claimed === null) {
        if (first) return null;
        break;
      }
      await this.deliver(this.provider, claimed, now, round);
      if (claimed.length < BATCH) break;
    }
    if (round.sent > 0) this.logger.log(messages.remindersSent(round.sent));
    return round;
  }

  /** Marks up to BATCH due bookings reminded at `now` and returns them; null when another process holds the lock. */
  private claim(now: Date): Promise<ClaimedBooking[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock($1::bigint) AS locked`,
        [REMINDER_LOCK_KEY],
      );
      if (!lock?.locked) return null;
      const [rows] = await manager.query<[ClaimedBooking[], number]>(
        `UPDATE bookings SET reminded_at = $1
          WHERE id IN (
                SELECT b.id FROM bookings b JOIN popup_slots s ON s.id = b.slot_id
                 WHERE b.email IS NOT NULL AND b.reminded_at IS NULL AND b.status = 'booked'
                   AND s.startdate > $1 AND s.startdate <= $1 + make_interval(hours => $2)
                   AND b.created_at < s.startdate - make_interval(hours => $2)
                 ORDER BY s.startdate, b.id
                 LIMIT $3
                   FOR UPDATE OF b SKIP LOCKED)
            AND reminded_at IS NULL AND status = 'booked'
          RETURNING id, slot_id, code, name, email, party_size`,
        [now, this.config.reminders.hoursBefore, BATCH],
      );
      return rows;
    });
  }

  /** Sends each claimed booking's reminder; a failure that may pass gives the claim back. */
  private async deliver(
    provider: NotificationProvider,
    claimed: ClaimedBooking[],
    now: Date,
    round: ReminderRound,
  ): Promise<void> {
    if (claimed.length === 0) return;
    const [slots, info] = await Promise.all([
      this.dataSource.getRepository(PopupSlot).findBy({ id: In([...new Set(claimed.map((b) => b.slot_id))]) }),
      this.info.current(),
    ]);
    const slotById = new Map(slots.map((slot) => [slot.id, slot]));
    for (const booking of claimed) {
      try {
        await provider.send(reminderMessage(booking, slotById.get(booking.slot_id)!, info, this.config, now));
        round.sent += 1;
      } catch (error) {
        round.failed += 1;
        const failure = error instanceof NotificationError ? error : new NotificationError('ERROR', false);
        if (!failure.permanent) {
          await this.dataSource.query(`UPDATE bookings SET reminded_at = NULL WHERE id = $1 AND reminded_at = $2`, [
            booking.id,
            now,
          ]);
        }
        this.logger.warn(messages.reminderFailed(failure.reason, !failure.permanent));
      }
    }
  }
}
