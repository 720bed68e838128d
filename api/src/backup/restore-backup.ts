import { typedQuery } from '../database/typed-query';
import type { Readable } from 'node:stream';
import type { DataSource, QueryRunner } from 'typeorm';
import { messages } from '../common/messages';
import { BACKUP_TABLES, CLEARED_BY_RESTORE, IMAGE_COLUMNS, type BackupCounts } from './backup-format';
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
 * Reads and checks a whole archive without changing anything (`readBackup`), and says what a restore would replace.
 * @throws BackupError (Korean message) for an archive that cannot be restored here, a newer schema included.
 */
export async function checkBackup(dataSource: DataSource, input: Readable): Promise<RestoreReport> {
  const parsed = await readBackup(input, async () => undefined);
  await checkSchema(dataSource, parsed);
  return { createdAt: parsed.manifest.createdAt, archive: parsed.counts, current: await currentCounts(dataSource) };
}

/**
 * Replaces the site's content with an archive's, in one transaction: the backed-up tables are emptied (with what
 * depends on them: image variants; and the raw analytics events), the images inserted as they stream by, the rows
 * inserted at the end (columns the archive does not know take their defaults), the id sequences moved past the
 * restored ids. Any problem found on the way (a damaged entry, a missing manifest) rolls everything back.
 * @throws BackupError (Korean message); nothing is changed then.
 */
export async function restoreBackup(dataSource: DataSource, input: Readable): Promise<RestoreReport> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const current = await currentCounts(runner);
    await runner.startTransaction();
    const tables = ['images', ...BACKUP_TABLES.map((t) => t.name), ...CLEARED_BY_RESTORE];
    await runner.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    await runner.query(`UPDATE analytics_rollup_state SET last_event_id = 0`);
    const parsed = await readBackup(input, async (row, bytes) => {
      await runner.query(
        `INSERT INTO images (${IMAGE_COLUMNS.join(', ')}, bytes)
         SELECT ${IMAGE_COLUMNS.join(', ')}, $2 FROM json_populate_record(null::images, $1::json)`,
        [JSON.stringify(row), bytes],
      );
    });
    await checkSchema(runner, parsed);
    for (const table of BACKUP_TABLES) await insertRows(runner, table.name, parsed.tables[table.name]!);
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
 * The archive's migrations are all known here (an older archive is fine: its missing columns take defaults), and so
 * are its tables.
 */
async function checkSchema(db: DataSource | QueryRunner, parsed: ParsedBackup): Promise<void> {
  const known = new Set(
    (await typedQuery<{ name: string }[]>(db, 'SELECT name FROM migrations')).map((migration) => migration.name),
  );
  const unknown = parsed.manifest.schema.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new BackupError(messages.backupNewerSchema(unknown));
  if (parsed.unknownTables.length > 0) throw new BackupError(messages.backupUnexpectedEntry(parsed.unknownTables[0]!));
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
    await runner.query(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(null::${table}, $1::json)`,
      [JSON.stringify(rows)],
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
