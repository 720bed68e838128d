/**
 * `node bench/backup.mjs`: backup and restore time and archive size (docs/decisions/0026-creator-features.md), printed,
 * never asserted.
 *
 * Two real Nest apps (api/src, compiled on the fly by swc), each on its own fresh PostgreSQL database on the server of
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end), with a test issuer for an
 * administrator token, listening on 127.0.0.1. Over real HTTP, the way the 백업 및 복원 screen calls them:
 *
 * - backup: `GET /api/backup` from the first to the last byte of the archive;
 * - check: `POST /api/backup/check` (the whole archive read and verified, nothing changed);
 * - restore: `POST /api/backup/restore` into the second site, emptied before every run;
 *
 * for two sites:
 *
 * 1. the demo site (`seedDemoCatalogue`: 24+ links with their pictures, plans, the cover);
 * 2. the demo site plus `--links` more links (default 10,000), each with its own 800×800 JPEG original (a demo
 *    picture with its number drawn in a corner, so no two share bytes and the archive holds every one, as a creator's catalogue
 *    would), written straight into the tables in batches.
 *
 * After the last restore of each, every table's row count and the SHA-256 of every image are compared with the
 * source; the bench stops with an error if they differ.
 *
 *   node bench/backup.mjs [--runs 3] [--links 10000]
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
require('../build/register-swc.js');
const { createAdminTestApp } = require('../api/src/test/admin-test-app.ts');
const { seedDemoCatalogue } = require('../api/src/seed/seed-demo-catalogue.ts');
const { drawProductImage } = require('../api/src/seed/product-art.ts');
const { DEMO_PRODUCTS } = require('../api/src/seed/demo-catalogue.ts');
const { insertImage } = require('../api/src/images/images.service.ts');
const { BACKUP_TABLES } = require('../api/src/backup/backup-format.ts');

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const RUNS = option('runs', 3);
const EXTRA_LINKS = option('links', 10_000);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Rows per backed-up table and the SHA-256 of every image, to compare a restored site with its source. */
async function fingerprint(dataSource) {
  const counts = {};
  for (const table of BACKUP_TABLES.map((t) => t.name)) {
    counts[table] = (await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  }
  const [images] = await dataSource.query(
    `SELECT count(*)::int AS n, coalesce(sum(byte_size), 0)::bigint AS bytes,
            md5(coalesce(string_agg(encode(sha256(bytes), 'hex'), '' ORDER BY key), '')) AS digest FROM images`,
  );
  return { counts, images: { n: images.n, bytes: Number(images.bytes), digest: images.digest } };
}

/** An administrator's HTTP calls on a test app listening on 127.0.0.1. */
async function httpOf(t) {
  await t.app.listen(0, '127.0.0.1');
  const base = await t.app.getUrl();
  return async (method, path, body) => {
    const headers = { authorization: await t.bearer() };
    if (body) headers['content-type'] = 'application/gzip';
    const res = await fetch(`${base}${path}`, { method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200)
      throw new Error(`${method} ${path} answered ${res.status}: ${bytes.toString('utf8', 0, 300)}`);
    return bytes;
  };
}

/** Adds `count` links, each with its own 800×800 JPEG, in batches of 500 (one transaction each). */
async function addLinks(dataSource, count) {
  const bases = await Promise.all(
    DEMO_PRODUCTS.slice(0, 12).map(async (p, i) =>
      sharp(await drawProductImage(p.motif, p.hue, i + 1))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const started = performance.now();
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, k) => from + k);
    const images = await Promise.all(
      batch.map(async (n) => {
        const { data, info } = bases[n % bases.length];
        const pixels = Buffer.from(data);
        // A strip of 8×8 blocks in the top corner spells n in binary: every picture its own bytes.
        for (let bit = 0; bit < 16; bit++)
          for (let y = 0; y < 8; y++)
            pixels.fill((n >> bit) & 1 ? 255 : 0, (y * info.width + bit * 8) * 3, (y * info.width + bit * 8 + 8) * 3);
        const bytes = await sharp(pixels, { raw: info }).jpeg({ quality: 90 }).toBuffer();
        const key = createHash('sha256').update(bytes).digest('hex');
        return {
          key,
          contentType: 'image/jpeg',
          width: info.width,
          height: info.height,
          byteSize: bytes.length,
          bytes,
        };
      }),
    );
    await dataSource.transaction(async (manager) => {
      for (const image of images) await insertImage(manager, image);
      await manager.query(
        `INSERT INTO links (pname, tags, link, image_key, pcode)
         SELECT '상품 ' || n, ARRAY['태그' || (n % 40), '묶음' || (n % 7)], 'https://smartstore.naver.com/linksite/products/' || n,
                key, (SELECT coalesce(max(pcode) + 1, 0) FROM links) + ord - 1
           FROM unnest($1::int[], $2::char(64)[]) WITH ORDINALITY AS u(n, key, ord)`,
        [batch, images.map((i) => i.key)],
      );
    });
  }
  return performance.now() - started;
}

/** Backs `source` up and restores it into `target` RUNS times; prints the medians and checks the last restore. */
async function measure(label, source, target) {
  const [from, to] = [await source.http, await target.http];
  const backups = [];
  const checks = [];
  const restores = [];
  let archive;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    archive = await from('GET', '/api/backup');
    backups.push(performance.now() - started);
    started = performance.now();
    await to('POST', '/api/backup/check', archive);
    checks.push(performance.now() - started);
    for (const table of ['links', 'plans', 'popup_slots', 'cover', 'images'])
      await target.t.dataSource.query(`DELETE FROM ${table}`);
    started = performance.now();
    await to('POST', '/api/backup/restore', archive);
    restores.push(performance.now() - started);
  }
  const [a, b] = [await fingerprint(source.t.dataSource), await fingerprint(target.t.dataSource)];
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(`restored site differs: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  const rows = Object.entries(a.counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  console.log(`${label}: ${rows}; images ${a.images.n} (${mib(a.images.bytes)} of originals)`);
  console.log(
    `  archive ${mib(archive.length)} (${archive.length} bytes, ${((archive.length / a.images.bytes) * 100).toFixed(0)} % of the image bytes)`,
  );
  console.log(
    `  backup ${seconds(median(backups))} · check ${seconds(median(checks))} · restore into an empty site ${seconds(median(restores))} ` +
      `(median of ${RUNS}; restored rows and image bytes identical)`,
  );
}

const source = await createAdminTestApp(new Date());
const target = await createAdminTestApp(new Date());
try {
  const sites = {
    source: { t: source, http: httpOf(source) },
    target: { t: target, http: httpOf(target) },
  };
  await seedDemoCatalogue(source.dataSource, source.clock);
  console.log(`databases ${source.databaseName} → ${target.databaseName}; ${RUNS} runs each`);
  await measure('demo site', sites.source, sites.target);
  const elapsed = await addLinks(source.dataSource, EXTRA_LINKS);
  console.log(`(${EXTRA_LINKS} links with their pictures written in ${seconds(elapsed)})`);
  await measure(`demo site + ${EXTRA_LINKS} links`, sites.source, sites.target);
} finally {
  await source.close();
  await target.close();
}
