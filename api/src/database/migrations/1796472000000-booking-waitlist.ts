import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waitlist of full popup slots (docs/decisions/0075-waitlist.md, bookings/waitlist.service.ts): visitors who asked
 * for a freed seat, in order of asking (`id`). An offer holds the freed seats in the slot's counters (booked_people,
 * booked_tables) until it is taken (a booking is made) or its hold ends (given back, offered to the next). Names, phone
 * numbers and email addresses are erased with the bookings' (BOOKING_RETENTION_DAYS after the slot).
 */
export class BookingWaitlist1796472000000 implements MigrationInterface {
  name = 'BookingWaitlist1796472000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_waitlist (
        id bigserial PRIMARY KEY,
        slot_id integer NOT NULL REFERENCES popup_slots (id) ON DELETE CASCADE,
        code char(8) NOT NULL UNIQUE CHECK (code ~ '^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$'),
        name text,
        phone text,
        email text,
        party_size integer NOT NULL CHECK (party_size BETWEEN 1 AND 50),
        status text NOT NULL DEFAULT 'waiting'
          CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'left')),
        idempotency_key text NOT NULL UNIQUE,
        consent_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        offered_at timestamptz,
        offer_expires_at timestamptz,
        booking_id integer REFERENCES bookings (id) ON DELETE SET NULL,
        closed_at timestamptz,
        erased_at timestamptz,
        CONSTRAINT booking_waitlist_offer_times CHECK ((status = 'offered') <= (offer_expires_at IS NOT NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX booking_waitlist_one_active_per_phone ON booking_waitlist (slot_id, phone)
        WHERE status IN ('waiting', 'offered')`,
    );
    await q.query(`CREATE INDEX booking_waitlist_line ON booking_waitlist (slot_id, id) WHERE status = 'waiting'`);
    await q.query(
      `CREATE INDEX booking_waitlist_offers ON booking_waitlist (offer_expires_at) WHERE status = 'offered'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_waitlist`);
  }
}
