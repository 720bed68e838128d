import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { messages } from '../common/messages';
import { imageTypeOf } from '../common/shared-rules';
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  dataFile,
  type BackupCounts,
  type BackupHeader,
  type BackupManifest,
} from './backup-format';

/** Why an archive cannot be restored; `message` is the Korean sentence for the administrator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** An image row of data/images.ndjson. */
export interface ImageRow {
  key: string;
  byte_size: number;
  [column: string]: unknown;
}

/** An archive read and checked whole: its manifest, its rows per table, and its counts. */
export interface ParsedBackup {
  manifest: BackupManifest;
  /** Rows of each table of BACKUP_TABLES (as row_to_json wrote them). */
  tables: Record<string, Record<string, unknown>[]>;
  /** The rows of data/images.ndjson, in order. */
  images: ImageRow[];
  counts: BackupCounts;
  /**
   * Table files this code does not know (`data/<table>.ndjson`), listed by the manifest: a newer site's tables. The
   * caller refuses the archive, after its schema check has said which migrations this site lacks.
   */
  unknownTables: string[];
}

/**
 * What an archive may decompress to (docs/decisions/0088-bounded-decompression.md: a 1 MB upload of one 1 GiB entry
 * took the API from 1.2 to 2.5 GB). Each entry is read whole (an image, at most UPLOAD_MAX_BYTES, or one table's rows),
 * so the largest entry bounds what one costs in memory: 128 MiB, far above a creator's site (10,000 links are about 5
 * MB of rows). The whole archive may decompress to 4 GiB (its upload is at most BACKUP_MAX_BYTES, 2 GiB by default). An
 * entry that says it is larger is refused before any of it is decompressed; the stream is cut the moment the total
 * passes.
 */
export interface DecompressionLimits {
  /** Bytes of one entry, decompressed. */
  entryMaxBytes: number;
  /** Bytes of the whole tar stream, decompressed. */
  totalMaxBytes: number;
}

export const BACKUP_DECOMPRESSION_LIMITS: DecompressionLimits = {
  entryMaxBytes: 128 * 1024 * 1024,
  totalMaxBytes: 4 * 1024 * 1024 * 1024,
};

const KEY = /^[0-9a-f]{64}$/;
const TABLE_FILE = /^data\/[a-z][a-z0-9_]{0,62}\.ndjson$/;
const TABLE_FILES = new Map(BACKUP_TABLES.map((table) => [dataFile(table.name), table.name]));

/**
 * Reads a backup archive (format ≤ 1, `backup-format.ts`) from `input` and checks all of it: the format first (a
 * foreign or newer archive is refused before anything else), every entry's size and SHA-256 against the manifest
 * written last (so a damaged or truncated archive is refused), every image's bytes against its key and its type, and
 * the images the rows point at. `onImage` gets each image (row and bytes) as it streams by, after its checks; the
 * tables' rows and the image rows come back at the end. Nothing is held but one entry and the rows, and nothing is
 * decompressed past `limits`.
 * @throws BackupError with a Korean message naming what is wrong, an entry or archive past `limits` included.
 */
export async function readBackup(
  input: Readable,
  onImage: (row: ImageRow, bytes: Buffer) => Promise<void>,
  limits: DecompressionLimits = BACKUP_DECOMPRESSION_LIMITS,
): Promise<ParsedBackup> {
  const gunzip = createGunzip();
  let decompressed = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      decompressed += chunk.length;
      if (decompressed > limits.totalMaxBytes) {
        callback(new BackupError(messages.backupUnpackedTooLarge(limits.totalMaxBytes)));
        return;
      }
      callback(null, chunk);
    },
  });
  const extract = tarExtract();
  const seen: BackupManifest['files'] = {};
  const tables: ParsedBackup['tables'] = {};
  const unknownTables: string[] = [];
  let header: BackupHeader | undefined;
  let imageRows: Map<string, ImageRow> | undefined;
  let images: ImageRow[] = [];
  let manifest: BackupManifest | undefined;
  let imagesStored = 0;

  // gzip and tar errors surface through the iteration below; a stream error upstream is passed on.
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip).pipe(bounded).pipe(extract);
  gunzip.on('error', (error) => bounded.destroy(error));
  bounded.on('error', (error) => extract.destroy(error));
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      // The tar header says how long the entry is, and tar-stream gives no more than that.
      if ((entry.header.size ?? 0) > limits.entryMaxBytes) {
        throw new BackupError(messages.backupEntryTooLarge(name, limits.entryMaxBytes));
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (manifest) throw new BackupError(messages.backupUnexpectedEntry(name));
      if (!header) {
        header = readHeader(name, body);
        continue;
      }
      if (name === 'manifest.json') {
        manifest = parseJson<BackupManifest>(name, body);
        continue;
      }
      seen[name] = { bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
      if (name === dataFile('images')) {
        images = ndjson<ImageRow>(name, body);
        imageRows = new Map(images.map((row) => [String(row.key), row]));
        seen[name]!.rows = imageRows.size;
      } else if (name.startsWith('images/')) {
        const key = name.slice('images/'.length);
        const row = imageRows?.get(key);
        if (!row || !KEY.test(key)) throw new BackupError(messages.backupUnexpectedEntry(name));
        if (seen[name]!.sha256 !== key || body.length !== Number(row.byte_size)) {
          throw new BackupError(messages.backupDamaged(name));
        }
        // The type an upload would be stored with is the one its bytes announce (docs/decisions/0004-image-uploads.md);
        // the images are served with it, so a row calling them text/html is refused
        // (docs/decisions/0094-restore-validates.md).
        if (imageTypeOf(body) !== row.content_type) {
          const index = images.indexOf(row) + 1;
          throw new BackupError(messages.backupRowInvalid('images', index, messages.imageUnreadable));
        }
        await onImage(row, body);
        imagesStored += 1;
      } else if (TABLE_FILES.has(name)) {
        const rows = ndjson<Record<string, unknown>>(name, body);
        tables[TABLE_FILES.get(name)!] = rows;
        seen[name]!.rows = rows.length;
      } else if (TABLE_FILE.test(name)) {
        seen[name]!.rows = ndjson<unknown>(name, body).length;
        unknownTables.push(name);
      } else {
        throw new BackupError(messages.backupUnexpectedEntry(name));
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // Before format.json was read it is not our archive (not gzip, or gzip of something else); after, it ended before
    // it should (gzip or tar cut short).
    throw new BackupError(header ? messages.backupTruncated : messages.backupForeign);
  } finally {
    // Refused midway: nothing more is read or decompressed.
    input.unpipe(gunzip);
    gunzip.destroy();
    bounded.destroy();
  }
  if (!header) throw new BackupError(messages.backupForeign);
  if (!manifest) throw new BackupError(messages.backupTruncated);
  checkManifest(manifest, seen, imagesStored, imageRows, tables);
  const counts: BackupCounts = { images: imagesStored };
  for (const table of BACKUP_TABLES) counts[table.name] = tables[table.name]!.length;
  return { manifest, tables, images, counts, unknownTables };
}

/** format.json, first: the archive is ours and not newer than this code. */
function readHeader(name: string, body: Buffer): BackupHeader {
  if (name !== 'format.json') throw new BackupError(messages.backupForeign);
  const header = parseJson<Partial<BackupHeader>>(name, body, messages.backupForeign);
  if (header.format !== BACKUP_FORMAT || !Number.isInteger(header.version) || header.version! < 1) {
    throw new BackupError(messages.backupForeign);
  }
  if (header.version! > BACKUP_VERSION)
    throw new BackupError(messages.backupNewerFormat(header.version!, BACKUP_VERSION));
  return header as BackupHeader;
}

/** Every entry is the one the manifest lists, and what the rows point at is there. */
function checkManifest(
  manifest: BackupManifest,
  seen: BackupManifest['files'],
  imagesStored: number,
  imageRows: Map<string, ImageRow> | undefined,
  tables: ParsedBackup['tables'],
): void {
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION || !manifest.files) {
    throw new BackupError(messages.backupForeign);
  }
  if (!Array.isArray(manifest.schema) || !manifest.schema.every((name) => typeof name === 'string')) {
    throw new BackupError(messages.backupDamaged('manifest.json'));
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = seen[name];
    if (!actual) throw new BackupError(messages.backupTruncated);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes || actual.rows !== expected.rows) {
      throw new BackupError(messages.backupDamaged(name));
    }
  }
  for (const name of Object.keys(seen)) {
    if (!manifest.files[name]) throw new BackupError(messages.backupUnexpectedEntry(name));
  }
  const keys = new Set(imageRows?.keys() ?? []);
  if (!imageRows || imagesStored !== keys.size) throw new BackupError(messages.backupTruncated);
  for (const table of BACKUP_TABLES) {
    if (!tables[table.name] && table.since && !manifest.schema.includes(table.since)) tables[table.name] = [];
    if (!tables[table.name]) throw new BackupError(messages.backupTruncated);
    for (const row of tables[table.name]!) {
      const imageKey = row.image_key;
      if (imageKey !== null && imageKey !== undefined && !keys.has(String(imageKey))) {
        throw new BackupError(messages.backupDamaged(dataFile(table.name)));
      }
    }
  }
}

function parseJson<T>(name: string, body: Buffer, message = messages.backupDamaged(name)): T {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as T;
  } catch {
    throw new BackupError(message);
  }
}

function ndjson<T>(name: string, body: Buffer): T[] {
  return body
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => parseJson<T>(name, Buffer.from(line)));
}
