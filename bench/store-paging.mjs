/**
 * `node bench/store-paging.mjs` (docs/decisions/0036-paged-public-read.md): what the public read costs as the catalogue
 * grows, printed, never asserted. Target: the first page of `GET /api/store/page` at 10,000 links ≤ 1.2× its time at 26
 * links.
 *
 * Two fresh databases of the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), both with
 * the demo seed (26 links), the second then filled to 10,000 links by SQL. On each, two real API processes (api/src
 * compiled on the fly, as bench/api-vs-raw.mjs starts them): one as deployed (the in-process PublicCache on), one with
 * PUBLIC_CACHE_MAX_ENTRIES=0, so every request runs the queries and serializes the answer (the cost the cache hides,
 * and what a visitor meets right after a write). Reads measured:
 * - the first page (`/api/store/page`, 48 links; at 26 links the page holds all 26), a page deep in the order (at
 *   10,000: after position 9,000) and the whole `GET /api/store`;
 * - latency: `--rounds` (default 6) rounds, each taking `--requests` (default 50) sequential requests on one keep-alive
 *   connection of every read of every process in turn, so the machine's other work falls on both sizes alike; the
 *   median and p95 over all rounds, in ms (after 100 requests of warm-up each);
 * - throughput: autocannon at 10 connections for `--duration` s (default 2), req/s.
 * Then the ratios 10,000 / 26 of the first page, and the whole read / the first page at 10,000.
 *
 *   node bench/store-paging.mjs [--rounds 6] [--requests 50] [--duration 2]
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
require('../build/register-swc.js');
const { startApiProcesses } = require('../api/src/test/booking-burst.ts');
const { createTestDatabase } = require('../api/src/test/test-database.ts');
const pg = require('pg');

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = arg('--rounds', 6);
const REQUESTS = arg('--requests', 50);
const DURATION = arg('--duration', 2);
const LARGE = 10_000;
const ENV = { RATE_LIMIT_READ_PER_MINUTE: '1000000', SEED_ON_EMPTY: 'true', LOG_LEVEL: 'warn' };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on the keep-alive agent: status, milliseconds to the last byte, body length. */
function timedGet(url) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    http
      .get(url, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - start) / 1e6, bytes }),
        );
      })
      .on('error', reject);
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const databases = [];
const processes = [];
const db = [];
try {
  /** Starts the two processes of one catalogue size; `fill` runs on the database once the seed is in. */
  const start = async (size, fill) => {
    const database = await createTestDatabase('linksite_bench_paging');
    databases.push(database);
    const kept = { url: database.url, drop: async () => undefined };
    const on = await startApiProcesses([0], ENV, { database: kept });
    processes.push(on);
    const client = new pg.Client({ connectionString: database.url });
    db.push(client);
    await client.connect();
    await fill(client);
    await client.query(`SELECT pg_notify('linksite_public_reads', 'bench')`);
    const off = await startApiProcesses([0], { ...ENV, PUBLIC_CACHE_MAX_ENTRIES: '0' }, { database: kept });
    processes.push(off);
    const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM links')).rows;
    const [{ id: deepId } = { id: null }] = (await client.query('SELECT id FROM links WHERE pcode = 9000')).rows;
    const reads = [
      ['first page', '/store/page'],
      ...(deepId
        ? [['page after 9,000', `/store/page?after=${Buffer.from(`9000.${deepId}`).toString('base64url')}`]]
        : []),
      ['whole GET /api/store', '/store'],
    ];
    return [
      ['cache on', on.urls[0]],
      ['cache off', off.urls[0]],
    ].flatMap(([side, base]) =>
      reads.map(([what, path]) => ({ size, count, side, what, url: base + path, times: [] })),
    );
  };
  const cases = [
    ...(await start('small', async () => undefined)),
    ...(await start('large', async (client) => {
      await client.query(
        `INSERT INTO links (pname, tags, link, pcode)
         SELECT '벤치 상품 ' || g, ARRAY['벤치', '태그' || (g % 50)], 'https://shop.example/' || g, g
           FROM generate_series((SELECT count(*) FROM links), $1 - 1) AS g`,
        [LARGE],
      );
      await client.query('ANALYZE links');
    })),
  ];

  for (const c of cases) {
    for (let i = 0; i < 100; i += 1) {
      const { status, bytes } = await timedGet(c.url);
      if (status !== 200) throw new Error(`${c.url} → ${status}`);
      c.bytes = bytes;
    }
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const c of cases) {
      for (let i = 0; i < REQUESTS; i += 1) c.times.push((await timedGet(c.url)).ms);
    }
  }
  for (const c of cases) {
    const load = await autocannon({ url: c.url, connections: 10, duration: DURATION });
    if (load.non2xx || load.errors) throw new Error(`${c.url}: ${load.non2xx} non-2xx, ${load.errors} errors`);
    c.rps = load.requests.average;
    c.times.sort((a, b) => a - b);
    c.p50 = quantile(c.times, 0.5);
    c.p95 = quantile(c.times, 0.95);
  }

  const fmt = (n, digits = 2) => n.toFixed(digits).padStart(8);
  console.log(
    `${ROUNDS} rounds × ${REQUESTS} sequential requests per read, then autocannon 10 connections ${DURATION} s\n`,
  );
  for (const c of cases) {
    console.log(
      `${String(c.count).padStart(6)} links  ${c.side.padEnd(9)}  ${c.what.padEnd(22)} p50 ${fmt(c.p50)} ms  p95 ${fmt(c.p95)} ms  ${fmt(c.rps, 0)} req/s  ${String(c.bytes).padStart(8)} B`,
    );
  }
  const pick = (size, side, what) => cases.find((c) => c.size === size && c.side === side && c.what === what);
  console.log('\nRatios (p50 latency):');
  for (const side of ['cache on', 'cache off']) {
    const small = pick('small', side, 'first page');
    const large = pick('large', side, 'first page');
    const whole = pick('large', side, 'whole GET /api/store');
    const deep = pick('large', side, 'page after 9,000');
    console.log(
      `  ${side.padEnd(9)} first page at ${large.count} / at ${small.count} links: ${(large.p50 / small.p50).toFixed(2)}× time, ${(large.rps / small.rps).toFixed(2)}× the req/s  [target: time ≤ 1.2×]`,
    );
    console.log(
      `  ${side.padEnd(9)} page after 9,000 / first page at ${large.count}: ${(deep.p50 / large.p50).toFixed(2)}× time`,
    );
    console.log(
      `  ${side.padEnd(9)} whole GET /api/store / first page at ${large.count}: ${(whole.p50 / large.p50).toFixed(1)}× time, ${(large.rps / whole.rps).toFixed(1)}× the req/s for the page, ${(whole.bytes / large.bytes).toFixed(0)}× the bytes`,
    );
  }
} finally {
  agent.destroy();
  for (const client of db) await client.end().catch(() => undefined);
  for (const running of processes) await running.close();
  for (const database of databases) await database.drop();
}
