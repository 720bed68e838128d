import { Client } from 'pg';
import { bookingStatus } from '../bookings/booking-rules';
import { openDataSource } from '../database/run-migrations';
import { typeormOptions } from '../database/typeorm-options';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { PG_CHANNEL } from './invalidation-channel';

jest.setTimeout(60_000);

/**
 * docs/decisions/0089-invalidation-cannot-be-lost.md: the triggers of migrations/1795953600000-public-cache-notify.ts
 * announce every write to a table of the public reads inside its own transaction. One client both writes and LISTENs:
 * PostgreSQL hands a session its own notifications at the end of each transaction, before the statement's answer, so
 * the count is exact when the query resolves.
 */
describe('public-cache NOTIFY triggers', () => {
  let database: TestDatabase;
  let client: Client;
  let heard = 0;
  /** How many notifications `sql` made. */
  const notifications = async (...statements: string[]): Promise<number> => {
    heard = 0;
    for (const sql of statements) await client.query(sql);
    return heard;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await (await openDataSource(typeormOptions(database.url), true)).destroy();
    client = new Client({ connectionString: database.url });
    await client.connect();
    client.on('notification', (message) => message.channel === PG_CHANNEL && (heard += 1));
    await client.query(`LISTEN ${PG_CHANNEL}`);
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('every write to links, plans, cover and popup_slots notifies once per transaction, a rolled back one never', async () => {
    const writes = {
      links: [
        `INSERT INTO links (pname, pcode) VALUES ('가', 0), ('나', 1)`,
        `UPDATE links SET pname = pname || '!'`,
        `DELETE FROM links WHERE pcode = 1`,
      ],
      plans: [
        `INSERT INTO plans (title, startdate, enddate) VALUES ('오픈', '2026-11-22', '2026-11-24')`,
        `UPDATE plans SET title = '오픈!'`,
        `DELETE FROM plans`,
      ],
      cover: [
        `INSERT INTO cover (id, image_key) VALUES (1, '${'a'.repeat(64)}')`,
        `UPDATE cover SET version = version + 1`,
      ],
      popup_slots: [
        `INSERT INTO popup_slots (cnt, startdate, enddate, head_count, bookable_tables)
           VALUES ('1', '2026-12-01T02:00:00Z', '2026-12-01T03:00:00Z', 4, 2)`,
        `UPDATE popup_slots SET booking_enabled = false`,
        `DELETE FROM popup_slots`,
      ],
    };
    // Tables no public read shows: no message.
    expect(
      await notifications(
        `INSERT INTO images (key, content_type, width, height, byte_size, bytes)
           VALUES ('${'a'.repeat(64)}', 'image/png', 1, 1, 1, '\\x00')`,
        `INSERT INTO administrators (sub) VALUES ('sub-1')`,
      ),
    ).toBe(0);
    for (const [table, statements] of Object.entries(writes)) {
      for (const sql of statements) expect([table, sql, await notifications(sql)]).toEqual([table, sql, 1]);
      expect(await notifications(`TRUNCATE ${table} CASCADE`)).toBe(1);
      // One transaction, several statements: one message.
      expect(await notifications('BEGIN', ...statements.slice(0, 2), 'COMMIT')).toBe(1);
      await client.query(`TRUNCATE ${table} CASCADE`);
      expect(await notifications('BEGIN', statements[0]!, 'ROLLBACK')).toBe(0);
    }
  });

  it("popup_slots booking counters notify exactly when the slot turns full or stops being full (booking-rules.ts's rule)", async () => {
    const far = new Date('2030-01-01T00:00:00Z');
    const now = new Date('2026-01-01T00:00:00Z');
    const checked: string[] = [];
    for (const headCount of [0, 1, 3]) {
      for (const bookableTables of [0, 1, 2]) {
        for (const partyMin of [1, 2]) {
          const [{ id }] = (
            await client.query<{ id: number }>(
              `INSERT INTO popup_slots (cnt, startdate, enddate, head_count, bookable_tables, party_min, party_max)
                 VALUES ('1', $1, $1, $2, $3, $4, 4) RETURNING id`,
              [far, headCount, bookableTables, partyMin],
            )
          ).rows as [{ id: number }];
          const full = (bookedPeople: number, bookedTables: number) =>
            bookingStatus(
              {
                startdate: far,
                headCount,
                bookableTables,
                bookingOpensAt: null,
                bookingClosesAt: null,
                bookingEnabled: true,
                partyMin,
                bookedPeople,
                bookedTables,
              },
              now,
            ) === 'full';
          const states = [];
          for (let people = 0; people <= headCount; people += 1) {
            for (let tables = 0; tables <= bookableTables; tables += 1) states.push([people, tables] as const);
          }
          for (const [fromPeople, fromTables] of states) {
            for (const [toPeople, toTables] of states) {
              await client.query(`UPDATE popup_slots SET booked_people = $2, booked_tables = $3 WHERE id = $1`, [
                id,
                fromPeople,
                fromTables,
              ]);
              heard = 0;
              await client.query(`UPDATE popup_slots SET booked_people = $2, booked_tables = $3 WHERE id = $1`, [
                id,
                toPeople,
                toTables,
              ]);
              const expected = full(fromPeople, fromTables) !== full(toPeople, toTables) ? 1 : 0;
              if (heard !== expected) {
                checked.push(
                  `head ${headCount} tables ${bookableTables} min ${partyMin}: ${fromPeople}/${fromTables} → ${toPeople}/${toTables} notified ${heard}, expected ${expected}`,
                );
              }
            }
          }
        }
      }
    }
    expect(checked).toEqual([]);
    // Any other column of the slot notifies, with or without the counters.
    expect(await notifications(`UPDATE popup_slots SET party_max = 3`)).toBe(1);
    expect(
      await notifications(`UPDATE popup_slots SET booked_people = 0, booked_tables = 0, version = version + 1`),
    ).toBe(1);
  });
});
