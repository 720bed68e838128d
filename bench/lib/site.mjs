/**
 * Starts the whole site for a benchmark exactly as `npm start` does (scripts/start.mjs), on its own ports and a new
 * data directory (embedded database unless DATABASE_URL is set), and waits until `/` shows product cards in the
 * given Chromium. Nothing is built here: run `npm run build` first (start.mjs builds what is stale otherwise, and
 * that time would count as start-up).
 *
 *   const site = await startBenchSite({ browser, sitePort: 28080, apiPort: 23000, idpPort: 28090 });
 *   … site.url …
 *   await site.stop();
 *
 * @param {{ browser: import('playwright-core').Browser, sitePort: number, apiPort: number, idpPort: number,
 *   dataDir?: string, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ url: string, apiUrl: string, dataDir: string, seconds: number, stop: () => Promise<void> }>}
 *   `seconds`: from launch to the first load of `/` with cards; `stop()` sends Ctrl-C and waits for the exit.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/site-layout.mjs';

export async function startBenchSite({ browser, sitePort, apiPort, idpPort, dataDir, env = {} }) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-bench-'));
  const url = `http://localhost:${sitePort}/`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SITE_PORT: String(sitePort),
      API_PORT: String(apiPort),
      IDP_PORT: String(idpPort),
      DATA_DIR: dir,
      ...env,
    },
    stdio: 'ignore',
  });
  const page = await browser.newPage();
  for (;;) {
    try {
      await page.goto(url, { timeout: 5_000 });
      await page.waitForSelector('[data-testid="store-card"]', { timeout: 5_000 });
      break;
    } catch {
      if (child.exitCode !== null) throw new Error('the site exited before / loaded');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await page.close();
  return {
    url,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dataDir: dir,
    seconds,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** The flags this machine's closed network needs (e2e/support/browser.ts), for Chromium started outside Playwright. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Path of the machine's Chromium (Debian's), never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
