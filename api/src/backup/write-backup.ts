import { typedQuery } from '../database/typed-query';
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import type { DataSource, QueryRunner } from 'typeorm';
import { rollUpToday } from '../analytics/analytics-rollup.service';
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  dataFile,
  IMAGE_COLUMNS,
  imageFile,
  type BackupCounts,
  type BackupManifest,
} from './backup-format';

/** Images read from the database at a time. */
const IMAGE_BATCH = 50;

/**
 * Writes the whole site as a backup archive (format 1, `backup-format.ts`) to `out`, from one consistent snapshot
 * (a REPEATABLE READ, read-only transaction), streaming: images are read a batch at a time. Today's visits are rolled
 * up first, so the analytics rollups in the archive include them.
 * @returns the rows per table and the number of images written.
 */
export async function writeBackup(dataSource: DataSource, out: Writable, now: Date): Promise<BackupCounts> {
  await rollUpToday(dataSource, now);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const archive = tarPack();
  const gzip = pipeline(archive, createGzip(), out);
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query('SET TRANSACTION READ ONLY');
    const files: BackupManifest['files'] = {};
    const counts: BackupCounts = {};
    const add = async (name: string, body: Buffer, rows?: number) => {
      files[name] = {
        bytes: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
        ...(rows === undefined ? {} : { rows }),
      };
      await entry(archive, name, body, now);
    };

    await entry(
      archive,
      'format.json',
      Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION })),
      now,
    );

    const images = await lines(runner, `SELECT ${IMAGE_COLUMNS.join(', ')} FROM images ORDER BY key`);
    await add(dataFile('images'), images.body, images.rows);
    counts.images = images.rows;
    const keys = (await typedQuery<{ key: string }[]>(runner, 'SELECT key FROM images ORDER BY key')).map(
      (row) => row.key,
    );
    for (let i = 0; i < keys.length; i += IMAGE_BATCH) {
      const batch = await typedQuery<{ key: string; bytes: Buffer }[]>(
        runner,
        'SELECT key, bytes FROM images WHERE key = ANY($1) ORDER BY key',
        [keys.slice(i, i + IMAGE_BATCH)],
      );
      for (const { key, bytes } of batch) await add(imageFile(key), bytes);
    }

    for (const table of BACKUP_TABLES) {
      const { body, rows } = await lines(runner, `SELECT * FROM ${table.name} ORDER BY ${table.orderBy}`);
      await add(dataFile(table.name), body, rows);
      counts[table.name] = rows;
    }

    const schema = (await typedQuery<{ name: string }[]>(runner, 'SELECT name FROM migrations ORDER BY id')).map(
      (m) => m.name,
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      schema,
      files,
    };
    await entry(archive, 'manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), now);
    await runner.commitTransaction();
    archive.finalize();
    await gzip;
    return counts;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    archive.destroy(error as Error);
    await gzip.catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

/** The rows of `sql` as newline-delimited JSON (`row_to_json`, so values keep PostgreSQL's own JSON forms). */
async function lines(runner: QueryRunner, sql: string): Promise<{ body: Buffer; rows: number }> {
  const rows = await typedQuery<{ line: string }[]>(runner, `SELECT row_to_json(t)::text AS line FROM (${sql}) t`);
  return { body: Buffer.from(rows.map((row) => `${row.line}\n`).join('')), rows: rows.length };
}

/** Adds one file to the tar stream and waits until it took it. */
function entry(archive: ReturnType<typeof tarPack>, name: string, body: Buffer, now: Date): Promise<void> {
  return new Promise((resolve, reject) =>
    archive.entry({ name, size: body.length, mtime: now, mode: 0o600 }, body, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}
