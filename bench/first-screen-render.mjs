/**
 * `node bench/first-screen-render.mjs` (docs/decisions/0057-remotes-ship-alone-with-ssr.md targets): what the shell's
 * server pays to render the first screen of `/` (scripts/first-screen/first-screen-renderer.mjs), and how fast a change
 * of the running configuration of releases reaches page views. Printed, never asserted.
 *
 *   npm run build && node bench/first-screen-render.mjs [--renders 200] [--load]
 *
 * One real API process on a fresh database of the PostgreSQL server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) with the demo catalogue and links added up to 48 visible cards; mf-store
 * and mf-plans served from their built releases by their own servers (scripts/serve-app.mjs), read over HTTP as in
 * production. It prints the median and 95th percentile of:
 * - miss: a page view whose page is not kept (the renderer keeps none), so every view renders both slots on their
 *   workers and the frame (target: p50 ≤ 10 ms);
 * - hit: a page view of a page rendered before (its data revalidated with the API: a 304);
 * - baseline: that revalidation alone (`GET /api/site/first-screen` with If-None-Match → 304), the floor of a view;
 * then the time from writing the running configuration (a pinned older release of mf-store) to the first page view
 * that names it, and back (target: within 10 s). With `--load`, one busy loop per core runs beside it (a phone, or a
 * shared machine, is a loaded one).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { AppReleases, folderReleaseSource, httpReleaseSource } from '../scripts/first-screen/app-releases.mjs';
import { createFirstScreenRenderer } from '../scripts/first-screen/first-screen-renderer.mjs';
import { releaseConfigReader } from '../scripts/release-config.mjs';
import { startCpuLoad } from './lib/cpu-load.mjs';
import { repoRoot } from '../scripts/site-layout.mjs';

const require = createRequire(import.meta.url);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
require('../build/register-swc.js');
const { startApiProcesses } = require('../api/src/test/booking-burst.ts');

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const RENDERS = argument('--renders', 200);
const LOADED = process.argv.includes('--load');

/** Median and 95th percentile of `values` (ms), rounded to 0.01 ms. */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { 'p50 (ms)': Number(at(0.5).toFixed(2)), 'p95 (ms)': Number(at(0.95).toFixed(2)) };
}

/** Starts `node scripts/serve-app.mjs <dir> <port>`; resolves with a stop function once it listens. */
function serve(dir, port) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/serve-app.mjs'), dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('listening on') && resolve(() => child.kill()));
    child.once('exit', (code) => reject(new Error(`serve-app ${dir} exited with ${code}`)));
  });
}

const api = await startApiProcesses([0], { SEED_ON_EMPTY: 'true', RATE_LIMIT_READ_PER_MINUTE: '1000000' });
const stops = [];
const load = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-bench-'));
try {
  const apiOrigin = api.urls[0].replace(/\/api$/, '');
  // Up to 48 visible links: the first screen's full page of cards.
  const bearer = await api.bearer();
  const visible = (await (await fetch(`${apiOrigin}/api/store`)).json()).product.length;
  for (let i = visible; i < 48; i++) {
    const response = await fetch(`${apiOrigin}/api/store/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: bearer },
      body: JSON.stringify({
        pname: `측정용 상품 ${i + 1}`,
        tag: '측정/상품',
        link: 'https://shop.example/',
        imagelink: '',
      }),
    });
    if (response.status !== 201) throw new Error(`create link: ${response.status}`);
  }
  const ports = { store: 19881, plans: 19882 };
  stops.push(await serve('mf-store', ports.store), await serve('mf-plans', ports.plans));
  const remotes = [
    { name: 'mf_store', slot: 'mf_store/StorePage', source: httpReleaseSource(`http://127.0.0.1:${ports.store}/`) },
    { name: 'mf_plans', slot: 'mf_plans/Banner', source: httpReleaseSource(`http://127.0.0.1:${ports.plans}/`) },
  ];
  const shell = folderReleaseSource(path.join(repoRoot, 'shell', 'dist'));
  const configFile = path.join(work, 'remote-releases.json');
  const releaseConfig = releaseConfigReader({ file: configFile, log: () => undefined });
  const quiet = () => undefined;
  const missing = createFirstScreenRenderer({ apiOrigin, shell, remotes, keptPages: 0, log: quiet });
  const kept = createFirstScreenRenderer({
    apiOrigin,
    shell,
    remotes,
    log: quiet,
    releases: new AppReleases(),
    choose: (name) => releaseConfig.choose(name),
  });

  // Warm: each release fetched and evaluated on its worker once.
  for (let i = 0; i < 5; i++) {
    const page = await missing.render();
    if (!page || Object.keys(page.versions).length !== 2) throw new Error('the first screen did not render both slots');
    await kept.render();
  }
  const cards = ((await missing.render()).html.match(/data-testid="store-card"/g) ?? []).length;
  if (LOADED) load.push(...startCpuLoad());

  const time = async (run) => {
    const values = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      await run();
      values.push(performance.now() - started);
    }
    return percentiles(values);
  };
  const { etag } = await fetch(`${apiOrigin}/api/site/first-screen`).then((r) => ({ etag: r.headers.get('etag') }));
  const baseline = await time(() =>
    fetch(`${apiOrigin}/api/site/first-screen`, { headers: { 'If-None-Match': etag } }),
  );
  const miss = await time(() => missing.render());
  const hit = await time(() => kept.render());

  console.log(
    `first screen of / (${cards} cards), ${RENDERS} page views each${LOADED ? ', with a busy loop per core' : ''}:`,
  );
  console.table({
    'miss (render both slots and the frame)': miss,
    'hit (page kept; data revalidated)': hit,
    'baseline: the data revalidation alone (304)': baseline,
  });
  const rendering = miss['p50 (ms)'] - baseline['p50 (ms)'];
  console.log(
    `miss p50 ${miss['p50 (ms)']} ms, of which rendering ${rendering.toFixed(2)} ms (target: miss p50 ≤ 10 ms)`,
  );

  // The running configuration: pin an older release of mf-store, then unpin.
  const index = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mf-store', 'releases', 'index.json'), 'utf8'));
  const older = index.releases.find((release) => release.version !== index.latest)?.version;
  if (!older) {
    console.log('mf-store has one release only: build it again with a change to measure a switch of releases');
  } else {
    for (const [label, config, expected] of [
      ['pin an older release (rollback)', { mf_store: { live: older } }, older],
      ['unpin (the newest again)', {}, index.latest],
    ]) {
      const written = performance.now();
      fs.writeFileSync(configFile, JSON.stringify(config));
      while ((await kept.render()).versions.mf_store !== expected) {
        if (performance.now() - written > 30_000) throw new Error(`${label}: not in force after 30 s`);
      }
      console.log(
        `${label}: first page view with it ${((performance.now() - written) / 1000).toFixed(2)} s after the write (target ≤ 10 s)`,
      );
    }
  }
  await Promise.all([missing.close(), kept.close()]);
} finally {
  for (const child of load) child.kill();
  for (const stop of stops) stop();
  await api.close();
  fs.rmSync(work, { recursive: true, force: true });
}
