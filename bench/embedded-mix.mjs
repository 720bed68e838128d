/**
 * `node bench/embedded-mix.mjs`: administrator saves under a burst of visitors on the embedded database
 * (docs/decisions/0091-responsive-embedded-default.md), printed, never asserted. Starts the API (api/src compiled on
 * the fly by swc) with no DATABASE_URL on a fresh data directory, so it runs on PGlite behind its socket server over
 * ONE connection with the demo catalogue seeded, and a test issuer (api/src/test/test-issuer.ts) for an administrator
 * token. Over real HTTP:
 *
 * 1. Baseline: the administrator saves alone (`PUT /api/main/update/:id`, one per link, all at once), no other load.
 * 2. The mix, `--concurrency` requests (default 300) sent at once: image variants never made before
 *    (`/api/images/<key>?w=320|640|1280` of every image the seeded pages show), the same saves as in 1 spread through
 *    the burst, and public reads (`/api/store`, `/api/site/first-screen`, `/api/tag/list`, `/api/plan/list`,
 *    `/api/cover`) for the rest.
 *
 * Prints p50/p99 of the saves alone and in the mix with their ratio, p50/max of the cold variants, p50/p99 of the
 * public reads, and the answers by status (the target of docs/decisions/0091-responsive-embedded-default.md: saves p99
 * ≤ 2 s in the mix). Each save empties the public cache, as it must, so the public reads after it read the database
 * again: the sooner the saves are answered, the more of the burst's public reads come after one.
 *
 *   node bench/embedded-mix.mjs [--concurrency 300] [--saves 10]
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import { startEmbeddedApi } from './lib/embedded-api.mjs';

const require = createRequire(import.meta.url);
require('../build/register-swc.js');
const { startTestIssuer } = require('../api/src/test/test-issuer.ts');

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CONCURRENCY = option('concurrency', 300);
const SAVES = option('saves', 10);
const PUBLIC_READS = ['/api/store', '/api/site/first-screen', '/api/tag/list', '/api/plan/list', '/api/cover'];

/** The `q` quantile (0..1) of `xs` in milliseconds, nearest rank. */
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};
const ms = (x) => `${x.toFixed(0)} ms`;
const statuses = (answers) =>
  answers.reduce((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const issuer = await startTestIssuer();
const api = await startEmbeddedApi({ OIDC_ISSUER: issuer.issuer });
const { base } = api;

/**
 * One request: `{ kind, status, ms }`, status 0 when it got no answer within 120 s. Sent with node:http, which connects
 * in the order requests are made: fetch (undici) sends a request with a body only after reading it, behind every GET
 * made at the same time, so the saves would reach the API last whatever their place in the burst.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const ask = (kind, url, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve) => {
    const started = performance.now();
    const done = (status) => resolve({ kind, status, ms: performance.now() - started });
    const request = http.request(
      `${base}${url}`,
      { method, agent, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode));
        res.on('error', () => done(0));
      },
    );
    request.setTimeout(120_000, () => request.destroy());
    request.on('error', () => done(0));
    request.end(body);
  });

try {
  const authorization = `Bearer ${await issuer.mint({ expiresInSeconds: 3600 })}`;
  const save = (id, n) =>
    ask('save', `/api/main/update/${id}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: `부하${n}` }),
    });
  const shown = (await Promise.all(PUBLIC_READS.map((url) => fetch(`${base}${url}`).then((res) => res.text())))).join();
  const keys = [...new Set([...shown.matchAll(/\/api\/images\/([0-9a-f]{64})/g)].map((match) => match[1]))];
  const { product } = await (await fetch(`${base}/api/main/list`, { headers: { authorization } })).json();
  const ids = product.slice(0, SAVES).map((link) => link.id);

  // Warm the token check and the connection, then the saves alone.
  await save(ids[0], 0);
  const alone = await Promise.all(ids.map((id, n) => save(id, n)));

  const variants = keys.flatMap((key) => [320, 640, 1280].map((w) => `/api/images/${key}?w=${w}`));
  const reads = CONCURRENCY - variants.length - ids.length;
  const burst = [
    ...variants.map((url) => () => ask('cold variant', url)),
    ...Array.from({ length: Math.max(0, reads) }, (_, i) => () => ask('public read', PUBLIC_READS[i % 5])),
  ];
  // Public reads and variants interleaved, the saves spread evenly through the burst.
  const shuffled = burst.map((send, i) => ({ send, at: (i * 7919) % burst.length })).sort((a, b) => a.at - b.at);
  const sends = shuffled.map(({ send }) => send);
  ids.forEach((id, n) => sends.splice(Math.floor(((n + 0.5) * sends.length) / ids.length), 0, () => save(id, n + 100)));
  const started = performance.now();
  const mix = await Promise.all(sends.map((send) => send()));
  const wall = performance.now() - started;

  const of = (kind) => mix.filter((answer) => answer.kind === kind).map((answer) => answer.ms);
  const aloneMs = alone.map((answer) => answer.ms);
  console.log(
    `embedded mix: ${mix.length} requests at once (${variants.length} cold variants of ${keys.length} images, ` +
      `${ids.length} saves, ${Math.max(0, reads)} public reads) in ${ms(wall)}; ${JSON.stringify(statuses(mix))}`,
  );
  console.log(
    `administrator saves alone: p50 ${ms(quantile(aloneMs, 0.5))}, p99 ${ms(quantile(aloneMs, 0.99))}; ` +
      `in the mix: p50 ${ms(quantile(of('save'), 0.5))}, p99 ${ms(quantile(of('save'), 0.99))} ` +
      `(×${(quantile(of('save'), 0.99) / quantile(aloneMs, 0.99)).toFixed(1)} the p99 alone; target p99 ≤ 2000 ms)`,
  );
  console.log(
    `cold variants in the mix: p50 ${ms(quantile(of('cold variant'), 0.5))}, max ${ms(Math.max(...of('cold variant')))}`,
  );
  console.log(
    `public reads in the mix: p50 ${ms(quantile(of('public read'), 0.5))}, p99 ${ms(quantile(of('public read'), 0.99))}`,
  );
  const errors = api
    .output()
    .split('\n')
    .filter((line) => /QueryFailedError|portal .* does not exist/.test(line));
  console.log(`database errors in the API log: ${errors.length}${errors[0] ? ` (first: ${errors[0].trim()})` : ''}`);
} finally {
  agent.destroy();
  await api.stop();
  await issuer.close();
}
