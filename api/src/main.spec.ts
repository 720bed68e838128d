import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stablePort } from './test/stable-ports';

jest.setTimeout(180_000);

/**
 * main.ts end to end on the embedded database, as `npm start` runs it: first start seeds the empty
 * database, the API answers, SIGINT stops it with exit code 0, and the lock is released.
 */
describe('main.ts with the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linksite-main-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, seeds, serves, and stops cleanly on SIGINT', async () => {
    const port = await stablePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    delete env.DATABASE_URL;
    const child = spawn(
      process.execPath,
      ['-r', join(__dirname, '../../build/register-swc.js'), join(__dirname, 'main.ts')],
      {
        env,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (output.includes(`API listening on http://127.0.0.1:${port}/api`)) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
        void exited.then((code) => {
          clearInterval(timer);
          reject(new Error(`main exited early (${code}):\n${output}`));
        });
      });
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
      const store = (await (await fetch(`http://127.0.0.1:${port}/api/store`)).json()) as { product: unknown[] };
      expect(store.product.length).toBeGreaterThanOrEqual(24);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
