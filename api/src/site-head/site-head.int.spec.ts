import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { DEFAULT_SITE_DESCRIPTION } from '../config/app-config';
import { PublicCache } from '../public-cache/public-cache';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { settledWrite } from '../test/settled-write';
import { createTestApp, type TestApp } from '../test/test-app';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-23T03:00:00Z');
const SHELL_PUBLIC = join(__dirname, '..', '..', '..', 'shell', 'public');

/** Character references as a browser decodes them in an attribute value or text. */
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

/** The fragment's tags, read one by one: every line must be one of the three shapes the head may hold. */
interface Head {
  title: string;
  canonical: string;
  /** `name` or `property` → decoded `content`. */
  meta: Record<string, string>;
}

function parseHead(html: string): Head {
  const head: Head = { title: '', canonical: '', meta: {} };
  for (const line of html.split('\n')) {
    const title = /^<title>([^<>]*)<\/title>$/.exec(line);
    const link = /^<link rel="canonical" href="([^"<>]*)" \/>$/.exec(line);
    const meta = /^<meta (?:name|property)="([^"]+)" content="([^"<>]*)" \/>$/.exec(line);
    if (title) head.title = decode(title[1]!);
    else if (link) head.canonical = decode(link[1]!);
    else if (meta) {
      expect(head.meta).not.toHaveProperty(meta[1]!);
      head.meta[meta[1]!] = decode(meta[2]!);
    } else throw new Error(`not a head tag: ${line}`);
  }
  return head;
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 90, b: 40 } } })
    .composite([
      {
        input: {
          create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: '#1d4ed8' },
        },
        left: Math.round(width / 8),
        top: Math.round(height / 8),
      },
    ])
    .png()
    .toBuffer();

/**
 * docs/decisions/0033-head-and-link-preview.md: the page's head from the settings and the cover, through the real app
 * on real PostgreSQL: `GET /api/site/head` (the HTML fragment the servers include), `/api/site/og.jpg` (the preview
 * image) and `/api/site/manifest.webmanifest`.
 */
describe('the site head (integration, real PostgreSQL)', () => {
  describe('with the default settings', () => {
    let t: AdminTestApp;
    let auth: string;
    const http = () => request(t.app.getHttpServer() as App);
    const head = async (headers: Record<string, string> = {}) => {
      const res = await http().get('/api/site/head').set(headers).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      return { head: parseHead(res.text), etag: String(res.headers.etag), text: res.text };
    };
    const uploadCover = async (bytes: Buffer) =>
      http()
        .post('/api/cover/image')
        .set('Authorization', auth)
        .attach('image', bytes, { filename: 'cover.png', contentType: 'image/png' })
        .expect(201);

    beforeAll(async () => {
      t = await createAdminTestApp(NOW);
      auth = await t.bearer();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('has every tag with the Korean defaults, site-relative addresses, and the fallback preview image', async () => {
      const { head: h } = await head();
      expect(h).toEqual({
        title: '링크 & 일정',
        canonical: '/',
        meta: {
          description: DEFAULT_SITE_DESCRIPTION,
          'og:type': 'website',
          'og:locale': 'ko_KR',
          'og:site_name': '링크 & 일정',
          'og:title': '링크 & 일정',
          'og:description': DEFAULT_SITE_DESCRIPTION,
          'og:url': '/',
          'og:image': '/api/site/og.jpg?v=1-default',
          'og:image:type': 'image/jpeg',
          'og:image:width': '1200',
          'og:image:height': '630',
          'og:image:alt': '링크 & 일정',
          'twitter:card': 'summary_large_image',
        },
      });

      const og = await http().get('/api/site/og.jpg?v=1-default').expect(200);
      expect(og.headers['content-type']).toBe('image/jpeg');
      expect(og.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(og.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      for (const bad of ['?v=%3Cscript%3E', '?v=1-DEFAULT']) {
        const refused = await http().get(`/api/site/og.jpg${bad}`).expect(400);
        expect(refused.body.message).toBe(
          '미리보기 이미지 버전(v)이 올바르지 않습니다. 페이지가 알려 준 주소를 그대로 쓰세요.',
        );
      }
      // Given twice, v is refused by the rule of every query parameter (common/single-query-value.ts).
      expect((await http().get('/api/site/og.jpg?v=1-default&v=1-default').expect(400)).body.message).toBe(
        'v 값은 한 번만, 하나의 값으로 보내야 합니다.',
      );
    });

    it('is cached until a write; the cover upload changes og:image and the image is the cover at 1200×630', async () => {
      const before = await head();
      await http().get('/api/site/head').set({ 'If-None-Match': before.etag }).expect(304);

      const wide = await picture(2400, 900);
      // Read once the upload's own NOTIFY is heard, or its echo could empty the cache between the two reads.
      await settledWrite(t.app, () => uploadCover(wide));
      const first = await head();
      const key = /v=1-([0-9a-f]{16})$/.exec(first.head.meta['og:image']!)![1]!;
      const [row] = await t.dataSource.query<{ image_key: string }[]>(`SELECT image_key FROM cover`);
      expect(row!.image_key.startsWith(key)).toBe(true);
      expect(first.etag).not.toBe(before.etag);
      // The cover removed behind the API's back, unannounced (its NOTIFY trigger off for that one transaction:
      // docs/decisions/0089-invalidation-cannot-be-lost.md), is not seen: the fragment comes from the cache until a
      // write.
      const unannounced = (sql: string, parameters: unknown[] = []) =>
        t.dataSource.transaction(async (manager) => {
          await manager.query(`ALTER TABLE cover DISABLE TRIGGER cover_public_cache`);
          await manager.query(sql, parameters);
          await manager.query(`ALTER TABLE cover ENABLE TRIGGER cover_public_cache`);
        });
      await unannounced(`DELETE FROM cover`);
      expect((await head()).text).toBe(first.text);
      await unannounced(`INSERT INTO cover (id, image_key, updated_at) VALUES (1, $1, now())`, [row!.image_key]);

      // The preview image: 1200×630 JPEG cropped from the 2400×900 cover, immutable at the address the head gives,
      // revalidated at any other.
      const version = `1-${key}`;
      const og = await http().get(`/api/site/og.jpg?v=${version}`).expect(200);
      expect(og.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(og.headers.etag).toBe(`"og-${version}"`);
      const meta = await sharp(og.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      const stale = await http().get('/api/site/og.jpg?v=1-default').expect(200);
      expect(stale.headers['cache-control']).toBe('no-cache');
      expect(Buffer.compare(stale.body as Buffer, og.body as Buffer)).toBe(0);
      await http().get('/api/site/og.jpg').set('If-None-Match', `"og-${version}"`).expect(304);

      // A second cover: the next fragment names it, and its image differs.
      await uploadCover(await picture(1000, 1000));
      const second = await head();
      expect(second.head.meta['og:image']).not.toBe(first.head.meta['og:image']);
      const next = await http().get(second.head.meta['og:image']!).expect(200);
      expect(await sharp(next.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(Buffer.compare(next.body as Buffer, og.body as Buffer)).not.toBe(0);
    });

    it('serves a web app manifest whose icons exist at their stated sizes', async () => {
      const res = await http().get('/api/site/manifest.webmanifest').expect(200);
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      const manifest = JSON.parse(res.text) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: '링크 & 일정',
        short_name: '링크 & 일정',
        start_url: '/',
        display: 'standalone',
        theme_color: '#111827',
        background_color: '#f5f6f8',
      });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
        '192x192 any',
        '192x192 maskable',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const file = join(SHELL_PUBLIC, icon.src);
        expect(existsSync(file)).toBe(true);
        const meta = await sharp(file).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
        expect(meta.format).toBe('png');
      }
    });

    // docs/decisions/0095-no-host-derived-urls.md: without PUBLIC_SITE_URL the head's addresses once came from the
    // request's Host (or a trusted proxy's X-Forwarded-Host), and the head is a public read kept in memory and by
    // shared caches: one request with a forged Host could choose the canonical URL and og:url every later visitor and
    // link-preview scraper got.
    it('never names a Host or X-Forwarded-Host the client chose, and is one cached answer for every host', async () => {
      const scrape = async () => (await http().get('/metrics').expect(200)).text;
      const count = (text: string, metric: string) =>
        Number(new RegExp(`^${metric}\\{cache="public-reads"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      // Each way a client (or a proxy TRUST_PROXY believes: supertest connects from loopback) names a host, sent
      // first on an emptied cache (so its answer is the one kept), then a plain request: neither names that host.
      const forged: Record<string, string>[] = [
        { Host: 'evil.example' },
        { 'X-Forwarded-Host': 'evil.example' },
        { Host: 'evil.example:8443', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
        { Forwarded: 'host=evil.example;proto=https' },
      ];
      let plain: { text: string; etag: string } | undefined;
      for (const headers of forged) {
        await t.app.get(PublicCache).invalidate();
        const foreign = await head(headers);
        expect(foreign.text).not.toContain('evil.example');
        const after = await head();
        expect(after.text).not.toContain('evil.example');
        expect(foreign.text).toBe(after.text);
        expect(foreign.etag).toBe(after.etag);
        if (plain) expect(after.text).toBe(plain.text);
        plain = after;
        const manifest = await http().get('/api/site/manifest.webmanifest').set(headers).expect(200);
        expect(manifest.text).not.toContain('evil.example');
      }
      expect(parseHead(plain!.text).canonical).toBe('/');

      // The cache key does not multiply per host: once the head is kept, a request naming any other host is a hit.
      const before = await scrape();
      for (const headers of forged) {
        const res = await http().get('/api/site/head').set(headers).expect(200);
        expect(res.text).toBe(plain!.text);
      }
      const after = await scrape();
      expect(count(after, 'cache_misses_total') - count(before, 'cache_misses_total')).toBe(0);
      expect(count(after, 'cache_hits_total') - count(before, 'cache_hits_total')).toBe(forged.length);
    });
  });

  it('takes SITE_NAME, SITE_DESCRIPTION and PUBLIC_SITE_URL, HTML-escaped', async () => {
    const name = '<script>alert("이름")</script> & 민지\'s 가게';
    const t: TestApp = await createTestApp(NOW, {
      SITE_NAME: name,
      SITE_DESCRIPTION: '오늘의 "추천" <b>상품</b>',
      PUBLIC_SITE_URL: 'https://links.example.com/',
    });
    try {
      const http = () => request(t.app.getHttpServer() as App);
      const res = await http().get('/api/site/head').set('Host', 'evil.test').expect(200);
      expect(res.text).not.toMatch(/<script|<b>|evil\.test/);
      const forwarded = await http().get('/api/site/head').set('X-Forwarded-Host', 'evil.test').expect(200);
      expect(forwarded.text).toBe(res.text);
      const h = parseHead(res.text);
      expect(h.title).toBe(name);
      expect(h.canonical).toBe('https://links.example.com/');
      expect(h.meta).toMatchObject({
        description: '오늘의 "추천" <b>상품</b>',
        'og:title': name,
        'og:description': '오늘의 "추천" <b>상품</b>',
        'og:url': 'https://links.example.com/',
        'og:image': 'https://links.example.com/api/site/og.jpg?v=1-default',
      });
      const manifest = (await http().get('/api/site/manifest.webmanifest').expect(200)).text;
      expect(JSON.parse(manifest)).toMatchObject({ name, short_name: '<script>aler' });
    } finally {
      await t.close();
    }
  });
});
