import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking reminders by email (docs/decisions/0076-calendar-and-reminders.md, docs/notifications.md):
 * - `email`: the address a visitor may give, with its own consent, to be reminded before the slot; personal data like
 *   the name and the phone number, so it is erased with them (`bookings_erased_email`: an erased booking has none);
 * - `reminded_at`: when the reminder job claimed the booking. A job run sets it in the same conditional UPDATE that
 *   picks the booking (`… WHERE reminded_at IS NULL`), so each booking is reminded at most once whatever the number
 *   of API processes (bookings/booking-reminder.service.ts);
 * - a partial index on the bookings still waiting for a reminder, the only rows the job reads.
 */
export class BookingReminders1796040000000 implements MigrationInterface {
  name = 'BookingReminders1796040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE bookings
        ADD COLUMN email       varchar(254) NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
        ADD COLUMN reminded_at timestamptz  NULL,
        ADD CONSTRAINT bookings_erased_email CHECK (erased_at IS NULL OR email IS NULL)`);
    await q.query(`
      CREATE INDEX bookings_reminder_due ON bookings (slot_id)
       WHERE email IS NOT NULL AND reminded_at IS NULL AND status = 'booked'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX bookings_reminder_due`);
    await q.query(`
      ALTER TABLE bookings DROP CONSTRAINT bookings_erased_email, DROP COLUMN reminded_at, DROP COLUMN email`);
  }
}
