import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/decisions/0089-invalidation-cannot-be-lost.md "Invalidation that cannot be lost": every write to a table the
 * public reads come from announces itself with `pg_notify('linksite_public_reads', '')` from a trigger, inside the
 * write's own transaction. PostgreSQL delivers a notification when (and only if) its transaction commits, so the
 * announcement commits with the data or not at all, whatever made the write: an API request, a booking, `npm run seed`,
 * `npm run restore` (TRUNCATE and INSERT), psql. Every API process LISTENs on the channel
 * (public-cache/invalidation-channel.ts) and empties its PublicCache. Notifications with the same channel and payload
 * in one transaction are delivered once: a restore is one message.
 *
 * The tables are those of the public reads (`@PublicRead()` routes): `links`, `plans`, `cover` and `popup_slots`. A
 * public read over another table needs that table added here (a new migration), or its writes would not be seen.
 *
 * `popup_slots`: every statement that inserts, deletes or truncates, and every UPDATE of a row that changes it in
 * anything but its booking counters; a change of the counters alone (a visitor's booking or cancellation) only when it
 * flips the slot between full and not full, the only thing a public read shows of them (`GET /api/reserve/status`,
 * the first screen's `reserveOpen`): "full" is booking-rules.ts `bookingStatus` (fewer seats left than the smallest
 * party, or no table left), written again here; public-cache/public-cache-notify.int.spec.ts checks the two agree. So a
 * burst of bookings does not empty the caches of every process at each booking.
 */
export class PublicCacheNotify1795953600000 implements MigrationInterface {
  name = 'PublicCacheNotify1795953600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION public_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('linksite_public_reads', '');
        RETURN NULL;
      END
      $$`);
    for (const table of ['links', 'plans', 'cover']) {
      await q.query(`
        CREATE TRIGGER ${table}_public_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify()`);
    }
    await q.query(`
      CREATE TRIGGER popup_slots_public_cache AFTER INSERT OR DELETE OR TRUNCATE ON popup_slots
        FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify()`);
    await q.query(`
      CREATE TRIGGER popup_slots_public_cache_update AFTER UPDATE ON popup_slots
        FOR EACH ROW
        WHEN (
          (to_jsonb(OLD) - ARRAY['booked_people', 'booked_tables'])
            IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['booked_people', 'booked_tables'])
          OR (OLD.head_count - OLD.booked_people < OLD.party_min OR OLD.bookable_tables - OLD.booked_tables < 1)
            IS DISTINCT FROM (NEW.head_count - NEW.booked_people < NEW.party_min OR NEW.bookable_tables - NEW.booked_tables < 1)
        )
        EXECUTE FUNCTION public_cache_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER popup_slots_public_cache_update ON popup_slots`);
    await q.query(`DROP TRIGGER popup_slots_public_cache ON popup_slots`);
    for (const table of ['cover', 'plans', 'links']) await q.query(`DROP TRIGGER ${table}_public_cache ON ${table}`);
    await q.query(`DROP FUNCTION public_cache_notify()`);
  }
}
