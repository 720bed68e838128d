/**
 * Lighthouse mobile on `/` with the machine's Chromium (issue 14 item 8b; issue 15 "Lighthouse best practices still
 * 100"). Printed, never asserted: scores depend on the machine.
 *
 *   npm run build && node bench/lighthouse.mjs [--runs 3] [--url http://localhost:3000/]
 *
 * Without --url it starts the site as `npm start` does (embedded database, demo catalogue, its own ports and data
 * directory). Lighthouse is not a dependency of the project (185 MB, only this benchmark uses it): the pinned version
 * below is fetched into npm's cache on first use by `npm exec` and runs there. It drives Debian's Chromium
 * (CHROME_PATH) with the flags this machine's closed network needs, with Lighthouse's default mobile emulation and
 * simulated throttling (Moto G Power, slow 4G), so the numbers compare with PageSpeed Insights' mobile run.
 *
 * Prints, per run and as the median of the runs: the four category scores (performance, accessibility, best
 * practices, SEO, 0–100), FCP, LCP, TBT (ms) and CLS, then every audit that kept a category under 100, so a
 * regression names its cause.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchSite } from './lib/site.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // 13.x needs Node 22.19+; 12.8 runs on the Node 20 and 22 this project supports
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
];

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = Number(argument('--runs', '3'));
let url = argument('--url', null);

const run = promisify(execFile);
let site = null;
let browser = null;
if (!url) {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  site = await startBenchSite({ browser, sitePort: 28180, apiPort: 23100, idpPort: 28190 });
  url = site.url;
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-lighthouse-'));
const reports = [];
try {
  for (let i = 0; i < runs; i += 1) {
    const output = path.join(outDir, `run-${i}.json`);
    await run(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${LIGHTHOUSE}`,
        '--',
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(fs.readFileSync(output, 'utf8'));
    reports.push(report);
    console.log(`run ${i + 1}/${runs}: ${line(summary(report))}`);
  }
  const summaries = reports.map(summary);
  const median = Object.fromEntries(
    Object.keys(summaries[0]).map((key) => {
      const values = summaries.map((s) => s[key]).sort((a, b) => a - b);
      return [key, values[Math.floor(values.length / 2)]];
    }),
  );
  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} mobile on ${url}, median of ${runs}: ${line(median)}`);
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
    console.log('Audits under 100 in at least one run:');
    for (const [key, title] of misses) console.log(`  ${key} — ${title}`);
  }
  printBlockingByScript(reports);
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  await site?.stop();
  if (site) fs.rmSync(site.dataDir, { recursive: true, force: true });
  await browser?.close();
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
