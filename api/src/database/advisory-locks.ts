/**
 * Every PostgreSQL advisory-lock key of the API, in one place, so no two jobs share one
 * (docs/decisions/0096-smaller-hardening.md: the booking erasure and the analytics rollup both used 7243019561120265,
 * and the erasure skipped its round when they met). Advisory locks are per database, so parallel test databases on one
 * server do not wait for each other. A value must never change once released: every version of the API and of the
 * migrate command has to agree on it. Keys are decimal `bigint` strings, passed as `$1::bigint`.
 */
export const ADVISORY_LOCKS = {
  /** Session lock held while migrations are checked or run (database/run-migrations.ts). */
  migrations: '7243019561120264',
  /** Transaction lock of the analytics rollup: one API process at a time rolls up (analytics-rollup.service.ts). */
  analyticsRollup: '7243019561120265',
  /** Transaction lock of the booking erasure job (bookings/booking-erasure.service.ts). */
  bookingErasure: '7243019561120266',
  /**
   * Transaction lock of the booking reminder job's claim (bookings/booking-reminder.service.ts;
   * docs/decisions/0076-calendar-and-reminders.md).
   */
  bookingReminders: '7243019561120267',
  /**
   * Transaction lock of the waitlist's sweep: one API process at a time (bookings/waitlist.service.ts;
   * docs/decisions/0071-opening-hour.md).
   */
  waitlistSweep: '7243019561120268',
  /** Transaction lock of the demo seed: two replicas starting at once seed once (seed/seed-demo-catalogue.ts). */
  demoSeed: String(0x11_4e_5e_ed),
} as const;
