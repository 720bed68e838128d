/**
 * `node bench/api-vs-raw.mjs` (docs/decisions/0039-measured-not-asserted.md): the API's public reads against a raw
 * `node:http` + `pg` baseline running the same SQL (bench/raw-public-reads.mjs), printed, never asserted.
 *
 * One real API process (api/src compiled on the fly by swc, as the burst test starts it) on a fresh PostgreSQL database
 * of the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) with the demo seed, and the raw
 * server as another process on the same database. First the bodies of both are compared byte for byte (the run stops
 * when they differ); then autocannon at 10 and 50 connections on `/api/store`, `/api/tag/list` and a 320w image variant,
 * API and raw alternating, printing req/s, p50 and p99 latency and the ratio API/raw of req/s. On a machine shared with
 * other work req/s follow the scheduler more than the code, so each run also prints the CPU time spent per request by
 * each side: its Node process plus the PostgreSQL backends serving its connections (from /proc, Linux only), and the
 * ratio raw/API of that cost: how many times more requests the API serves on the same CPU.
 * Targets (docs/decisions/0031-public-page-from-kakaotalk.md): `/api/store` ≥ 1.5× raw, image variants ≥ 1.0×.
 *
 *   node bench/api-vs-raw.mjs [--duration 5]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { startRawServer } from './lib/raw-server.mjs';

const require = createRequire(import.meta.url);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
require('../build/register-swc.js');
const { startApiProcesses } = require('../api/src/test/booking-burst.ts');

const pg = require('pg');

/** CPU seconds (user + system) of a process so far, from /proc (0 when it cannot be read). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Each request from one of 1,000 visitor addresses (X-Forwarded-For, believed from loopback by the API's default
 * TRUST_PROXY), as a public page is read: the API's rate limit stays on, and counts per visitor as in production
 * instead of keeping one client's tens of thousands of hits a minute (its in-memory sliding window walks them on every
 * request). The raw server ignores the header.
 */
let visitor = 0;
function asVisitor(request) {
  visitor = (visitor + 1) % 1000;
  request.headers = { ...request.headers, 'x-forwarded-for': `10.0.${visitor >> 8}.${visitor & 255}` };
  return request;
}

const durationArg = process.argv.indexOf('--duration');
const DURATION = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 5;

const api = await startApiProcesses([0], { SEED_ON_EMPTY: 'true' });
const rawServer = startRawServer(api.databaseUrl);
const raw = rawServer.child;
try {
  const rawPort = await rawServer.port;
  const apiBase = api.urls[0].replace(/\/api$/, '');
  const rawBase = `http://127.0.0.1:${rawPort}`;

  const store = await (await fetch(`${apiBase}/api/store`)).json();
  const key = store.product.map((l) => l.imagelink).find((src) => src?.startsWith('/api/images/'));
  if (!key) throw new Error('the demo seed has no uploaded image');
  const targets = ['/api/store', '/api/tag/list', `${key}?w=320`];

  // Same answers first (the first image request makes the variant).
  for (const target of targets) {
    // The API first: its first request of a variant makes and stores it.
    const a = Buffer.from(await (await fetch(apiBase + target)).arrayBuffer());
    const b = Buffer.from(await (await fetch(rawBase + target)).arrayBuffer());
    if (!a.equals(b))
      throw new Error(`bodies differ for ${target}:\n${a.toString().slice(0, 300)}\n${b.toString().slice(0, 300)}`);
    console.log(`${target}: identical bodies, ${a.length} bytes`);
  }

  const monitor = new pg.Client({ connectionString: api.databaseUrl });
  await monitor.connect();
  const database = new URL(api.databaseUrl).pathname.slice(1);
  /** The Node process and the PostgreSQL backends of one side (raw: application_name raw-baseline). */
  const pidsOf = async (side) => {
    const { rows } = await monitor.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()
          AND (application_name = 'raw-baseline') = $2`,
      [database, side === 'raw'],
    );
    return [side === 'raw' ? raw.pid : api.pids[0], ...rows.map((r) => r.pid)];
  };
  const run = async (url, connections, side) => {
    const pids = await pidsOf(side);
    const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const result = await autocannon({ url, connections, duration: DURATION, requests: [{ setupRequest: asVisitor }] });
    const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
    if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuUs: (cpu * 1e6) / Math.max(1, result.requests.total),
    };
  };
  const rows = [];
  for (const target of targets) {
    // Warm both (JIT, pools, the API's caches) before measuring.
    await autocannon({ url: apiBase + target, connections: 10, duration: 1 });
    await autocannon({ url: rawBase + target, connections: 10, duration: 1 });
    for (const connections of [10, 50]) {
      const a = await run(apiBase + target, connections, 'api');
      const r = await run(rawBase + target, connections, 'raw');
      rows.push({ target: target.replace(/[0-9a-f]{64}/, '<key>'), connections, a, r });
    }
  }
  console.log(`\nGET, ${DURATION} s per run, API and raw alternating (req/s; p50 / p99 latency in ms)`);
  console.log(
    '| target | conns | API req/s | API p50 / p99 | raw req/s | raw p50 / p99 | API/raw req/s | CPU µs/req API / raw | raw/API CPU |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { target, connections, a, r } of rows) {
    console.log(
      `| ${target} | ${connections} | ${a.rps.toFixed(0)} | ${a.p50} / ${a.p99} | ${r.rps.toFixed(0)} | ${r.p50} / ${r.p99} | ${(a.rps / r.rps).toFixed(2)}× | ${a.cpuUs.toFixed(0)} / ${r.cpuUs.toFixed(0)} | ${(r.cpuUs / a.cpuUs).toFixed(2)}× |`,
    );
  }
  await monitor.end();
} finally {
  raw.kill('SIGTERM');
  await api.close();
}
