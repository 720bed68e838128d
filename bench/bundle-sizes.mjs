/**
 * `node bench/bundle-sizes.mjs`: the production bundle of every frontend app (what its static image
 * serves), printed, never asserted: JavaScript and CSS files, raw and gzip (level 9, as nginx would
 * send them with gzip on), and the size of the remote entry. Builds what is stale first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildStale } from '../scripts/build.mjs';
import { repoRoot, siteLayout } from '../scripts/site-layout.mjs';

await buildStale({ log: () => undefined });

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const rows = [];
for (const app of siteLayout().apps) {
  const dist = path.join(repoRoot, app.dir, 'dist');
  let files = 0;
  let raw = 0;
  let gzip = 0;
  for (const entry of fs.readdirSync(dist, { recursive: true })) {
    const file = path.join(dist, entry);
    // dist/server: the first-screen renderer the API runs (docs/first-screen.md), never sent to a browser.
    if (entry.split(path.sep)[0] === 'server') continue;
    if (!/\.(js|css)$/.test(file) || !fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    files += 1;
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const entryFile = path.join(dist, 'remoteEntry.js');
  const entry = fs.existsSync(entryFile) ? kib(gzipSync(fs.readFileSync(entryFile), { level: 9 }).length) : '—';
  rows.push({ app: app.dir, files, raw: kib(raw), gzip: kib(gzip), 'remoteEntry.js gzip': entry });
}
console.table(rows);
