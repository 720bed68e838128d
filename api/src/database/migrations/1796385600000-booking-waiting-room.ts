import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waiting room of popup bookings (docs/decisions/0074-waiting-room.md, bookings/waiting-room.service.ts): one
 * ticket per visitor and slot, admitted in order of arrival (`id`). Only a hash of the ticket is kept. A ticket is
 * waiting (admitted_at null), admitted until expires_at, or used by the booking it let through. Old tickets go with
 * their slot.
 */
export class BookingWaitingRoom1796385600000 implements MigrationInterface {
  name = 'BookingWaitingRoom1796385600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_queue (
        id bigserial PRIMARY KEY,
        slot_id integer NOT NULL REFERENCES popup_slots (id) ON DELETE CASCADE,
        ticket_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        admitted_at timestamptz,
        expires_at timestamptz,
        used_at timestamptz,
        CONSTRAINT booking_queue_admitted_expires CHECK ((admitted_at IS NULL) = (expires_at IS NULL))
      )`);
    // The waiting line of a slot, in order of arrival; and its admitted visitors.
    await q.query(`CREATE INDEX booking_queue_waiting ON booking_queue (slot_id, id) WHERE admitted_at IS NULL`);
    await q.query(
      `CREATE INDEX booking_queue_admitted ON booking_queue (slot_id, expires_at) WHERE admitted_at IS NOT NULL AND used_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_queue`);
  }
}
