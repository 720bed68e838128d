/**
 * `node bench/first-start.mjs [--runs 1] [--keep]`: a newcomer's first `npm start`
 * (docs/decisions/0066-visitor-ready-first-start.md), measured from a fresh clone of the committed HEAD after `npm ci`,
 * on the embedded defaults (no DATABASE_URL, the embedded identity server). Printed, never asserted.
 *
 * Per run (a new clone each time, nothing built):
 * - npm ci: seconds (from the machine's npm cache where it can, `--prefer-offline`);
 * - visitor-ready: seconds from `node scripts/start.mjs` to its line `방문자 화면을 열 수 있습니다`, when `/` serves its
 *   whole first screen (every card in the HTML, checked here right after);
 * - everything ready: seconds to `사이트가 준비되었습니다`, every remote built and served;
 * - each build's seconds, as npm start printed them (`빌드 완료: <app> (<s> s)`).
 * The baseline, measured in the same run: everything ready is what the first start took before it served `/` first
 * (it printed its URL once every remote was built); the ratio visitor-ready / everything ready is the gain. The
 * targets of the issue: visitor-ready ≤ 60 s and everything ≤ 100 s on 2 cores.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/site-layout.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 1;
const keep = process.argv.includes('--keep');

/** A TCP port the kernel has free on 127.0.0.1; the site takes it and the few above it (each remote's offset). */
async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function inDir(cwd, command, args) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
}

/** One fresh clone, `npm ci`, the first start; resolves with its figures. */
async function firstStart() {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-bench-first-start-'));
  const dataDir = path.join(clone, '.data');
  inDir(os.tmpdir(), 'git', ['clone', '--quiet', '--depth', '1', `file://${repoRoot}`, clone]);
  let started = Date.now();
  inDir(clone, 'npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
  const npmCi = (Date.now() - started) / 1000;
  // The site's ports: SITE_PORT + each remote's offset (up to 7), API and identity server beside them.
  const site = await freePort();
  const { DATABASE_URL: _server, ...env } = process.env;
  started = Date.now();
  const child = spawn(process.execPath, [path.join(clone, 'scripts/start.mjs')], {
    cwd: clone,
    env: {
      ...env,
      DATA_DIR: dataDir,
      SITE_PORT: String(site),
      API_PORT: String(site + 20),
      IDP_PORT: String(site + 21),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = {};
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const at = (Date.now() - started) / 1000;
      if (!seen.visitor && /방문자 화면을 열 수 있습니다/.test(output)) seen.visitor = at;
      if (!seen.all && /사이트가 준비되었습니다/.test(output)) {
        seen.all = at;
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const html = await (await fetch(`http://127.0.0.1:${site}/`)).text();
  const cards = html.match(/data-testid="store-card"/g)?.length ?? 0;
  child.kill('SIGINT');
  await exited;
  const builds = Object.fromEntries(
    [...output.matchAll(/빌드 완료: (\S+) \(([\d.]+) s\)/g)].map(([, app, seconds]) => [app, Number(seconds)]),
  );
  if (!keep) fs.rmSync(clone, { recursive: true, force: true });
  return { npmCi, visitor: seen.visitor ?? seen.all, all: seen.all, cards, builds };
}

console.log(
  `first npm start of a fresh clone (${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(2)})`,
);
const results = [];
for (let run = 1; run <= runs; run += 1) {
  const result = await firstStart();
  results.push(result);
  console.log(
    `run ${run}: npm ci ${result.npmCi.toFixed(1)} s | visitor-ready ${result.visitor.toFixed(1)} s ` +
      `(${result.cards} cards in the HTML) | everything ready ${result.all.toFixed(1)} s (baseline: the URL was ` +
      `printed only then) | visitor / everything ${(result.visitor / result.all).toFixed(2)}`,
  );
  console.log(
    `  builds: ${Object.entries(result.builds)
      .map(([app, s]) => `${app} ${s} s`)
      .join(', ')}`,
  );
}
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `median: visitor-ready ${median(results.map((r) => r.visitor)).toFixed(1)} s (target ≤ 60 s), everything ready ` +
    `${median(results.map((r) => r.all)).toFixed(1)} s (target ≤ 100 s)`,
);
