/**
 * `node bench/api-images.mjs`: numbers for the link and image writes of docs/decisions/0013-link-management.md,
 * printed, never asserted.
 *
 * Boots the real Nest app (api/src, compiled on the fly by swc) on a fresh PostgreSQL database created on the
 * server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, with a
 * test issuer for an administrator token, listening on 127.0.0.1, and measures over real HTTP:
 *
 * 1. Upload-to-stored time of a 12-megapixel JPEG (4000×3000, noisy so it is as large as a phone photo):
 *    from sending `POST /api/image` until the 201 answer (the image is committed in PostgreSQL by then).
 * 2. The byte size of its 320w WebP variant (`GET /api/images/<key>?w=320`), and the time of that first request.
 * 3. The time of one reorder among 1,000 links (`PUT /api/main/update/order/:id/:to/:from`): the worst case
 *    (first to last, every pcode renumbered) and the median of 50 random moves.
 *
 *   node bench/api-images.mjs [--runs 5]
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
require('../build/register-swc.js');
const { createAdminTestApp } = require('../api/src/test/admin-test-app.ts');

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

/** A 4000×3000 JPEG: a colour gradient with grain, about the size of a 12 MP phone photo. */
async function photo(seed) {
  const width = 4000;
  const height = 3000;
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = (seed * 37 + ((x + y) % 256)) % 256;
    }
  }
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 0, sigma: 18 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < gradient.length; i++) gradient[i] = Math.max(0, Math.min(255, gradient[i] + grain[i] - 9));
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const t = await createAdminTestApp(new Date());
try {
  await t.app.listen(0, '127.0.0.1');
  const base = await t.app.getUrl();
  const authorization = await t.bearer();
  const call = async (method, path, body) => {
    const init = { method, headers: { authorization } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}${path}`, init);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
  };

  // 1 + 2: uploads.
  console.log(`database ${t.databaseName}; ${RUNS} uploads of a 4000×3000 JPEG (each a different picture)`);
  const uploads = [];
  const variants = [];
  for (let run = 0; run < RUNS; run++) {
    const jpeg = await photo(run);
    const link = (await call('POST', '/api/store/create', { pname: `사진 ${run}` })).json().product;
    const form = new FormData();
    form.set('id', String(link.id));
    form.set('image', new Blob([jpeg], { type: 'image/jpeg' }), `photo-${run}.jpg`);
    const started = performance.now();
    const res = await call('POST', '/api/image', form);
    const elapsed = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.bytes}`);
    const { imagelink } = res.json().product;
    const [stored] = await t.dataSource.query(`SELECT byte_size, width, height FROM images WHERE key = $1`, [
      imagelink.slice('/api/images/'.length),
    ]);
    const variantStarted = performance.now();
    const variant = await call('GET', `${imagelink}?w=320`);
    const variantElapsed = performance.now() - variantStarted;
    uploads.push(elapsed);
    variants.push({ bytes: variant.bytes.length, ms: variantElapsed });
    console.log(
      `  run ${run + 1}: upload ${(jpeg.length / 1e6).toFixed(2)} MB → stored ${stored.width}×${stored.height} ${(stored.byte_size / 1e6).toFixed(2)} MB in ${ms(elapsed)}; ` +
        `320w WebP ${variant.bytes.length} bytes (${(await sharp(variant.bytes).metadata()).width}×${(await sharp(variant.bytes).metadata()).height}), first request ${ms(variantElapsed)}`,
    );
  }
  console.log(
    `upload-to-stored, 12 MP JPEG: median ${ms(median(uploads))} (min ${ms(Math.min(...uploads))}, max ${ms(Math.max(...uploads))})`,
  );
  console.log(
    `320w WebP variant: median ${median(variants.map((v) => v.bytes))} bytes; made on first request in median ${ms(median(variants.map((v) => v.ms)))}`,
  );

  // 3: reorder among 1,000 links.
  await t.dataSource.query(`DELETE FROM links`);
  await t.dataSource.query(
    `INSERT INTO links (pname, tags, pcode) SELECT '링크 ' || i, ARRAY['태그' || (i % 7)], i FROM generate_series(0, 999) AS i`,
  );
  const ids = (await t.dataSource.query(`SELECT id FROM links ORDER BY pcode`)).map((r) => r.id);
  const move = async (from, to) => {
    const started = performance.now();
    const res = await call('PUT', `/api/main/update/order/${ids[from]}/${to}/${from}`, { pcode: to });
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`reorder answered ${res.status}`);
    ids.splice(to, 0, ...ids.splice(from, 1));
    return elapsed;
  };
  for (let i = 0; i < 5; i++) await move(500, 501); // warm-up
  const worst = [];
  for (let i = 0; i < 5; i++) worst.push(await move(0, 999));
  const random = [];
  for (let i = 0; i < 50; i++)
    random.push(await move(Math.floor(Math.random() * 1000), Math.floor(Math.random() * 1000)));
  const rows = await t.dataSource.query(
    `SELECT array_agg(id ORDER BY pcode) AS ids, min(pcode) AS lo, max(pcode) AS hi, count(DISTINCT pcode)::int AS n FROM links`,
  );
  if (
    JSON.stringify(rows[0].ids) !== JSON.stringify(ids) ||
    rows[0].lo !== 0 ||
    rows[0].hi !== 999 ||
    rows[0].n !== 1000
  )
    throw new Error('order broken');
  console.log(`reorder among 1,000 links (HTTP round trip incl. auth, the ordered list of 1,000 in the answer):`);
  console.log(`  first → last (1,000 pcodes renumbered): median ${ms(median(worst))} of 5`);
  console.log(`  random moves: median ${ms(median(random))}, max ${ms(Math.max(...random))} of 50`);
} finally {
  await t.close();
}
