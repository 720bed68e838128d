import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import { messages } from '../common/messages';
import { bombArchive, GiB } from '../test/backup-bomb';
import { BACKUP_FORMAT, BACKUP_VERSION } from './backup-format';
import { BACKUP_DECOMPRESSION_LIMITS, BackupError, readBackup } from './read-backup';

jest.setTimeout(60_000);

const formatJson = JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION });

/** A small archive of `entries` (names and bodies), gzipped. */
async function archiveOf(entries: [string, string][]): Promise<Buffer> {
  const pack = tarPack();
  for (const [name, body] of entries) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

const refusal = async (promise: Promise<unknown>): Promise<BackupError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
};

describe('readBackup decompresses no more than its limits (docs/decisions/0088-bounded-decompression.md)', () => {
  it('refuses a 1 GiB entry compressed to about 1 MB before decompressing it, memory staying flat', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const { archive, compressedBytes } = bombArchive(GiB);
    const error = await refusal(readBackup(archive, async () => undefined));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(error.message).toBe(
      messages.backupEntryTooLarge('data/links.ndjson', BACKUP_DECOMPRESSION_LIMITS.entryMaxBytes),
    );
    expect(compressedBytes()).toBeLessThan(8 * 1024 * 1024);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an archive whose entries, each within the entry limit, decompress past the total', async () => {
    const body = '{"id":1}\n'.repeat(4_000); // 36,000 bytes of rows
    const archive = await archiveOf([
      ['format.json', formatJson],
      ['data/links.ndjson', body],
      ['data/plans.ndjson', body],
      ['data/tags.ndjson', body],
    ]);
    const error = await refusal(
      readBackup(Readable.from([archive]), async () => undefined, { entryMaxBytes: 50_000, totalMaxBytes: 100_000 }),
    );
    expect(error.message).toBe(messages.backupUnpackedTooLarge(100_000));
    expect(messages.backupUnpackedTooLarge(BACKUP_DECOMPRESSION_LIMITS.totalMaxBytes)).toContain('최대 4,096MB');
  });

  it('refuses an entry past the entry limit, and reads on to the usual checks below both limits', async () => {
    const archive = await archiveOf([
      ['format.json', formatJson],
      ['data/links.ndjson', 'x'.repeat(60_000)],
    ]);
    const limits = { entryMaxBytes: 50_000, totalMaxBytes: 1_000_000 };
    expect((await refusal(readBackup(Readable.from([archive]), async () => undefined, limits))).message).toBe(
      messages.backupEntryTooLarge('data/links.ndjson', 50_000),
    );
    // Within the limits the same archive fails only where any damaged archive does: its rows are not JSON.
    const roomy = { entryMaxBytes: 100_000, totalMaxBytes: 1_000_000 };
    expect((await refusal(readBackup(Readable.from([archive]), async () => undefined, roomy))).message).toBe(
      messages.backupDamaged('data/links.ndjson'),
    );
  });
});
