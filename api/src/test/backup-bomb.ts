import { PassThrough, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../backup/backup-format';

export const GiB = 1024 * 1024 * 1024;

/**
 * A gzip bomb in a backup archive's shape (docs/decisions/0088-bounded-decompression.md): format.json, then
 * `data/links.ndjson` of `size` zero bytes, streamed through gzip as it is made (1 GiB of zeros is about 1 MB
 * compressed), never held whole.
 * @returns the archive's stream, and how many compressed bytes it has given so far
 */
export function bombArchive(size: number): { archive: Readable; compressedBytes: () => number } {
  const pack = tarPack();
  pack.entry({ name: 'format.json' }, JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION }));
  const entry = pack.entry({ name: 'data/links.ndjson', size }, () => pack.finalize());
  const zeros = Buffer.alloc(1024 * 1024);
  let written = 0;
  const writeZeros = () => {
    while (written < size) {
      const chunk = zeros.subarray(0, Math.min(zeros.length, size - written));
      written += chunk.length;
      if (!entry.write(chunk)) {
        entry.once('drain', writeZeros);
        return;
      }
    }
    entry.end();
  };
  writeZeros();
  let compressed = 0;
  const archive = pack.pipe(createGzip({ level: 1 })).pipe(
    new PassThrough({
      transform(chunk: Buffer, _encoding, callback) {
        compressed += chunk.length;
        callback(null, chunk);
      },
    }),
  );
  return { archive, compressedBytes: () => compressed };
}
