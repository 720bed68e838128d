import { typedQuery } from '../database/typed-query';
import type { Readable } from 'node:stream';
import { QueryFailedError, type DataSource, type QueryRunner } from 'typeorm';
import { messages } from '../common/messages';
import { BACKUP_TABLES, CLEARED_BY_RESTORE, IMAGE_COLUMNS, type BackupCounts } from './backup-format';
import { checkColumns, checkRows } from './check-rows';
import { BackupError, readBackup, type ParsedBackup } from './read-backup';

/** What a restore found in an archive and what it replaces. */
export interface RestoreReport {
  /** When the archive was made (ISO 8601). */
  createdAt: string;
  /** Rows per table and images in the archive: what the site will hold. */
  archive: BackupCounts;
  /** The same counts of the site before the restore: what is replaced. */
  current: BackupCounts;
}

/** Rows per backed-up table and images in the database now. */
export async function currentCounts(db: DataSource | QueryRunner): Promise<BackupCounts> {
  const counts: BackupCounts = {};
  for (const table of ['images', ...BACKUP_TABLES.map((t) => t.name)]) {
    const [row] = await typedQuery<{ n: number }[]>(db, `SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row!.n;
  }
  return counts;
}

/**
 * Reads and checks a whole archive without changing anything (`readBackup`, `checkArchive`), and says what a restore
 * would replace.
 * @throws BackupError (Korean message) for an archive that cannot be restored here, a newer schema, a column this
 *   version does not have and a row the API would refuse included.
 */
export async function checkBackup(dataSource: DataSource, input: Readable): Promise<RestoreReport> {
  const parsed = await readBackup(input, async () => undefined);
  await checkArchive(dataSource, parsed);
  return { createdAt: parsed.manifest.createdAt, archive: parsed.counts, current: await currentCounts(dataSource) };
}

/**
 * Each slot's counters (`booked_people`, `booked_tables`) set to what its restored bookings hold: every booking but a
 * cancelled one holds its party's seats and one table (bookings.service.ts gives them back only on cancel). Not the
 * archive's own counters: an archive made while a waitlist offer held seats carries them, and the waitlist is not in
 * an archive, so they would be held for nobody, for good (docs/decisions/0075-waitlist.md); and counters below the
 * bookings would let a slot be oversold. Bookings past a slot's seats or tables break its CHECKs: the archive is
 * refused.
 */
const RECOUNT_HELD_SEATS = `
  UPDATE popup_slots AS slot
     SET booked_people = COALESCE(held.people, 0), booked_tables = COALESCE(held.tables, 0)
    FROM popup_slots AS s
    LEFT JOIN (SELECT slot_id, sum(party_size)::int AS people, count(*)::int AS tables
                 FROM bookings WHERE status <> 'cancelled' GROUP BY slot_id) AS held ON held.slot_id = s.id
   WHERE slot.id = s.id
     AND (slot.booked_people, slot.booked_tables) IS DISTINCT FROM (COALESCE(held.people, 0), COALESCE(held.tables, 0))`;

/**
 * Replaces the site's content with an archive's, in one transaction: the backed-up tables are emptied (with what
 * depends on them: image variants; and the raw analytics events), the images inserted as they stream by, the rows
 * inserted at the end (columns the archive does not know take their defaults), the id sequences moved past the
 * restored ids, the slots' seat counters recounted from the restored bookings ({@link RECOUNT_HELD_SEATS}). The rows are checked as `checkBackup` checks them before any is inserted, and the database's own
 * rules (CHECKs, references, types) refuse the rest. Any problem found on the way (a damaged entry, a missing
 * manifest, a refused row) rolls everything back.
 * @throws BackupError (Korean message); nothing is changed then.
 */
export async function restoreBackup(dataSource: DataSource, input: Readable): Promise<RestoreReport> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const current = await currentCounts(runner);
    await runner.startTransaction();
    // A deferred constraint (links' unique pcode) refuses at its own table's insert, not at the commit.
    await runner.query('SET CONSTRAINTS ALL IMMEDIATE');
    const tables = ['images', ...BACKUP_TABLES.map((t) => t.name), ...CLEARED_BY_RESTORE];
    await runner.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    await runner.query(`UPDATE analytics_rollup_state SET last_event_id = 0`);
    const parsed = await readBackup(input, async (row, bytes) => {
      await refusedAsArchive('images', () =>
        runner.query(
          `INSERT INTO images (${IMAGE_COLUMNS.join(', ')}, bytes)
           SELECT ${IMAGE_COLUMNS.join(', ')}, $2 FROM json_populate_record(null::images, $1::json)`,
          [JSON.stringify(row), bytes],
        ),
      );
    });
    await checkArchive(runner, parsed);
    for (const table of BACKUP_TABLES) await insertRows(runner, table.name, parsed.tables[table.name]!);
    await refusedAsArchive('popup_slots', () => runner.query(RECOUNT_HELD_SEATS));
    await runner.commitTransaction();
    return { createdAt: parsed.manifest.createdAt, archive: parsed.counts, current };
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}

/**
 * What a read archive must be to be restored here, the same for a check and a restore, in this order: its migrations
 * are all known here (an older archive is fine: its missing columns take defaults), and so are its tables and the
 * columns of its rows (`checkColumns`, docs/decisions/0096-smaller-hardening.md; images: IMAGE_COLUMNS, the rest: the
 * tables' columns in this database); every row passes the API's input rules (`checkRows`,
 * docs/decisions/0094-restore-validates.md).
 * @throws BackupError (Korean message) naming the first problem.
 */
async function checkArchive(db: DataSource | QueryRunner, parsed: ParsedBackup): Promise<void> {
  const known = new Set(
    (await typedQuery<{ name: string }[]>(db, 'SELECT name FROM migrations')).map((migration) => migration.name),
  );
  const unknown = parsed.manifest.schema.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new BackupError(messages.backupNewerSchema(unknown));
  if (parsed.unknownTables.length > 0) throw new BackupError(messages.backupUnexpectedEntry(parsed.unknownTables[0]!));
  const columns = new Map<string, Set<string>>([['images', new Set(IMAGE_COLUMNS)]]);
  for (const { table_name, column_name } of await typedQuery<{ table_name: string; column_name: string }[]>(
    db,
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY($1)`,
    [BACKUP_TABLES.map((table) => table.name)],
  )) {
    if (!columns.has(table_name)) columns.set(table_name, new Set());
    columns.get(table_name)!.add(column_name);
  }
  checkColumns({ images: parsed.images, ...parsed.tables }, columns);
  await checkRows(parsed.tables);
}

/**
 * Runs one insert of the archive's rows of `table`; the database refusing their data (SQLSTATE class 22, a value of
 * the wrong type or length; class 23, a CHECK, a reference, a duplicate key) refuses the archive
 * (docs/decisions/0094-restore-validates.md: the tables without an API input of their own are held to these rules
 * only).
 * @throws BackupError `messages.backupTableInvalid(table)`; any other error as it is.
 */
async function refusedAsArchive<T>(table: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    const code = error instanceof QueryFailedError ? (error.driverError as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && /^2[23]/.test(code)) throw new BackupError(messages.backupTableInvalid(table));
    throw error;
  }
}

/**
 * Inserts archive rows into `table` with PostgreSQL's own JSON-to-row conversion (`json_populate_recordset`), naming
 * only the columns both the rows and the table have, then moves the table's id sequence (if it has one) past the largest
 * id.
 */
async function insertRows(runner: QueryRunner, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const columns = (
    await typedQuery<{ column_name: string }[]>(
      runner,
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    )
  ).map((column) => column.column_name);
  if (rows.length > 0) {
    const present = columns.filter((column) => rows.some((row) => column in row));
    const list = present.map((column) => `"${column}"`).join(', ');
    await refusedAsArchive(table, () =>
      runner.query(
        `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(null::${table}, $1::json)`,
        [JSON.stringify(rows)],
      ),
    );
  }
  if (!columns.includes('id')) return;
  const [sequence] = await typedQuery<{ name: string | null }[]>(
    runner,
    `SELECT pg_get_serial_sequence($1, 'id') AS name`,
    [table],
  );
  if (sequence?.name) {
    await runner.query(`SELECT setval($1, coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`, [sequence.name]);
  }
}
