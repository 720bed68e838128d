import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bookings of popup slots (docs/decisions/0030-popup-bookings.md). The capacity rules live here, so they hold whatever
 * number of API processes write at once (ARCHITECTURE.md "Correctness lives in PostgreSQL"):
 * - each slot keeps its booking settings (open and close time, cancellation deadline in hours before the start,
 *   party size per booking, a manual switch) and its counters `booked_people` / `booked_tables`, which CHECKs keep
 *   between 0 and the head count / bookable tables, so no write can oversell or go below zero;
 * - one active booking (booked or checked in) per phone number and slot: a partial unique index;
 * - one booking per idempotency key; codes unique;
 * - names and phone numbers become NULL when erased (`erased_at`), the counts stay.
 * Slots that existed before bookings start with booking switched off, so nothing opens for visitors by surprise.
 */
export class PopupBookings1795608000000 implements MigrationInterface {
  name = 'PopupBookings1795608000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE popup_slots
        ADD COLUMN booking_opens_at    timestamptz NULL,
        ADD COLUMN booking_closes_at   timestamptz NULL,
        ADD COLUMN cancel_hours_before int         NOT NULL DEFAULT 24 CHECK (cancel_hours_before BETWEEN 0 AND 720),
        ADD COLUMN party_min           int         NOT NULL DEFAULT 1,
        ADD COLUMN party_max           int         NOT NULL DEFAULT 4,
        ADD COLUMN booking_enabled     boolean     NOT NULL DEFAULT false,
        ADD COLUMN booked_people       int         NOT NULL DEFAULT 0,
        ADD COLUMN booked_tables       int         NOT NULL DEFAULT 0,
        ADD CONSTRAINT popup_slots_party_bounds CHECK (party_min BETWEEN 1 AND 50 AND party_max BETWEEN party_min AND 50),
        ADD CONSTRAINT popup_slots_booked_people CHECK (booked_people BETWEEN 0 AND head_count),
        ADD CONSTRAINT popup_slots_booked_tables CHECK (booked_tables BETWEEN 0 AND bookable_tables),
        ADD CONSTRAINT popup_slots_booking_window
          CHECK (booking_opens_at IS NULL OR booking_closes_at IS NULL OR booking_closes_at > booking_opens_at)`);
    // New slots take bookings unless the administrator switches it off.
    await q.query(`ALTER TABLE popup_slots ALTER COLUMN booking_enabled SET DEFAULT true`);
    await q.query(`
      CREATE TABLE popup_info (
        id         smallint      PRIMARY KEY CHECK (id = 1),
        title      varchar(100)  NOT NULL,
        place      varchar(200)  NOT NULL,
        notice     varchar(2000) NOT NULL,
        image_key  char(64)      NULL REFERENCES images(key),
        updated_at timestamptz   NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE bookings (
        id              serial       PRIMARY KEY,
        slot_id         int          NOT NULL REFERENCES popup_slots(id) ON DELETE CASCADE,
        code            char(8)      NOT NULL UNIQUE CHECK (code ~ '^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$'),
        name            varchar(20)  NULL,
        phone           char(11)     NULL CHECK (phone ~ '^010[0-9]{8}$'),
        party_size      int          NOT NULL CHECK (party_size BETWEEN 1 AND 50),
        status          varchar(10)  NOT NULL DEFAULT 'booked'
                                     CHECK (status IN ('booked', 'cancelled', 'checked_in', 'no_show')),
        idempotency_key varchar(64)  NOT NULL,
        consent_at      timestamptz  NOT NULL,
        created_at      timestamptz  NOT NULL,
        cancelled_at    timestamptz  NULL,
        checked_in_at   timestamptz  NULL,
        no_show_at      timestamptz  NULL,
        erased_at       timestamptz  NULL,
        CONSTRAINT bookings_idempotency_key_unique UNIQUE (idempotency_key),
        CONSTRAINT bookings_erased CHECK ((erased_at IS NULL) = (name IS NOT NULL AND phone IS NOT NULL))
      )`);
    await q.query(`
      CREATE UNIQUE INDEX bookings_one_active_per_phone ON bookings (slot_id, phone)
       WHERE status IN ('booked', 'checked_in')`);
    await q.query(`CREATE INDEX bookings_slot_idx ON bookings (slot_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bookings, popup_info`);
    await q.query(`
      ALTER TABLE popup_slots
        DROP COLUMN booking_opens_at, DROP COLUMN booking_closes_at, DROP COLUMN cancel_hours_before,
        DROP COLUMN party_min, DROP COLUMN party_max, DROP COLUMN booking_enabled,
        DROP COLUMN booked_people, DROP COLUMN booked_tables`);
  }
}
