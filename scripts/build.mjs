/**
 * Builds what is not built: the API and the embedded identity provider (tsc) and every frontend app (webpack),
 * several at a time, each through its package's `npm run build`, which is a wireit task (package.json "wireit";
 * docs/project-structure.md "Builds"). wireit keys each task by the content of its declared inputs (SHA-256 of every
 * file, the command, the lockfile, the Node version, and the inputs of the tasks it depends on): a task whose inputs
 * are unchanged and whose output is intact is skipped, one whose inputs match an earlier build gets that build's
 * output back from wireit's cache (`<package>/.wireit/`), and the others run. `--all` rebuilds everything, cache
 * included.
 *
 *   node scripts/build.mjs [--all] [--only <target>[,<target>…]]
 *
 * `--only api,idp` considers those targets alone (the names of buildTargets): the specs that run `api/dist` or
 * `idp/dist` build them this way, so a build already made is left untouched while another process runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import appRelease from '../build/app-release.js';
import { repoRoot, siteLayout } from './site-layout.mjs';

/** wireit's folder of the `build` task's state in a package (its name hex-encoded, as wireit writes it). */
const TASK_DATA_DIR = path.join('.wireit', Buffer.from('build').toString('hex'));

/**
 * The build targets, the API and the identity provider first, then the remotes, the host last. `kind` says which
 * compiler the task runs (webpack builds take several times longer than tsc).
 * @returns {{ name: string, cwd: string, kind: 'tsc' | 'webpack' }[]} name: the package's folder, also its name in
 *   `only` and in the log files; cwd: that folder relative to the repository's root
 */
export function buildTargets() {
  const servers = ['api', 'idp'].map((dir) => ({ name: dir, cwd: dir, kind: /** @type {const} */ ('tsc') }));
  // Remotes first, the host last (the order of siteLayout is the host first).
  const apps = siteLayout()
    .apps.slice()
    .reverse()
    .map((app) => ({ name: app.dir, cwd: app.dir, kind: /** @type {const} */ ('webpack') }));
  return [...servers, ...apps];
}

/**
 * How to start npm: the npm that runs this script when there is one (`npm start`, `npm run build`), else the `npm`
 * on the PATH.
 * @param {string[]} args
 * @returns {{ file: string, args: string[], shell: boolean }}
 */
function npm(args) {
  const cli = process.env.npm_execpath;
  if (cli && /\.[cm]?js$/.test(cli)) return { file: process.execPath, args: [cli, ...args], shell: false };
  return { file: 'npm', args, shell: process.platform === 'win32' };
}

/**
 * The environment of a task's npm: this one's, without a probe request and with `extra`. wireit's local cache stays on
 * where `CI=true` would turn it off (a CI run builds the site, and its tests go back to earlier builds, in one
 * machine's life); `WIREIT_CACHE` set by the caller wins.
 */
function taskEnv(extra = {}) {
  const env = { WIREIT_CACHE: 'local', ...process.env, ...extra };
  if (!('LINKSITE_TASK_PROBE' in extra)) delete env.LINKSITE_TASK_PROBE;
  return env;
}

/** The fingerprint wireit recorded for `target`'s last build, or null when there is none. */
function recordedFingerprint(target) {
  const file = path.join(repoRoot, target.cwd, TASK_DATA_DIR, 'fingerprint');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/**
 * Whether a web app's build is up to date with the content of its inputs. Asks wireit by running the task with
 * `LINKSITE_TASK_PROBE=1`, under which the task's command (build/run-task.mjs) builds nothing and exits with
 * TASK_PROBE_EXIT: so true when wireit found the task fresh, or restored its output from the cache, and false when it
 * would have had to build. About 0.4 s (none for an app never built here).
 * @param {{ name: string, cwd: string, kind: 'tsc' | 'webpack' }} target one of {@link buildTargets}' web apps
 * @returns {boolean}
 * @throws Error for the API or the identity provider: their tasks run tsc directly (their images are built without
 *   build/), so a probe would build them
 */
export function isBuilt(target) {
  if (target.kind !== 'webpack') throw new Error(`isBuilt: ${target.name} 은(는) 웹 앱이 아닙니다.`);
  // Never built here and nothing cached (a fresh clone): stale, without asking.
  if (!fs.existsSync(path.join(repoRoot, target.cwd, TASK_DATA_DIR))) return false;
  const command = npm(['run', 'build', '--silent']);
  const result = spawnSync(command.file, command.args, {
    cwd: path.join(repoRoot, target.cwd),
    env: taskEnv({ LINKSITE_TASK_PROBE: '1', WIREIT_LOGGER: 'quiet' }),
    stdio: 'ignore',
    shell: command.shell,
  });
  return result.status === 0;
}

/**
 * Runs one target's task with its output in `logFile`; resolves with the exit code and whether it built (or
 * restored from the cache) rather than found the output fresh.
 */
function run(target, logFile, { force }) {
  return new Promise((resolve) => {
    const before = recordedFingerprint(target);
    if (force) fs.rmSync(path.join(repoRoot, target.cwd, TASK_DATA_DIR, 'fingerprint'), { force: true });
    const out = fs.openSync(logFile, 'w');
    const command = npm(['run', 'build']);
    const child = spawn(command.file, command.args, {
      cwd: path.join(repoRoot, target.cwd),
      env: taskEnv(force ? { WIREIT_CACHE: 'none' } : {}),
      stdio: ['ignore', out, out],
      shell: command.shell,
    });
    child.on('exit', (code) => {
      fs.closeSync(out);
      resolve({ code: code ?? 1, built: force || recordedFingerprint(target) !== before });
    });
  });
}

/**
 * Builds the stale targets (all with `all`), `concurrency` at a time (default: the number of cores, at most 4), the
 * longest builds first. Each target's task decides by content whether it builds (see the top of this file); with
 * `all` every one builds, without its cache. Each build's full output goes to `<logDir>/build-<name>.log`; the
 * terminal gets one line per target built, and the log of a build that failed.
 * @param {{ all?: boolean, only?: string[], log?: (line: string) => void, logDir?: string, concurrency?: number,
 *   onBuilt?: (name: string) => void }} options
 *   only: the names of the targets to consider (`['api', 'idp']`); all of them by default. onBuilt: called as each
 *   target is ready, before the others have finished, whether it was built now or was up to date (npm start
 *   serves each remote as soon as it is ready)
 * @returns {Promise<string[]>} the names of the targets built (or restored from the cache) by this call
 * @throws Error naming the first target whose build failed (after the others in flight finished)
 */
export async function buildStale({
  all = false,
  only,
  log = console.log,
  logDir = path.join(repoRoot, '.data', 'logs'),
  concurrency = Math.min(4, Math.max(1, os.availableParallelism())),
  onBuilt = () => {},
} = {}) {
  const queue = buildTargets().filter((target) => !only || only.includes(target.name));
  // webpack builds take several times longer than tsc: start them first so the pool ends together.
  queue.sort((a, b) => Number(a.kind !== 'webpack') - Number(b.kind !== 'webpack'));
  fs.mkdirSync(logDir, { recursive: true });
  const built = [];
  let failure;
  const worker = async () => {
    for (let target = queue.shift(); target && !failure; target = queue.shift()) {
      const started = Date.now();
      const logFile = path.join(logDir, `build-${target.name}.log`);
      const { code, built: rebuilt } = await run(target, logFile, { force: all });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) {
        log(`빌드 실패: ${target.name} (${seconds} s), 로그: ${path.relative(process.cwd(), logFile)}`);
        log(fs.readFileSync(logFile, 'utf8'));
        failure ??= new Error(`${target.name} 빌드에 실패했습니다 (종료 코드 ${code}).`);
        return;
      }
      if (rebuilt) {
        // A remote's build put back from the cache is an earlier release: make it the latest again.
        if (target.kind === 'webpack') {
          appRelease.republishIfNotLatest({
            outputDir: path.join(repoRoot, target.cwd, 'dist'),
            releasesDir: path.join(repoRoot, target.cwd, 'releases'),
          });
        }
        built.push(target.name);
        log(`빌드 완료: ${target.name} (${seconds} s)`);
      }
      onBuilt(target.name);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure) throw failure;
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  try {
    const onlyAt = process.argv.indexOf('--only');
    const only = onlyAt === -1 ? undefined : (process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean);
    const names = buildTargets().map((target) => target.name);
    const unknown = (only ?? []).filter((name) => !names.includes(name));
    if (only?.length === 0 || unknown.length > 0)
      throw new Error(
        `${unknown.length > 0 ? `알 수 없는 빌드 대상입니다: ${unknown.join(', ')}. ` : ''}` +
          `--only 뒤에는 빌드 대상 이름을 쉼표로 나눠 적어 주세요 (${names.join(', ')}).`,
      );
    const built = await buildStale({ all: process.argv.includes('--all'), only });
    console.log(`${built.length}개 빌드 완료 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
