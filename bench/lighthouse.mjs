/**
 * Lighthouse mobile on `/` with the machine's Chromium (docs/decisions/0039-measured-not-asserted.md;
 * docs/decisions/0040-trusted-under-attack.md "Lighthouse best practices still 100";
 * docs/decisions/0057-remotes-ship-alone-with-ssr.md targets). Printed, never asserted: scores depend on the machine.
 *
 *   npm run build && node bench/lighthouse.mjs [--runs 5] [--load] [--url http://localhost:3000/] [--keep]
 *
 * Without --url it starts the site as `npm start` does (embedded database, demo catalogue, its own ports and data
 * directory). Lighthouse is not a dependency of the project (185 MB, only this benchmark uses it): the pinned version
 * below is fetched into npm's cache on first use by `npm exec` and runs there. It drives Debian's Chromium
 * (CHROME_PATH) with the flags this machine's closed network needs, with Lighthouse's default mobile emulation and
 * simulated throttling (Moto G Power, slow 4G), so the numbers compare with PageSpeed Insights' mobile run.
 *
 * The baseline, measured in the same run: the same served page with its scripts removed ("no-script"), from a
 * proxy in front of the site that strips `<script>` elements and script preloads from `/`'s HTML and passes every
 * other request through (so images, stylesheets and the API are the same server's). The two are run alternately,
 * `--runs` times each; `--load` runs one busy loop per core beside them (a phone is a loaded machine).
 *
 * Prints, per run and as the median of the runs of each: the four category scores (performance, accessibility, best
 * practices, SEO, 0–100), FCP, LCP, TBT (ms) and CLS; then the site's performance score minus the baseline's and its
 * TBT over the baseline's (docs/decisions/0057-remotes-ship-alone-with-ssr.md: within 5 points, ≤ 1.5×); then every
 * audit that kept a category of the site under 100, so a regression names its cause, and the site's long tasks by
 * script, and each run's largest contentful paint: its element and its phases, observed and simulated. `--keep` keeps the
 * JSON reports and prints where.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startCpuLoad } from './lib/cpu-load.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchSite } from './lib/site.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // 13.x needs Node 22.19+; 12.8 runs on the Node 20 and 22 this project supports
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
];
const NO_SCRIPT_PORT = 28280; // clear of the site's ports (28180 + each remote's offset)

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = Number(argument('--runs', '5'));
const loaded = process.argv.includes('--load');
const keep = process.argv.includes('--keep');
let url = argument('--url', null);

const run = promisify(execFile);
let site = null;
let browser = null;
let noScript = null;
let load = [];
if (!url) {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  site = await startBenchSite({ browser, sitePort: 28180, apiPort: 23100, idpPort: 28190 });
  url = site.url;
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-lighthouse-'));
try {
  noScript = await startNoScriptProxy(new URL(url), NO_SCRIPT_PORT);
  const variants = [
    { name: 'site', url, reports: [] },
    { name: 'no-script', url: `http://localhost:${NO_SCRIPT_PORT}${new URL(url).pathname}`, reports: [] },
  ];
  if (loaded) load = startCpuLoad();
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]} mobile, ${runs} alternating runs each${loaded ? ', CPU loaded' : ''}`,
  );
  for (let i = 0; i < runs; i += 1) {
    for (const variant of variants) {
      const report = await lighthouse(variant.url, path.join(outDir, `${variant.name}-${i}.json`));
      variant.reports.push(report);
      console.log(`run ${i + 1}/${runs} ${variant.name}: ${line(summary(report))}`);
    }
  }
  const [sited, baseline] = variants.map((variant) => ({ ...variant, median: medianSummary(variant.reports) }));
  console.log('');
  for (const { name, median, url: at } of [sited, baseline]) console.log(`median ${name} (${at}): ${line(median)}`);
  console.log(
    `site vs no-script: performance ${signed(sited.median.performance - baseline.median.performance)} points ` +
      `(target ≥ -5), TBT ${ratio(sited.median.TBT, baseline.median.TBT)} (target ≤ 1.5×), ` +
      `LCP ${ratio(sited.median.LCP, baseline.median.LCP)}`,
  );
  printMisses(sited.reports);
  printBlockingByScript(sited.reports);
  printLargestPaints(variants);
} finally {
  for (const child of load) child.kill();
  noScript?.close();
  if (keep) console.log(`Reports kept in ${outDir}`);
  else fs.rmSync(outDir, { recursive: true, force: true });
  await site?.stop();
  if (site) fs.rmSync(site.dataDir, { recursive: true, force: true });
  await browser?.close();
}

/** One Lighthouse run on `target`; its JSON report. */
async function lighthouse(target, output) {
  await run(
    'npm',
    [
      'exec',
      '--yes',
      `--package=${LIGHTHOUSE}`,
      '--',
      'lighthouse',
      target,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(fs.readFileSync(output, 'utf8'));
}

/**
 * The baseline's server: `GET /` (any query) is the site's own `/` with every `<script>` element and script preload
 * removed; every other request is passed to the site as it came.
 * @returns {Promise<http.Server>}
 */
async function startNoScriptProxy(origin, port) {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const isPage = req.method === 'GET' && new URL(req.url, origin).pathname === '/' && answer.statusCode === 200;
        if (!isPage) {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/gi, '')
            .replace(/<link\b[^>]*(?:rel="modulepreload"|as="script")[^>]*>/gi, '');
          // Compressed as the site compresses it, so the baseline's HTML costs the same on the simulated network.
          const body = zlib.gzipSync(html);
          res.writeHead(200, { ...answer.headers, 'content-encoding': 'gzip', 'content-length': body.length });
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    // The page's HTML is read as text: ask for it uncompressed.
    if (new URL(req.url, origin).pathname === '/') upstream.removeHeader('accept-encoding');
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return server;
}

/** Each value's median over the runs' summaries. */
function medianSummary(reports) {
  const summaries = reports.map(summary);
  return Object.fromEntries(
    Object.keys(summaries[0]).map((key) => {
      const values = summaries.map((s) => s[key]).sort((a, b) => a - b);
      return [key, values[Math.floor(values.length / 2)]];
    }),
  );
}

/** `n` with its sign: +3, -4. */
function signed(n) {
  return n >= 0 ? `+${n}` : String(n);
}

/** a ÷ b as `1.23×`; when b is 0 (a page with no long task), both values instead. */
function ratio(a, b) {
  return b > 0 ? `${(a / b).toFixed(2)}×` : `${Math.round(a)} ms vs ${Math.round(b)} ms`;
}

/** Every audit that kept a category under 100 in at least one of `reports`, with its first items. */
function printMisses(reports) {
  const misses = new Map();
  for (const report of reports) {
    for (const id of CATEGORIES) {
      for (const ref of report.categories[id].auditRefs) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          const items = (audit.details?.items ?? [])
            .slice(0, 3)
            .map(
              (item) =>
                [item.description, item.url ?? item.sourceLocation?.url].filter(Boolean).join(' ') ||
                item.node?.snippet,
            )
            .filter(Boolean);
          const detail = items.length > 0 ? `: ${items.join(' | ')}` : '';
          misses.set(
            `${id}: ${ref.id}`,
            `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${detail}`,
          );
        }
      }
    }
  }
  if (misses.size > 0) {
    console.log('Audits of the site under 100 in at least one run:');
    for (const [key, title] of misses) console.log(`  ${key} — ${title}`);
  }
}

/**
 * What makes Total Blocking Time: each run's long tasks (Lighthouse's `long-tasks` audit, simulated timings) summed by
 * the script they are attributed to, as blocking time (the part of each task over 50 ms) and task count, median over
 * the runs, largest first.
 */
function printBlockingByScript(runReports) {
  const perRun = runReports.map((report) => {
    const byScript = new Map();
    for (const task of report.audits['long-tasks']?.details?.items ?? []) {
      const script = String(task.url ?? '(unattributed)').replace(/^https?:\/\/[^/]+/, '') || '(document)';
      const entry = byScript.get(script) ?? { blocking: 0, tasks: 0 };
      entry.blocking += Math.max(0, task.duration - 50);
      entry.tasks += 1;
      byScript.set(script, entry);
    }
    return byScript;
  });
  const scripts = new Set(perRun.flatMap((byScript) => [...byScript.keys()]));
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [...scripts]
    .map((script) => ({
      script,
      blocking: median(perRun.map((byScript) => byScript.get(script)?.blocking ?? 0)),
      tasks: median(perRun.map((byScript) => byScript.get(script)?.tasks ?? 0)),
    }))
    .sort((a, b) => b.blocking - a.blocking);
  if (rows.length === 0) return;
  console.log('Long tasks by script (median of the runs; blocking = the part of each task over 50 ms):');
  for (const { script, blocking, tasks } of rows)
    console.log(`  ${Math.round(blocking)} ms in ${tasks} task(s): ${script}`);
}

/**
 * Each run's largest contentful paint: the element, Lighthouse's phases of it (TTFB, load delay, load time, render
 * delay; simulated ms), and first and largest contentful paint as observed in the trace beside the simulated ones. A
 * simulated paint counts every request and task the observed paint waited behind, so a script that starts before the
 * page's first paint is paid for at the simulated network's speed.
 */
function printLargestPaints(variants) {
  console.log('Largest contentful paint per run (FCP / LCP: observed in the trace → simulated, ms):');
  for (const { name, reports } of variants) {
    reports.forEach((report, i) => {
      const metrics = report.audits.metrics?.details?.items?.[0] ?? {};
      const [element, phases] = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
      const selector = element?.items?.[0]?.node?.selector ?? '?';
      const phaseText = (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', ');
      const paints = [
        ['FCP', 'observedFirstContentfulPaint', 'firstContentfulPaint'],
        ['LCP', 'observedLargestContentfulPaint', 'largestContentfulPaint'],
      ]
        .map(
          ([label, observed, simulated]) =>
            `${label} ${Math.round(metrics[observed])} → ${Math.round(metrics[simulated])}`,
        )
        .join(', ');
      console.log(`  ${name} ${i + 1}: ${paints}; ${selector} (${phaseText})`);
    });
  }
}

/** Category scores (0–100) and the metrics (ms, CLS unitless) of one Lighthouse report. */
function summary(report) {
  const result = {};
  for (const id of CATEGORIES) result[id] = Math.round(report.categories[id].score * 100);
  for (const [id, label] of METRICS) result[label] = report.audits[id].numericValue;
  return result;
}

function line(s) {
  const scores = CATEGORIES.map((id) => `${id} ${s[id]}`).join(', ');
  const metrics = METRICS.map(([, label, unit]) =>
    unit ? `${label} ${Math.round(s[label])} ${unit}` : `${label} ${s[label].toFixed(3)}`,
  ).join(' / ');
  return `${scores}; ${metrics}`;
}
