/**
 * Side-by-side page load of `/` (docs/decisions/0039-measured-not-asserted.md): the federated site as `npm start`
 * serves it, the same UI built without Module Federation ("plain", bench/lib/plain-build.mjs) and a static HTML page of
 * the same cards ("static": the federated page's own DOM once rendered, its scripts removed, its stylesheets kept), all
 * on one API and one database, alternating variant order in every round, each load in a new browser context (cold HTTP
 * cache), Chromium on loopback at a 390 × 844 phone viewport. Printed, never asserted.
 *
 *   npm run build && node bench/page-load.mjs [--rounds 8]
 *
 * Per variant, the median over the rounds of:
 * - first card: ms from navigation start to the first frame after a `[data-testid="store-card"]` is in the document
 *   (a MutationObserver installed before the document is parsed, then requestAnimationFrame);
 * - LCP: the last `largest-contentful-paint` entry once the network is idle (ms);
 * - CLS: the sum of `layout-shift` values without recent input;
 * - requests (every response) and JS files; JS gzip: every JavaScript body gzipped at level 9, as
 *   bench/bundle-sizes.mjs and the CI budget (bench/budgets.json) count it.
 * - repeat visit: bytes transferred (headers included, as DevTools counts them) when the same browser opens `/` again
 *   right after, inside the answers' max-age (target: under 20 KB).
 * Then the ratios federated / static and federated / plain, which the issue's targets are written in. Last, the
 * catalogue is filled to 10,000 links by SQL and the federated page measured again: first card, LCP, requests and JS
 * against the 26-link run (target: first card unchanged).
 * The site runs on a fresh database of the PostgreSQL server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
 */
/* global window, document, requestAnimationFrame, MutationObserver -- inside page.evaluate and addInitScript */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot } from '../scripts/site-layout.mjs';
import { buildPlainSite } from './lib/plain-build.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchSite } from './lib/site.mjs';

const require = createRequire(import.meta.url);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
require('../build/register-swc.js');
const { createTestDatabase } = require('../api/src/test/test-database.ts');
const pg = require('pg');

/**
 * Links the catalogue is filled to for the last part of the run (docs/decisions/0031-public-page-from-kakaotalk.md
 * target "at 10,000 links").
 */
const LARGE = 10_000;
const roundsIndex = process.argv.indexOf('--rounds');
const ROUNDS = roundsIndex === -1 ? 8 : Number(process.argv[roundsIndex + 1]);
const SITE_PORT = 28280;
const API_PORT = 23200;
const IDP_PORT = 28290;
const PLAIN_PORT = 28298;
const STATIC_PORT = 28299;
const CARD = '[data-testid="store-card"]';

console.log('building the plain (non-federated) variant…');
const plainDir = await buildPlainSite();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const database = await createTestDatabase('linksite_bench_page');
const site = await startBenchSite({
  browser,
  sitePort: SITE_PORT,
  apiPort: API_PORT,
  idpPort: IDP_PORT,
  env: { DATABASE_URL: database.url },
});
const servers = [];
try {
  const staticDir = await snapshotStaticPage(path.join(plainDir, 'static'));
  servers.push(await serveFolder(plainDir, PLAIN_PORT), await serveFolder(staticDir, STATIC_PORT));
  const variants = {
    federated: site.url,
    plain: `http://localhost:${PLAIN_PORT}/`,
    static: `http://localhost:${STATIC_PORT}/`,
  };
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < names.length; i += 1) {
      const name = names[(round + i) % names.length];
      samples[name].push(await measure(variants[name]));
    }
  }
  const median = (name, key) => {
    const values = samples[name].map((sample) => sample[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  const rows = [
    ['first card (ms)', 'firstCard', 0],
    ['LCP (ms)', 'lcp', 0],
    ['CLS', 'cls', 3],
    ['requests', 'requests', 0],
    ['JS files', 'jsFiles', 0],
    ['JS gzip (KiB)', 'jsGzipKiB', 1],
    ['repeat visit, transferred (KB)', 'repeatKB', 1],
  ];
  console.log(`\n/ at 390 px, cold cache, median of ${ROUNDS} alternating rounds`);
  console.log('| metric | federated | plain | static | federated ÷ static | federated ÷ plain |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, key, digits] of rows) {
    const [f, p, s] = names.map((name) => median(name, key));
    const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
    console.log(
      `| ${label} | ${f.toFixed(digits)} | ${p.toFixed(digits)} | ${s.toFixed(digits)} | ${ratio(f, s)} | ${ratio(f, p)} |`,
    );
  }

  // The same site with its catalogue filled to 10,000 links by SQL (the API's caches told through the channel every
  // write notifies), federated only: the first screen must not grow with the catalogue.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO links (pname, tags, link, pcode)
       SELECT '벤치 상품 ' || g, ARRAY['벤치', '태그' || (g % 50)], 'https://shop.example/' || g, g
         FROM generate_series((SELECT count(*) FROM links), $1 - 1) AS g`,
      [LARGE],
    );
    await client.query('ANALYZE links');
    await client.query(`SELECT pg_notify('linksite_public_reads', 'bench')`);
  } finally {
    await client.end();
  }
  const large = [];
  for (let round = 0; round < ROUNDS; round += 1) large.push(await measure(variants.federated));
  const largeMedian = (key) => large.map((sample) => sample[key]).sort((a, b) => a - b)[Math.floor(large.length / 2)];
  console.log(`\nfederated / at ${LARGE.toLocaleString('en')} links, median of ${ROUNDS}, against the 26 above`);
  console.log('| metric | 26 links | 10,000 links | ratio |');
  console.log('|---|---|---|---|');
  for (const [label, key, digits] of [rows[0], rows[1], rows[3], rows[5]]) {
    const small = median('federated', key);
    const big = largeMedian(key);
    console.log(`| ${label} | ${small.toFixed(digits)} | ${big.toFixed(digits)} | ${(big / small).toFixed(2)}× |`);
  }
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await site.stop();
  await browser.close();
  fs.rmSync(site.dataDir, { recursive: true, force: true });
  fs.rmSync(plainDir, { recursive: true, force: true });
  await database.drop();
}

/** One cold load of `url`: the numbers the table prints. */
async function measure(url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((selector) => {
    const marks = { firstCard: null, lcp: null, cls: 0 };
    Object.defineProperty(window, '__pageLoadMarks', { value: marks });
    const seen = () => {
      if (marks.firstCard !== null || !document.querySelector(selector)) return false;
      marks.firstCard = -1;
      requestAnimationFrame(() => (marks.firstCard = performance.now()));
      return true;
    };
    new MutationObserver((_records, observer) => seen() && observer.disconnect()).observe(document, {
      childList: true,
      subtree: true,
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) marks.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  }, CARD);
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(CARD);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => window.__pageLoadMarks.firstCard > 0);
  const marks = await page.evaluate(() => ({ ...window.__pageLoadMarks }));
  let jsFiles = 0;
  let jsGzip = 0;
  for (const response of responses) {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) continue;
    jsFiles += 1;
    jsGzip += gzipSync(await response.body(), { level: 9 }).length;
  }
  const requests = responses.length;
  // The visitor comes back (follows the link again) within the answers' max-age: what crosses the network then,
  // headers included (DevTools' "transferred"; 0 for what the HTTP cache answers).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let transferred = 0;
  cdp.on('Network.loadingFinished', (event) => (transferred += event.encodedDataLength));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(CARD);
  await page.waitForLoadState('networkidle');
  await context.close();
  return {
    firstCard: marks.firstCard,
    lcp: marks.lcp ?? 0,
    cls: marks.cls,
    requests,
    jsFiles,
    jsGzipKiB: jsGzip / 1024,
    repeatKB: transferred / 1000,
  };
}

/**
 * The federated page's DOM once its cards and images are in, as a static page: scripts (and script preloads)
 * removed, the shell's stylesheets copied beside it (the remotes' stay on their own origins, which the CSP allows).
 * @returns {Promise<string>} a folder with `dist/index.html` for scripts/serve-app.mjs
 */
async function snapshotStaticPage(dir) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(site.url, { waitUntil: 'networkidle' });
  await page.waitForSelector(CARD);
  const html = await page.evaluate(() => {
    for (const node of document.querySelectorAll('script, link[as="script"], link[rel="modulepreload"]')) {
      node.remove();
    }
    return `<!doctype html>\n${document.documentElement.outerHTML}`;
  });
  await context.close();
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.cpSync(path.join(repoRoot, 'shell', 'dist', 'static', 'css'), path.join(dist, 'static', 'css'), {
    recursive: true,
  });
  return dir;
}

/** scripts/serve-app.mjs on `folder` (its `dist/`), with the site's ports so `/api` reaches the same API. */
async function serveFolder(folder, port) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/serve-app.mjs'), folder, String(port)], {
    env: { ...process.env, SITE_PORT: String(SITE_PORT), API_PORT: String(API_PORT), IDP_PORT: String(IDP_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`serve-app ${folder} exited with ${code}`)));
  });
  return child;
}
