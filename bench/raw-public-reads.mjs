/**
 * The raw baseline of `bench/api-vs-raw.mjs` (docs/decisions/0039-measured-not-asserted.md): a hand-written `node:http`
 * + `pg` server answering `GET /api/store`, `/api/tag/list` and `/api/images/<key>?w=` with the SAME SQL as the API
 * (its visible-links read and window-boundary query, the tag-cloud query, the image_variants read) and byte-identical
 * bodies, on a pool of 10 like the API's. No framework, no cache: what the database and JSON.stringify cost, and
 * nothing more.
 *
 *   DATABASE_URL=… node bench/raw-public-reads.mjs   → prints `raw listening on <port>`
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'raw-baseline' });
const visible = (p) =>
  `(links.enabled AND (links.show_from IS NULL OR links.show_from <= ${p}) AND (links.show_until IS NULL OR links.show_until > ${p}))`;
const BOUNDARY = `SELECT min(t) AS next FROM (
       SELECT show_from AS t FROM links WHERE enabled AND show_from > $1
       UNION ALL
       SELECT show_until FROM links WHERE enabled AND show_until > $1) boundaries`;

/** Cache-Control as link-visibility.ts publicCacheControl writes it. */
function cacheControl(next, now) {
  const boundary = Math.max(0, next ? Math.ceil((next.getTime() - now.getTime()) / 1000) : Number.POSITIVE_INFINITY);
  const shared = Math.min(60, boundary);
  const stale = Math.min(30, boundary - shared);
  return `public, max-age=0, s-maxage=${shared}` + (stale > 0 ? `, stale-while-revalidate=${stale}` : '');
}

const iso = (d) => (d ? d.toISOString() : null);

async function store(now) {
  const [{ rows }, boundary] = await Promise.all([
    pool.query(
      `SELECT id, pname, tags, link, imagelink, image_key, pcode, enabled, disclosure, show_from, show_until, version FROM links
        WHERE ${visible('$1')} ORDER BY links.pcode ASC, links.id ASC`,
      [now],
    ),
    pool.query(BOUNDARY, [now]),
  ]);
  const product = rows.map((r) => ({
    id: r.id,
    pname: r.pname,
    tag: r.tags.join('/'),
    tags: r.tags,
    link: r.link,
    imagelink: r.image_key ? `/api/images/${r.image_key}` : r.imagelink,
    pcode: r.pcode,
    enabled: r.enabled,
    disclosure: r.disclosure,
    showFrom: iso(r.show_from),
    showUntil: iso(r.show_until),
    visibility: 'visible',
    opensInDays: null,
    version: r.version,
  }));
  return { body: JSON.stringify({ product }), cache: cacheControl(boundary.rows[0]?.next, now) };
}

async function tags(now) {
  const [{ rows }, boundary] = await Promise.all([
    pool.query(
      `SELECT t.text, count(DISTINCT links.id)::int AS value
         FROM links CROSS JOIN LATERAL unnest(links.tags) AS t(text)
        WHERE ${visible('$2')}
        GROUP BY t.text
        ORDER BY value DESC, t.text ASC
        LIMIT $1`,
      [100, now],
    ),
    pool.query(BOUNDARY, [now]),
  ]);
  return { body: JSON.stringify({ product: rows }), cache: cacheControl(boundary.rows[0]?.next, now) };
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://raw');
    const now = new Date();
    if (url.pathname === '/api/store' || url.pathname === '/api/tag/list') {
      const { body, cache } = await (url.pathname === '/api/store' ? store(now) : tags(now));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': cache });
      res.end(body);
      return;
    }
    const image = url.pathname.match(/^\/api\/images\/([0-9a-f]{64})$/);
    if (image && url.searchParams.has('w')) {
      const { rows } = await pool.query(`SELECT bytes FROM image_variants WHERE image_key = $1 AND width = $2`, [
        image[1],
        Number(url.searchParams.get('w')),
      ]);
      if (rows[0]) {
        res.writeHead(200, {
          'content-type': 'image/webp',
          'content-length': rows[0].bytes.length,
          etag: `"${image[1]}-${url.searchParams.get('w')}"`,
          'cache-control': 'public, max-age=31536000, immutable',
        });
        res.end(rows[0].bytes);
        return;
      }
    }
    res.writeHead(404).end();
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => console.log(`raw listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
