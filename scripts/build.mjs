/**
 * Builds what is not built: the API and the embedded identity provider (tsc) and every frontend app (webpack), each
 * only when one of its inputs is newer than its last build, several at a time. `--all` rebuilds everything.
 *
 *   node scripts/build.mjs [--all]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, siteLayout } from './site-layout.mjs';

const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const webpackBin = bin('webpack');
const shared = ['tsconfig.base.json', 'package-lock.json'];
// Everything build/webpack-app.js reads besides the app's own folder, the modules it requires included.
const webShared = [
  ...shared,
  'platform/src',
  'platform/package.json',
  // Bundled into every app: `@linksite/contract/api-rules` and the apps' part of React Router.
  'contract/src',
  'build/react-router-surface.mjs',
  'build/webpack-app.js',
  'build/app-release.js',
  'build/first-screen-markers.js',
  'remotes.json',
];

/** @returns {{ name: string, inputs: string[], stamp: string, command: string[], cwd: string }[]} */
export function buildTargets() {
  const api = {
    name: 'api',
    inputs: [...shared, 'api/src', 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json'],
    stamp: 'api/dist/.build-stamp',
    command: [bin('tsc'), '-p', 'tsconfig.build.json'],
    cwd: 'api',
  };
  const idp = {
    name: 'idp',
    inputs: [...shared, 'idp/src', 'idp/package.json', 'idp/tsconfig.json', 'idp/tsconfig.build.json'],
    stamp: 'idp/dist/.build-stamp',
    command: [bin('tsc'), '-p', 'tsconfig.build.json'],
    cwd: 'idp',
  };
  // Remotes first, the host last (the order of siteLayout is the host first).
  const apps = siteLayout().apps.slice().reverse();
  const web = apps.map((app) => ({
    name: app.dir,
    inputs: [
      ...webShared,
      `${app.dir}/src`,
      `${app.dir}/public`,
      `${app.dir}/package.json`,
      `${app.dir}/webpack.config.js`,
    ],
    stamp: `${app.dir}/dist/.build-stamp`,
    command: [webpackBin, '--mode', 'production'],
    cwd: app.dir,
  }));
  return [api, idp, ...web];
}

/** Newest modification time (ms) of the files under `relativePaths`, skipping tests. */
function newestInput(relativePaths) {
  let newest = 0;
  const visit = (absolute) => {
    if (!fs.existsSync(absolute)) return;
    const stat = fs.statSync(absolute);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(absolute)) visit(path.join(absolute, entry));
    } else if (!/\.(test|spec)\.tsx?$/.test(absolute)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const relative of relativePaths) visit(path.join(repoRoot, relative));
  return newest;
}

/** Whether `target`'s last build is newer than every input. */
export function isBuilt(target) {
  const stamp = path.join(repoRoot, target.stamp);
  return fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestInput(target.inputs);
}

/** Runs one target's build with its output in `logFile`; resolves with the exit code. */
function run(target, logFile) {
  return new Promise((resolve) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn(target.command[0], target.command.slice(1), {
      cwd: path.join(repoRoot, target.cwd),
      stdio: ['ignore', out, out],
    });
    child.on('exit', (code) => {
      fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
}

/**
 * Builds the stale targets (all with `all`), `concurrency` at a time (default: the number of cores, at most 4), the
 * longest builds first. Each build's full output goes to `<logDir>/build-<name>.log`; the terminal gets one line
 * per target, and the log of a build that failed.
 * @param {{ all?: boolean, only?: string[], log?: (line: string) => void, logDir?: string, concurrency?: number,
 *   onBuilt?: (name: string) => void }} options
 *   only: the names of the targets to consider (`['api', 'idp']`); all of them by default. onBuilt: called as each
 *   target's build succeeds, before the others have finished (npm start serves each remote as soon as it is built)
 * @returns {Promise<string[]>} the names of the targets built
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
  const queue = buildTargets().filter((target) => (!only || only.includes(target.name)) && (all || !isBuilt(target)));
  // webpack builds take several times longer than tsc: start them first so the pool ends together.
  queue.sort((a, b) => Number(a.command[0] !== webpackBin) - Number(b.command[0] !== webpackBin));
  fs.mkdirSync(logDir, { recursive: true });
  const built = [];
  let failure;
  const worker = async () => {
    for (let target = queue.shift(); target && !failure; target = queue.shift()) {
      const started = Date.now();
      const logFile = path.join(logDir, `build-${target.name}.log`);
      const code = await run(target, logFile);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) {
        log(`빌드 실패: ${target.name} (${seconds} s), 로그: ${path.relative(process.cwd(), logFile)}`);
        log(fs.readFileSync(logFile, 'utf8'));
        failure ??= new Error(`${target.name} 빌드에 실패했습니다 (종료 코드 ${code}).`);
        return;
      }
      fs.writeFileSync(path.join(repoRoot, target.stamp), new Date().toISOString());
      built.push(target.name);
      log(`빌드 완료: ${target.name} (${seconds} s)`);
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
    const built = await buildStale({ all: process.argv.includes('--all') });
    console.log(`${built.length}개 빌드 완료 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
