/**
 * `node bench/gateway-cache.mjs`: where cached public reads are served fast, printed, never asserted.
 * (a) The gateway: deploy/gateway/nginx.conf.template rendered as e2e/deploy/local-nginx.ts does (Debian's nginx), its
 *     micro-cache in front of the API, against a static server block of the SAME nginx serving the same bytes from
 *     files (target ≥ 0.8×: the cache costs little more than a file).
 * (b) The API alone (no nginx; its in-process cache through Nest's pipeline) against the raw `node:http` + `pg`
 *     handler of bench/raw-public-reads.mjs running the same SQL on every request (target ≥ 1.5×).
 * (c) The framework's floor against the same raw handler: a bare NestJS + Express app with none of the API's
 *     middleware, guards, interceptors or logging, answering the same bytes from memory (bench/lib/bare-nest-server.cjs).
 *     What it reaches bounds what (b) can: where (c) is under the target, no API on this framework meets it here, and
 *     the gateway's cache (a) is where the answer is made fast.
 * Targets: `GET /api/store` and a 320w image variant of the demo seed. One real API process (api/src compiled on the
 * fly by swc) on a fresh database of the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * the bodies of all four servers are compared byte for byte first. autocannon, each side warmed 1 s, then measured
 * for `--duration` seconds, side and baseline alternating in the same run: req/s, p50 and p99 latency in ms, and the
 * ratio of req/s. `--load` runs the same table with a busy loop per core in child processes (stopped at the end): a
 * machine doing other work. The requests that reached the API while the gateway was measured are counted from its
 * /metrics.
 *
 *   node bench/gateway-cache.mjs [--duration 5] [--connections 50] [--load]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCpuLoad } from './lib/cpu-load.mjs';
import { startListeningProcess, startRawServer } from './lib/raw-server.mjs';
import { remotes } from '../scripts/site-layout.mjs';

const require = createRequire(import.meta.url);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
require('../build/register-swc.js');
const { startApiProcesses } = require('../api/src/test/booking-burst.ts');
const { startApiGateway } = require('../e2e/deploy/local-nginx.ts');

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const DURATION = option('duration', 5);
const CONNECTIONS = option('connections', 50);
const LOAD = process.argv.includes('--load');

/** A TCP port of 127.0.0.1 free at this instant. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Each request from one of 1,000 visitor addresses (X-Forwarded-For, believed from loopback by the API), as
 * bench/api-vs-raw.mjs does: the API's rate limit counts per visitor as in production. nginx appends its peer, the
 * raw server and the static files ignore it.
 */
let visitor = 0;
function asVisitor(request) {
  visitor = (visitor + 1) % 1000;
  request.headers = { ...request.headers, 'x-forwarded-for': `10.0.${visitor >> 8}.${visitor & 255}` };
  return request;
}

const api = await startApiProcesses([0], {
  SEED_ON_EMPTY: 'true',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
});
const rawServer = startRawServer(api.databaseUrl);
const raw = rawServer.child;
const staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-bench-static-'));
let gateway;
let bareNest;
let load = [];
try {
  const rawPort = await rawServer.port;
  const apiBase = api.urls[0].replace(/\/api$/, '');
  const apiPort = Number(new URL(apiBase).port);
  const rawBase = `http://127.0.0.1:${rawPort}`;

  const store = await (await fetch(`${apiBase}/api/store`)).json();
  const image = store.product.map((l) => l.imagelink).find((src) => src?.startsWith('/api/images/'));
  if (!image) throw new Error('the demo seed has no uploaded image');
  const targets = ['/api/store', `${image}?w=320`];

  // The same bytes as files, served by a server block of the gateway's own nginx (its `location` ignores the query).
  for (const target of targets) {
    const bytes = Buffer.from(await (await fetch(apiBase + target)).arrayBuffer());
    const file = path.join(staticRoot, target.split('?')[0]);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  const [gatewayPort, staticPort] = [await freePort(), await freePort()];
  const staticConf = path.join(staticRoot, 'static-server.conf');
  fs.writeFileSync(
    staticConf,
    `server {
    listen 127.0.0.1:${staticPort};
    root ${staticRoot};
    location /api/ { default_type application/json; add_header Cache-Control "public, max-age=0, s-maxage=60"; }
    location /api/images/ { default_type image/webp; add_header Cache-Control "public, max-age=31536000, immutable"; }
}
`,
  );
  gateway = await startApiGateway({
    gatewayPort,
    apiPorts: [apiPort],
    remoteNames: remotes.map((r) => r.name),
    alsoInclude: [staticConf],
  });
  const staticBase = `http://127.0.0.1:${staticPort}`;
  const bare = startListeningProcess(path.join(import.meta.dirname, 'lib', 'bare-nest-server.cjs'), [staticRoot]);
  bareNest = bare.child;
  const bareBase = `http://127.0.0.1:${await bare.port}`;

  for (const target of targets) {
    const bodies = await Promise.all(
      [gateway.url, staticBase, apiBase, rawBase, bareBase].map(async (base) =>
        Buffer.from(await (await fetch(base + target)).arrayBuffer()),
      ),
    );
    if (!bodies.every((body) => body.equals(bodies[0])))
      throw new Error(`bodies differ for ${target}: ${bodies.map((b) => b.length).join(', ')} bytes`);
    console.log(
      `${target.replace(/[0-9a-f]{64}/, '<key>')}: identical bodies from the five servers, ${bodies[0].length} bytes`,
    );
  }

  /** Requests the API process answered so far (every route), from its /metrics. */
  const apiRequests = async () => {
    const text = await (await fetch(`${apiBase}/metrics`)).text();
    let total = 0;
    for (const match of text.matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm))
      total += Number(match[1]);
    return total;
  };
  const run = async (url) => {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ setupRequest: asVisitor }],
    });
    if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };

  if (LOAD) load = startCpuLoad();
  const rows = [];
  for (const target of targets) {
    const name = target.replace(/\/[0-9a-f]{64}/, '/<key>');
    for (const base of [gateway.url, staticBase, apiBase, rawBase, bareBase])
      await autocannon({ url: base + target, connections: 10, duration: 1 });
    const before = await apiRequests();
    const viaGateway = await run(gateway.url + target);
    const reached = (await apiRequests()) - before - 1;
    const fromFile = await run(staticBase + target);
    rows.push({
      comparison: '(a) gateway cache / nginx file',
      target: name,
      side: viaGateway,
      base: fromFile,
      goal: 0.8,
      note: `${reached} reached the API`,
    });
    const direct = await run(apiBase + target);
    const handler = await run(rawBase + target);
    rows.push({
      comparison: '(b) API alone / raw node:http + pg',
      target: name,
      side: direct,
      base: handler,
      goal: 1.5,
      note: '',
    });
    const floor = await run(bareBase + target);
    rows.push({
      comparison: '(c) bare NestJS, no middleware / raw node:http + pg',
      target: name,
      side: floor,
      base: handler,
      goal: 1.5,
      note: `the API is ${((100 * direct.rps) / floor.rps).toFixed(0)} % of this floor`,
    });
  }
  const cores = os.availableParallelism();
  console.log(
    `\nGET, ${CONNECTIONS} connections, ${DURATION} s per run, ${cores} cores, ${LOAD ? `loaded (${load.length} busy loops)` : 'quiet'}; req/s, latency p50 / p99 in ms`,
  );
  console.log(
    '| comparison | target | req/s | p50 / p99 | baseline req/s | baseline p50 / p99 | ratio | target | note |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { comparison, target, side, base, goal, note } of rows) {
    console.log(
      `| ${comparison} | ${target} | ${side.rps.toFixed(0)} | ${side.p50} / ${side.p99} | ${base.rps.toFixed(0)} | ${base.p50} / ${base.p99} | ${(side.rps / base.rps).toFixed(2)}× | ≥ ${goal}× | ${note} |`,
    );
  }
} finally {
  for (const child of load) child.kill('SIGKILL');
  raw.kill('SIGTERM');
  bareNest?.kill('SIGTERM');
  await gateway?.stop();
  await api.close();
  fs.rmSync(staticRoot, { recursive: true, force: true });
}
