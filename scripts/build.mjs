/**
 * Builds what is not built: the API and the embedded identity provider (tsc) and every frontend app (webpack), each only when one of
 * its inputs is newer than its last build. `--all` rebuilds everything.
 *
 *   node scripts/build.mjs [--all]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, siteLayout } from './site-layout.mjs';

const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const shared = ['tsconfig.base.json', 'package-lock.json'];
const webShared = [...shared, 'platform/src', 'platform/package.json', 'build/webpack-app.js'];

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
    inputs: [...webShared, `${app.dir}/src`, `${app.dir}/public`, `${app.dir}/package.json`, `${app.dir}/webpack.config.js`],
    stamp: `${app.dir}/dist/.build-stamp`,
    command: [bin('webpack'), '--mode', 'production'],
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

function isBuilt(target) {
  const stamp = path.join(repoRoot, target.stamp);
  return fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestInput(target.inputs);
}

/**
 * Builds the stale targets one after another (two cores: parallel builds only fight).
 * @param {{ all?: boolean, log?: (line: string) => void }} options
 * @throws Error naming the target whose build failed
 */
export function buildStale({ all = false, log = console.log } = {}) {
  for (const target of buildTargets()) {
    if (!all && isBuilt(target)) continue;
    const started = Date.now();
    log(`빌드 중: ${target.name}`);
    const result = spawnSync(target.command[0], target.command.slice(1), {
      cwd: path.join(repoRoot, target.cwd),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`${target.name} 빌드에 실패했습니다 (종료 코드 ${result.status}).`);
    fs.writeFileSync(path.join(repoRoot, target.stamp), new Date().toISOString());
    log(`빌드 완료: ${target.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildStale({ all: process.argv.includes('--all') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
