/**
 * `node bench/analytics-ingest.mjs`: numbers for the analytics ingest (docs/decisions/0027-first-party-analytics.md),
 * printed, never asserted.
 *
 * Starts the real API in its own process (from its TypeScript sources through build/register-swc.js, or
 * `api/dist/main.js` with --dist) on a fresh database of the local PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; the demo catalogue is seeded on first start, the database dropped at
 * the end), and measures over real HTTP from this process, with keep-alive connections:
 *
 * 1. Sustained ingest: `POST /api/analytics/events` as sendBeacon sends it (text/plain, one page view per request,
 *    each from its own address through X-Forwarded-For and a desktop user agent) from 32 connections for --seconds;
 *    hits/s answered 204, checked against the rows stored once the API's 1 s write buffer has been written. Then the
 *    same with 10 events per request (events/s).
 * 2. API CPU per hit (docs/decisions/0072-cheap-analytics-ingest.md target: at most 0.3 ms):
 *    `process_cpu_seconds_total` of the API's /metrics (process.cpuUsage, in µs) before and after 500 hits/s for
 *    --seconds, less what the idle API used over as long.
 * 3. `GET /api/store` latency without and with a background of 500 hits/s (open loop, one page view per request,
 *    from a worker thread):
 *    (a) p50/p99 at a fixed 100 requests/s (open loop), (b) the most req/s 8 connections get, and their p50/p99.
 * In --rounds alternating rounds (default 3); the medians printed side by side with the ratio
 * (docs/decisions/0026-creator-features.md and
 *    docs/decisions/0072-cheap-analytics-ingest.md target: p99 under 10 % slower).
 *
 * The load generator shares this machine's cores with the API, as a real client would not: the numbers are a floor.
 *
 *   node bench/analytics-ingest.mjs [--seconds 10] [--rounds 3] [--dist]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openLoop } from './lib/open-loop.mjs';

const require = createRequire(import.meta.url);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const ROUNDS = arg('rounds', 3);
const USE_DIST = process.argv.includes('--dist');
const API_PORT = 26100;
const BASE = `http://127.0.0.1:${API_PORT}`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU seconds (user + system) a process used so far, from /proc (Linux; clock ticks of 1/100 s). */
const cpuSeconds = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (x) => `${x.toFixed(2)} ms`;
/** The API process's CPU seconds so far as its /metrics says (prom-client's process.cpuUsage, µs resolution). */
const metricsCpuSeconds = async () => {
  const text = await (await fetch(`${BASE}/metrics`)).text();
  return Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1] ?? NaN);
};

/** One request; resolves with its status and duration in ms (the body is read and dropped). */
function call(method, route, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${BASE}${route}`, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

let visitor = 0;
/** A beacon of `events` page views from a new visitor (address, so the day's unique visitors grow too). */
function beacon(events = 1) {
  visitor += 1;
  const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  const body = JSON.stringify({
    events: Array.from({ length: events }, (_, i) => ({ type: 'pageview', path: i === 0 ? '/' : `/p${i}` })),
  });
  return call('POST', '/api/analytics/events', {
    body,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'content-length': Buffer.byteLength(body),
      'user-agent': UA,
      'x-forwarded-for': address,
    },
  });
}

/** `connections` loops calling `fn` until `seconds` pass; resolves with every result. */
async function closedLoop(connections, seconds, fn) {
  const until = performance.now() + seconds * 1000;
  const results = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) results.push(await fn());
    }),
  );
  return results;
}

/**
 * The background load runs in a worker thread, so its own work never delays the timing of the measured requests
 * (it still takes a share of the machine's two cores, as any neighbour would).
 */
if (!isMainThread) {
  const background = openLoop(workerData.rate, () => beacon());
  parentPort.once('message', async () => {
    const { results, seconds } = await background.stop();
    agent.destroy();
    parentPort.postMessage({
      sent: results.length,
      ok: results.filter((r) => r.status === 204).length,
      seconds,
      p99: quantile(
        results.map((r) => r.ms),
        0.99,
      ),
    });
  });
} else {
  await main();
}

async function main() {
  require('../build/register-swc.js');
  const { createTestDatabase } = require('../api/src/test/test-database.ts');
  const { Client } = require('pg');
  const database = await createTestDatabase('linksite_bench_analytics');
  const count = async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return Number((await client.query('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n);
    } finally {
      await client.end();
    }
  };

  const apiArgs = USE_DIST
    ? [path.join(repoRoot, 'api/dist/main.js')]
    : ['-r', path.join(repoRoot, 'build/register-swc.js'), path.join(repoRoot, 'api/src/main.ts')];
  const api = spawn(process.execPath, apiArgs, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      SEED_ON_EMPTY: 'true',
      RATE_LIMIT_INGEST_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      // Every bench hit is a new visitor: measure the ingest, not the sampling past the day's budget.
      ANALYTICS_DAILY_BUDGET: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let apiOutput = '';
  api.stdout.on('data', (chunk) => (apiOutput += chunk));
  api.stderr.on('data', (chunk) => (apiOutput += chunk));

  try {
    const started = performance.now();
    while (!apiOutput.includes('API listening')) {
      if (api.exitCode !== null) throw new Error(`the API stopped:\n${apiOutput}`);
      if (performance.now() - started > 120_000) throw new Error(`the API did not start:\n${apiOutput}`);
      await sleep(100);
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores; ` +
        `API ${USE_DIST ? 'api/dist' : 'from sources (swc)'} on ${BASE}, database ${database.name}, ` +
        `${(await (await fetch(`${BASE}/api/store`)).json()).product.length} links; ${SECONDS} s per measurement`,
    );

    // Warm-up: JIT, pool, the day's salt.
    await closedLoop(8, 2, () => beacon());
    await closedLoop(4, 2, () => call('GET', '/api/store'));

    // 2 first, on a quiet database: API CPU per hit at 500 hits/s, less the idle API's own use over as long.
    let cpu = await metricsCpuSeconds();
    await sleep(SECONDS * 1000);
    const idleCpu = (await metricsCpuSeconds()) - cpu;
    cpu = await metricsCpuSeconds();
    const steady = openLoop(500, () => beacon());
    await sleep(SECONDS * 1000);
    const { results: steadyHits } = await steady.stop();
    const hitsCpu = (await metricsCpuSeconds()) - cpu - idleCpu;
    console.log(
      `API CPU per hit: ${((hitsCpu / steadyHits.length) * 1000).toFixed(3)} ms ` +
        `(${steadyHits.length} hits at 500/s, ${steadyHits.filter((r) => r.status === 204).length} answered 204; ` +
        `${hitsCpu.toFixed(2)} s of CPU beyond the idle API's ${idleCpu.toFixed(2)} s; target ≤ 0.3 ms)`,
    );

    // 1. Sustained ingest.
    let before = await count();
    const single = await closedLoop(32, SECONDS, () => beacon());
    await sleep(1500); // the API's ingest buffer is written every second
    const stored1 = (await count()) - before;
    const ok1 = single.filter((r) => r.status === 204).length;
    console.log(
      `ingest, 1 page view per request, 32 connections: ${(ok1 / SECONDS).toFixed(0)} hits/s answered 204, ` +
        `${(stored1 / SECONDS).toFixed(0)} stored (${ok1 - stored1} past the ingest's share of the event loop, ` +
        `answered unread), ${single.length - ok1} other answers; ` +
        `latency p50 ${ms(
          quantile(
            single.map((r) => r.ms),
            0.5,
          ),
        )}, p99 ${ms(
          quantile(
            single.map((r) => r.ms),
            0.99,
          ),
        )}`,
    );
    before = await count();
    const batched = await closedLoop(32, SECONDS, () => beacon(10));
    await sleep(1500);
    const stored10 = (await count()) - before;
    console.log(
      `ingest, 10 page views per request, 32 connections: ${(stored10 / SECONDS).toFixed(0)} events/s stored ` +
        `(${(batched.filter((r) => r.status === 204).length / SECONDS).toFixed(0)} requests/s)`,
    );

    // 3. GET /api/store without and with 500 hits/s.
    const storeAt = async (label) => {
      const cpuBefore = cpuSeconds(api.pid);
      const fixed = openLoop(100, () => call('GET', '/api/store'));
      await sleep(SECONDS * 1000);
      const { results, seconds: fixedSeconds } = await fixed.stop();
      const apiCpu = (cpuSeconds(api.pid) - cpuBefore) / fixedSeconds;
      const fixedMs = results.map((r) => r.ms);
      const saturated = await closedLoop(8, SECONDS, () => call('GET', '/api/store'));
      const satMs = saturated.map((r) => r.ms);
      const row = {
        label,
        p50: quantile(fixedMs, 0.5),
        p99: quantile(fixedMs, 0.99),
        maxRps: saturated.length / SECONDS,
        satP50: quantile(satMs, 0.5),
        satP99: quantile(satMs, 0.99),
        errors: [...results, ...saturated].filter((r) => r.status !== 200).length,
        apiCpu,
      };
      console.log(
        `GET /api/store ${label}: at 100 req/s p50 ${ms(row.p50)}, p99 ${ms(row.p99)} ` +
          `(API process ${(row.apiCpu * 100).toFixed(0)} % of a core); ` +
          `8 connections ${row.maxRps.toFixed(0)} req/s, p50 ${ms(row.satP50)}, p99 ${ms(row.satP99)}; non-200: ${row.errors}`,
      );
      return row;
    };
    // Alternating rounds, the median of each: one stall of a neighbour on this shared machine is one round's p99.
    const rounds = { quiet: [], loaded: [] };
    const hitsCpuShare = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const quiet = await storeAt(`without ingest (round ${round})`);
      before = await count();
      const worker = new Worker(new URL(import.meta.url), { workerData: { rate: 500 } });
      await sleep(1000);
      const loaded = await storeAt(`with 500 hits/s (round ${round})`);
      worker.postMessage('stop');
      const hits = await new Promise((resolve) => worker.once('message', resolve));
      await worker.terminate();
      await sleep(1500); // the API's ingest buffer is written every second
      const stored = (await count()) - before;
      console.log(
        `  background (worker thread): ${(hits.sent / hits.seconds).toFixed(0)} hits/s sent, ${hits.ok} answered 204, ` +
          `${stored} stored, ingest p99 ${ms(hits.p99)}`,
      );
      rounds.quiet.push(quiet);
      rounds.loaded.push(loaded);
      hitsCpuShare.push(loaded.apiCpu - quiet.apiCpu);
    }
    const median = (rows, key) =>
      quantile(
        rows.map((row) => (key ? row[key] : row)),
        0.5,
      );
    const m = (side) => ({
      p50: median(rounds[side], 'p50'),
      p99: median(rounds[side], 'p99'),
      maxRps: median(rounds[side], 'maxRps'),
      satP50: median(rounds[side], 'satP50'),
      satP99: median(rounds[side], 'satP99'),
    });
    const quiet = m('quiet');
    const loaded = m('loaded');
    const ratio = (a, b) => `${((b / a - 1) * 100).toFixed(1)} %`;
    const share = median(hitsCpuShare);
    console.log(
      `  500 hits/s cost the API process ${(share * 100).toFixed(0)} % of a core ` +
        `(${((share / 500) * 1e6).toFixed(0)} µs a hit, median of ${ROUNDS}); load average now ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    console.log(`with 500 hits/s vs without, medians of ${ROUNDS} rounds (positive = slower):`);
    console.log(
      `  at 100 req/s: p50 ${ms(quiet.p50)} → ${ms(loaded.p50)} (${ratio(quiet.p50, loaded.p50)}), ` +
        `p99 ${ms(quiet.p99)} → ${ms(loaded.p99)} (${ratio(quiet.p99, loaded.p99)}; target under 10 %)`,
    );
    console.log(
      `  8 connections: ${quiet.maxRps.toFixed(0)} → ${loaded.maxRps.toFixed(0)} req/s ` +
        `(${((1 - loaded.maxRps / quiet.maxRps) * 100).toFixed(1)} % fewer), ` +
        `p50 ${ratio(quiet.satP50, loaded.satP50)}, p99 ${ratio(quiet.satP99, loaded.satP99)}`,
    );
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => (api.exitCode !== null ? resolve() : api.once('exit', resolve)));
    agent.destroy();
    await database.drop();
  }
}
