import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** `npm start`'s line once every part of the site answers (scripts/start.mjs). */
export const ALL_READY_LINE = /준비되었습니다[^\n]*?(http:\/\/localhost:\d+)/;
/** The first start's earlier line: `/` serves its whole first screen while other remotes still build. */
export const VISITOR_READY_LINE = /방문자 화면을 열 수 있습니다[^\n]*?(http:\/\/localhost:\d+)/;

export interface RunningService {
  name: string;
  pid: number;
  port: number;
}

export interface RunningSite {
  url: string;
  /** Origin of one app's own server, e.g. originOf('mf-store'). */
  originOf(dir: string): string;
  services(): RunningService[];
  /** Stops one service (SIGTERM) and waits until its port no longer answers. */
  stopService(name: string): Promise<void>;
  /** Ctrl-C, as a person would: resolves with the exit code once everything has stopped. */
  stop(): Promise<number | null>;
  output(): string;
}

/**
 * Starts the composed site exactly as `npm start` does (`node scripts/start.mjs`; `npm run dev` with
 * `script: 'scripts/dev.mjs'`), on its own ports and data directory, and resolves once it prints the site URL.
 * The site runs on the embedded database unless `env` names a `DATABASE_URL`: the test runner's own
 * `DATABASE_URL` (CI exports the server's `postgres` database) is not passed on, so no two sites share a database.
 * It builds nothing (SITE_SKIP_BUILD=1, unless `env` says otherwise): the e2e project's globalSetup built every app
 * once, and a site rebuilding an app while dev-loop.e2e.ts edits its sources would empty that app's dist/ under every
 * other running site. `root` is another checkout to start (a fresh clone: e2e/first-start.e2e.ts). `readyLine` is the
 * line waited for, its first group the site URL: by default the one printed once every part answers; the first start
 * prints an earlier one for visitors ({@link VISITOR_READY_LINE}).
 */
export async function startSite(
  env: Record<string, string>,
  timeoutMs = 300_000,
  script = 'scripts/start.mjs',
  root = repoRoot,
  readyLine = ALL_READY_LINE,
): Promise<RunningSite> {
  const { child, dataDir, output } = launchSite(process.execPath, [path.join(root, script)], env, root);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start in time:\n${output()}`)), timeoutMs);
    const onData = () => {
      const match = readyLine.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`site exited with ${code} before it was ready:\n${output()}`));
    });
  });

  const services = () => runningServices(dataDir);
  return {
    url,
    output,
    services,
    originOf: (dir) => originOfService(dataDir, dir),
    async stopService(name) {
      const service = services().find((s) => s.name === name);
      if (!service) throw new Error(`no service ${name}`);
      process.kill(service.pid, 'SIGTERM');
      await waitFor(async () => !(await answers(`http://127.0.0.1:${service.port}/`)), 10_000);
    },
    async stop() {
      child.kill('SIGINT');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Spawns `command args` in `root` (`node scripts/start.mjs`, or `npm start` itself) as a site of its own: a new data
 * directory, the embedded database unless `env` names a `DATABASE_URL` (the runner's is left out), nothing built
 * unless `env` says otherwise (SITE_SKIP_BUILD=1, see startSite); its standard output and error collected in
 * `output()`. It does not wait for anything.
 */
export function launchSite(
  command: string,
  args: string[],
  env: Record<string, string>,
  root = repoRoot,
): { child: ChildProcess; dataDir: string; output(): string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-e2e-'));
  const { DATABASE_URL: _runnersDatabase, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd: root,
    // IDP_OWNER_TOTP=optional: the browser tests sign in as the bootstrap owner with a password only; the provider's
    // default (`required`) would stop them at the authenticator enrolment (docs/decisions/0080-people-invites-totp.md).
    // A test may set it back.
    env: { ...inherited, DATA_DIR: dataDir, SITE_SKIP_BUILD: '1', IDP_OWNER_TOTP: 'optional', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, dataDir, output: () => output };
}

/** The services a site started with `DATA_DIR=dataDir` runs, as it lists them (`<dataDir>/run/site.json`). */
export function runningServices(dataDir: string): RunningService[] {
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'run', 'site.json'), 'utf8')) as RunningService[];
}

/** `http://localhost:<port>` of service `dir` (an app's folder, `api`, `idp`) of the site of `dataDir`. */
export function originOfService(dataDir: string, dir: string): string {
  const service = runningServices(dataDir).find((s) => s.name === dir);
  if (!service) throw new Error(`no service ${dir}`);
  return `http://localhost:${service.port}`;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
