/**
 * `npm run bench`: numbers for the store page, printed, never asserted.
 *
 * 1. Start-up: time from launching `scripts/start.mjs` (what `npm start` runs) to the first load
 *    of `/` showing product cards in Chromium. "cold" uses a new data directory (the embedded
 *    database is created, migrated and seeded; pass --clean-build to also delete every dist/
 *    first); "warm" starts again on the same data directory with everything built.
 * 2. Page weight of `/`: JavaScript bytes over the wire (gzip as served when the server
 *    compresses, otherwise raw), their gzip size, and the number of requests.
 * 3. API latency: median and p95 of GET /api/store over 200 sequential requests after 20 warm-ups.
 *
 *   npm run bench [-- --clean-build]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot } from '../scripts/site-layout.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchSite } from './lib/site.mjs';

const SITE_PORT = 28080;
const API_PORT = 23000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-bench-'));
const siteUrl = `http://localhost:${SITE_PORT}/`;

if (process.argv.includes('--clean-build')) {
  for (const dir of ['api', 'idp', 'shell', 'mf-store', 'mf-plans'])
    fs.rmSync(path.join(repoRoot, dir, 'dist'), { recursive: true, force: true });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const cold = await timeStartToFirstLoad();
  console.log(
    `start → first load of / (cold${process.argv.includes('--clean-build') ? ', clean build' : ''}): ${cold.seconds.toFixed(1)} s`,
  );
  await cold.stop();
  const warm = await timeStartToFirstLoad();
  console.log(`start → first load of / (warm): ${warm.seconds.toFixed(1)} s`);
  await pageWeight();
  await apiLatency();
  await warm.stop();
} finally {
  await browser.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function timeStartToFirstLoad() {
  return startBenchSite({ browser, sitePort: SITE_PORT, apiPort: API_PORT, idpPort: 28090, dataDir });
}

async function pageWeight() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(siteUrl, { waitUntil: 'networkidle' });
  let jsRaw = 0;
  let jsGzip = 0;
  let jsCount = 0;
  for (const response of responses) {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) continue;
    const body = await response.body();
    jsCount += 1;
    jsRaw += body.length;
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  console.log(
    `/ loads ${responses.length} requests, ${jsCount} of them JavaScript: ${(jsRaw / 1024).toFixed(1)} KiB raw, ${(jsGzip / 1024).toFixed(1)} KiB gzip`,
  );
  await context.close();
}

async function apiLatency() {
  const url = `http://127.0.0.1:${API_PORT}/api/store`;
  for (let i = 0; i < 20; i += 1) await (await fetch(url)).arrayBuffer();
  const samples = [];
  for (let i = 0; i < 200; i += 1) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  const db = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';
  console.log(`GET /api/store (${db}, 200 requests): median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`);
}
