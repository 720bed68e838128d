/**
 * `node bench/embedded-reads.mjs`: public reads on the embedded database (docs/decisions/0044-survivable-faults.md(0)),
 * printed, never asserted. Starts the API (api/src compiled on the fly by swc) with no DATABASE_URL on a fresh data
 * directory, so it runs on PGlite behind its socket server with the demo catalogue seeded, and measures over real HTTP:
 *
 * 1. GET /api/store: median and p95 of 200 sequential requests after 20 warm-ups.
 * 2. GET /api/store: 200 requests at once; wall time and answers by status.
 * 3. Image variants never made before (`/api/images/<key>?w=320|640|1280` of every seeded image) all at once.
 * 4. One cached variant, 200 requests at once.
 *
 *   node bench/embedded-reads.mjs
 */
import { startEmbeddedApi } from './lib/embedded-api.mjs';

const api = await startEmbeddedApi();
const { base } = api;
const get = async (url) => {
  const res = await fetch(`${base}${url}`);
  await res.arrayBuffer();
  return res.status;
};
const statuses = (list) => list.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
const atOnce = async (label, urls) => {
  const started = performance.now();
  const answers = await Promise.all(urls.map((url) => get(url).catch(() => 0)));
  console.log(
    `${label}: ${urls.length} at once in ${(performance.now() - started).toFixed(0)} ms, ${JSON.stringify(statuses(answers))}`,
  );
};

try {
  const text = await (await fetch(`${base}/api/store`)).text();
  const keys = [...new Set([...text.matchAll(/\/api\/images\/([0-9a-f]{64})/g)].map((match) => match[1]))];

  for (let i = 0; i < 20; i++) await get('/api/store');
  const times = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await get('/api/store');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`GET /api/store sequential: median ${times[100].toFixed(1)} ms, p95 ${times[190].toFixed(1)} ms`);
  await atOnce(
    'GET /api/store',
    Array.from({ length: 200 }, () => '/api/store'),
  );
  await atOnce(
    `cold variants of ${keys.length} images × 3 widths`,
    keys.flatMap((key) => [320, 640, 1280].map((w) => `/api/images/${key}?w=${w}`)),
  );
  await atOnce(
    'cached variant',
    Array.from({ length: 200 }, () => `/api/images/${keys[0]}?w=320`),
  );
  const errors = api
    .output()
    .split('\n')
    .filter((line) => /QueryFailedError/.test(line));
  console.log(`database errors in the API log: ${errors.length}${errors[0] ? ` (first: ${errors[0].trim()})` : ''}`);
} finally {
  await api.stop();
}
