import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createMigratedTestDatabase, testServerUrl } from '../../api/src/test/test-database';
import { freeSitePorts } from './free-ports';
import { secondsUntil } from './poll';
import { ALL_READY_LINE, isAlive, originOfService, repoRoot, runningServices, type RunningSite } from './site';
import { openBrowserOn, type SiteInBrowser, type SiteInBrowserOptions } from './site-in-browser';

/**
 * ONE started site for the browser tests that only read the freshly seeded site (docs/decisions/0067-ci-wall-time.md):
 * started by the first test file that asks for it, kept running for the next ones, stopped by the e2e project's
 * globalTeardown (build/jest/stop-shared-site.js), which fails the run unless it stops with exit code 0 on Ctrl-C. Its
 * start costs one test file what `openSiteInBrowser` costs every file.
 *
 * Only for a test that neither writes (no API write, no SQL write, no upload) nor restarts, stops or breaks a process
 * of the site, and needs no environment of its own: another file's assertions see the same site. Signing in is
 * allowed (a session of the identity provider is per browser). Every other test starts its own site
 * (site-in-browser.ts openSiteInBrowser).
 */

/** Password of the shared site's administrator `admin`. */
export const SHARED_SITE_ADMIN_PASSWORD = 'shared-site-e2e-비밀번호';

/** The folder the e2e globalSetup (build/jest/build-site.js) made for this run's shared site. */
export const SHARED_SITE_DIR_ENV = 'LINKSITE_E2E_SHARED_SITE_DIR';
/** The jest process of this run (set by the same globalSetup): the shared site stops when it is gone. */
export const JEST_PID_ENV = 'LINKSITE_E2E_JEST_PID';

/** What `<dir>/site.json` says once the shared site answers. */
interface SharedSiteRecord {
  url: string;
  dataDir: string;
  databaseUrl: string;
}

/** How long the first file waits for the site to answer, and the others for the first to say so. */
const START_TIMEOUT_MS = 300_000;

/**
 * The shared site (started now if no file of this run started it yet) and Debian's Chromium with one 1280×900 Korean
 * page on it, as openSiteInBrowser gives. `close()` closes the browser only and resolves with 0: the site's own exit
 * code is checked when the globalTeardown stops it. `site.stopService` and `site.stop` refuse: a test that needs them
 * starts its own site.
 * @param options the browser's: more context options (`timezoneId`), more Chromium flags.
 */
export async function openSharedSiteInBrowser(
  options: Pick<SiteInBrowserOptions, 'context' | 'browserArgs'> = {},
): Promise<SiteInBrowser> {
  const dir = process.env[SHARED_SITE_DIR_ENV];
  if (!dir || !process.env[JEST_PID_ENV]) {
    throw new Error(
      `${SHARED_SITE_DIR_ENV} is not set: the e2e project's globalSetup (build/jest/build-site.js) did not run`,
    );
  }
  const record = await sharedSite(dir);
  const refuse = (what: string) => async () => {
    throw new Error(`${what} on the shared site: a test that stops processes starts its own site (openSiteInBrowser)`);
  };
  const site: RunningSite = {
    url: record.url,
    output: () => fs.readFileSync(path.join(dir, 'site.log'), 'utf8'),
    services: () => runningServices(record.dataDir),
    originOf: (app) => originOfService(record.dataDir, app),
    stopService: refuse('stopService'),
    stop: refuse('stop'),
  };
  return openBrowserOn(site, record.databaseUrl, options, async () => 0);
}

/**
 * `<dir>/site.json` once the shared site answers. The first caller of the run (it creates `<dir>/lock`, which only one
 * process can) starts it; the others wait for that file, or for `<dir>/failed`, which says why it did not start.
 */
async function sharedSite(dir: string): Promise<SharedSiteRecord> {
  const recordFile = path.join(dir, 'site.json');
  const failedFile = path.join(dir, 'failed');
  let first = true;
  try {
    fs.mkdirSync(path.join(dir, 'lock'));
  } catch {
    first = false;
  }
  if (first) {
    try {
      const record = await startSharedSite(dir);
      fs.writeFileSync(recordFile, JSON.stringify(record));
    } catch (error) {
      fs.writeFileSync(failedFile, String(error));
      throw error;
    }
  }
  await secondsUntil(async () => fs.existsSync(recordFile) || fs.existsSync(failedFile), START_TIMEOUT_MS);
  if (fs.existsSync(failedFile))
    throw new Error(`the shared site did not start: ${fs.readFileSync(failedFile, 'utf8')}`);
  return JSON.parse(fs.readFileSync(recordFile, 'utf8')) as SharedSiteRecord;
}

/**
 * A fresh database, free ports, and `build/jest/shared-site-runner.js` detached, running `scripts/start.mjs` on them
 * with its output in `<dir>/site.log` (nothing built: SITE_SKIP_BUILD=1, as every e2e site); resolves once the site
 * prints that every part answers. On failure the runner is stopped (it drops the database) and the error names the
 * site's output.
 */
async function startSharedSite(dir: string): Promise<SharedSiteRecord> {
  const database = await createMigratedTestDatabase('linksite_e2e_shared');
  const ports = await freeSitePorts();
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'site.log');
  const log = fs.openSync(logFile, 'a');
  const { DATABASE_URL: _runnersDatabase, ...inherited } = process.env;
  const runner = spawn(
    process.execPath,
    [path.join(repoRoot, 'build', 'jest', 'shared-site-runner.js'), dir, process.env[JEST_PID_ENV]!, database.name],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        SITE_SKIP_BUILD: '1',
        DATABASE_URL: database.url,
        DATABASE_ADMIN_URL: testServerUrl(),
        SITE_PORT: String(ports.site),
        API_PORT: String(ports.api),
        IDP_PORT: String(ports.idp),
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: SHARED_SITE_ADMIN_PASSWORD,
        // The files signing in here do it with a password only, as the other browser tests do (site.ts launchSite).
        IDP_OWNER_TOTP: 'optional',
      },
      detached: true,
      stdio: ['ignore', log, log],
    },
  );
  runner.unref();
  fs.closeSync(log);
  fs.writeFileSync(path.join(dir, 'runner.pid'), String(runner.pid));
  const output = () => fs.readFileSync(logFile, 'utf8');
  let url: string | undefined;
  try {
    await secondsUntil(async () => {
      if (!isAlive(runner.pid!)) throw new Error('the shared site stopped before it was ready');
      url = ALL_READY_LINE.exec(output())?.[1];
      return url !== undefined;
    }, START_TIMEOUT_MS);
  } catch (error) {
    if (isAlive(runner.pid!)) process.kill(runner.pid!, 'SIGINT');
    throw new Error(`${String(error)}\n${output()}`, { cause: error });
  }
  return { url: url!, dataDir, databaseUrl: database.url };
}
