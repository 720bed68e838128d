import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** `path` → its permission bits in octal, for every directory and file under `root` (root included). */
function modesUnder(root: string): Map<string, string> {
  const modes = new Map<string, string>();
  const pending = [root];
  while (pending.length > 0) {
    const path = pending.pop()!;
    const stat = statSync(path);
    modes.set(path, (stat.mode & 0o777).toString(8));
    if (stat.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return modes;
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

  it('keeps the data directory owner-only: directories 0700, files 0600, also under umask 000 (issue 15)', async () => {
    const umask = process.umask(0);
    let result;
    try {
      result = await runSmoke(dataDir);
    } finally {
      process.umask(umask);
    }
    expect(result.modesWhileRunning).toEqual({ dataDir: '700', pglite: '700', lock: '600' });
    const modes = modesUnder(dataDir);
    expect(modes.size).toBeGreaterThan(500);
    const open = [...modes].filter(([path, mode]) => mode !== (statSync(path).isDirectory() ? '700' : '600'));
    expect(open).toEqual([]);
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
