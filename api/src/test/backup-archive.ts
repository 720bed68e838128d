import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';

/**
 * Taking a backup archive (docs/backup.md) apart and putting it back together, for the specs that change one in the
 * ways a damaged, forged or foreign archive would be.
 */

/** One entry of an archive: its path and bytes. */
export type Entry = { name: string; body: Buffer };

/** The entries of a tar.gz, in order. */
export async function entriesOf(archive: Buffer): Promise<Entry[]> {
  const extract = tarExtract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  const entries: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

/** A tar.gz of `entries`. */
export async function packOf(entries: Entry[]): Promise<Buffer> {
  const pack = tarPack();
  for (const { name, body } of entries) pack.entry({ name, size: body.length }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** The archive with its manifest rewritten to match the (changed) entries, as a careful forger would. */
export async function withManifest(
  entries: Entry[],
  change: (manifest: Record<string, unknown>) => void = () => undefined,
): Promise<Buffer> {
  const manifestEntry = entries.find((e) => e.name === 'manifest.json')!;
  const manifest = JSON.parse(manifestEntry.body.toString()) as { files: Record<string, unknown> };
  manifest.files = Object.fromEntries(
    entries
      .filter((e) => e.name !== 'manifest.json' && e.name !== 'format.json')
      .map((e) => {
        const previous = manifest.files[e.name] as { rows?: number } | undefined;
        const rows = e.name.endsWith('.ndjson') ? e.body.toString().split('\n').filter(Boolean).length : undefined;
        return [
          e.name,
          {
            bytes: e.body.length,
            sha256: createHash('sha256').update(e.body).digest('hex'),
            ...(rows === undefined ? (previous?.rows === undefined ? {} : { rows: previous.rows }) : { rows }),
          },
        ];
      }),
  );
  change(manifest);
  manifestEntry.body = Buffer.from(JSON.stringify(manifest));
  return packOf(entries);
}

/**
 * `archive` with the rows of `data/<table>.ndjson` changed by `change` (they are parsed, changed in place and written
 * back, one JSON object a line) and its manifest made to match.
 */
export async function withRows(
  archive: Buffer,
  table: string,
  change: (rows: Record<string, unknown>[]) => void,
): Promise<Buffer> {
  const entries = await entriesOf(archive);
  const entry = entries.find((e) => e.name === `data/${table}.ndjson`)!;
  const rows = entry.body
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  change(rows);
  entry.body = Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  return withManifest(entries);
}
