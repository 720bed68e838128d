import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedDatabaseLockedError, startEmbeddedPostgres } from './embedded-postgres';

jest.setTimeout(120_000);

/** Runs test/embedded-smoke.ts in a child process (PGlite cannot run inside jest's module sandbox). */
async function runSmoke(dataDir: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-r', join(__dirname, '../../../build/register-swc.js'), join(__dirname, '../test/embedded-smoke.ts')],
    { env: { ...process.env, DATA_DIR: dataDir }, timeout: 100_000 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  return JSON.parse(line!.slice('RESULT '.length));
}

describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linksite-pglite-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves PGlite over TCP, runs the migrations, a transaction and a query, then stops and releases the lock', async () => {
    const result = await runSmoke(dataDir);
    expect(result.lockWhileRunning).toBe(true);
    expect(result.lockAfterStop).toBe(false);
    expect(result.tables).toEqual(
      expect.arrayContaining(['administrators', 'cover', 'image_variants', 'images', 'links', 'plans', 'popup_slots']),
    );
    expect(result.startdate).toBe('2026-11-20');
  });

  it('refuses a lock held by a live process, naming the lock file', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dataDir, 'pglite.lock'), String(sleeper.pid));
      const attempt = startEmbeddedPostgres({ dataDir });
      await expect(attempt).rejects.toThrow(EmbeddedDatabaseLockedError);
      await expect(attempt).rejects.toThrow(join(dataDir, 'pglite.lock'));
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    writeFileSync(join(dataDir, 'pglite.lock'), '999999999');
    const result = await runSmoke(dataDir);
    expect(result.lockWhileRunning).toBe(true);
    expect(result.lockAfterStop).toBe(false);
  });
});
