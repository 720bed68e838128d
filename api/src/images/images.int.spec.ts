import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { catalogueCounts } from '../seed/seed-demo-catalogue';
import { createSeededTestApp, TestApp } from '../test/test-app';
import { removeUnreferencedImages, storeImage } from './images.service';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const KEY = /^[0-9a-f]{64}$/;

/** The cover and the image store on the seeded demo catalogue. */
describe('GET /api/cover and /api/images/:key (integration)', () => {
  let t: TestApp;
  let coverKey: string;
  let productKey: string;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createSeededTestApp(NOW);
  });
  afterAll(async () => {
    await t?.close();
  });

  beforeAll(async () => {
    const { body } = await get('/api/cover').expect(200);
    expect(body.product.imagelink).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    coverKey = body.product.imagelink.split('/').pop();
    productKey = (await get('/api/store')).body.product[0].imagelink.split('/').pop();
  });

  it('serves the original with its type, ETag and immutable caching, and 304 on If-None-Match', async () => {
    const res = await get(`/api/images/${productKey}`).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.etag).toBe(`"${productKey}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 800 });
    const again = await get(`/api/images/${productKey}`).set('If-None-Match', `"${productKey}"`).expect(304);
    expect(again.headers.etag).toBe(`"${productKey}"`);
  });

  it('serves a cached WebP variant no wider than requested, never enlarged', async () => {
    const small = await get(`/api/images/${productKey}?w=320`).buffer(true).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers.etag).toBe(`"${productKey}-320"`);
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(320);
    const big = await get(`/api/images/${productKey}?w=1280`).buffer(true).expect(200);
    expect((await sharp(big.body as Buffer).metadata()).width).toBe(800);
    const cover = await get(`/api/images/${coverKey}?w=1280`).buffer(true).expect(200);
    expect(await sharp(cover.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 400 });
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM image_variants WHERE image_key = $1`,
      [productKey],
    );
    expect(count).toBe(2);
    await get(`/api/images/${productKey}?w=320`).set('If-None-Match', `"${productKey}-320"`).expect(304);
    const cached = await get(`/api/images/${productKey}?w=320`).buffer(true).expect(200);
    expect(Buffer.compare(cached.body as Buffer, small.body as Buffer)).toBe(0);
  });

  it.each(['100', '0', 'abc', '640px', ''])('400 for ?w=%s', async (w) => {
    const res = await get(`/api/images/${productKey}?w=${w}`).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: '이미지 너비(w)는 320, 640, 1280 중 하나여야 합니다.',
      requestId: expect.any(String),
    });
  });

  it('400 for a malformed key, 404 for an unknown one', async () => {
    expect((await get('/api/images/xyz').expect(400)).body).toEqual({
      statusCode: 400,
      message: '잘못된 이미지 키 형식입니다.',
      requestId: expect.any(String),
    });
    expect((await get(`/api/images/${'A'.repeat(64)}`).expect(400)).body.message).toBe('잘못된 이미지 키 형식입니다.');
    const res = await get(`/api/images/${'0'.repeat(64)}`).expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: '이미지를 찾을 수 없습니다.', requestId: expect.any(String) });
    expect(res.headers['cache-control']).toBeUndefined();
    expect((await get(`/api/images/${'0'.repeat(64)}?w=320`).expect(404)).body.message).toBe(
      '이미지를 찾을 수 없습니다.',
    );
  });

  it('stores an identical image once, and removes images nothing references', async () => {
    const png = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const before = (await catalogueCounts(t.dataSource)).images;
    const a = await t.dataSource.transaction((m) => storeImage(m, png));
    const b = await t.dataSource.transaction((m) => storeImage(m, png));
    expect(a.key).toBe(b.key);
    expect(a.key).toMatch(KEY);
    expect((await catalogueCounts(t.dataSource)).images).toBe(before + 1);
    expect((await get(`/api/images/${a.key}`).expect(200)).headers['content-type']).toBe('image/png');
    expect(await t.dataSource.transaction((m) => removeUnreferencedImages(m))).toBe(1);
    expect((await catalogueCounts(t.dataSource)).images).toBe(before);
  });
});
