import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { removeUnreferencedImages, storeImage } from '../images/images.service';
import { DEMO_PLANS, DEMO_PRODUCTS } from '../seed/demo-catalogue';
import { catalogueCounts, seedDemoCatalogue } from '../seed/seed-demo-catalogue';
import { createTestApp, TestApp } from './test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const KEY = /^[0-9a-f]{64}$/;

describe('API against PostgreSQL (integration)', () => {
  let t: TestApp;
  let http: () => ReturnType<typeof request>;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createTestApp(NOW);
    http = () => request(t.app.getHttpServer() as App);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('before seeding', () => {
    it('GET /api/cover → { product: null }', async () => {
      const res = await get('/api/cover').expect(200);
      expect(res.body).toEqual({ product: null });
    });

    it('empty lists', async () => {
      expect((await get('/api/store').expect(200)).body).toEqual({ product: [] });
      expect((await get('/api/tag/list').expect(200)).body).toEqual({ product: [] });
      expect((await get('/api/plan/list').expect(200)).body).toEqual({ product: [] });
    });
  });

  describe('seeding', () => {
    it('loads the demo catalogue, and a second run adds nothing', async () => {
      const first = await seedDemoCatalogue(t.dataSource, t.clock);
      expect(first).toEqual({ linksAdded: DEMO_PRODUCTS.length, plansAdded: DEMO_PLANS.length, coverAdded: true });
      const counts = await catalogueCounts(t.dataSource);
      expect(counts.links).toBeGreaterThanOrEqual(24);
      expect(counts.plans).toBeGreaterThanOrEqual(6);
      expect(counts.images).toBe(DEMO_PRODUCTS.length + 1); // every product has its own picture, plus the cover
      const second = await seedDemoCatalogue(t.dataSource, t.clock);
      expect(second).toEqual({ linksAdded: 0, plansAdded: 0, coverAdded: false });
      expect(await catalogueCounts(t.dataSource)).toEqual(counts);
    });
  });

  describe('GET /api/store and /api/main/select/:id', () => {
    it('lists every link ordered by pcode 0..n-1 in the D1/D2 shape', async () => {
      const { body } = await get('/api/store').expect(200);
      const links = body.product as Array<Record<string, unknown>>;
      expect(links.length).toBeGreaterThanOrEqual(24);
      expect(links.map((l) => l.pcode)).toEqual(links.map((_, i) => i));
      for (const link of links) {
        expect(Object.keys(link).sort()).toEqual(['id', 'imagelink', 'link', 'pcode', 'pname', 'tag', 'tags']);
        expect(link.tag).toBe((link.tags as string[]).join('/'));
        expect((link.tags as string[]).length).toBeGreaterThanOrEqual(1);
        expect(link.imagelink).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
        if (link.link !== null) expect(link.link).toMatch(/^https:\/\//);
      }
      expect(new Set(links.map((l) => l.imagelink)).size).toBe(links.length);
      expect(links.filter((l) => l.link === null).length).toBeGreaterThanOrEqual(2);
      expect(links[0]).toMatchObject({ pname: '수제 딸기잼 세트', tag: '간식/선물추천/홈카페' });
    });

    it('selects one link', async () => {
      const { body: list } = await get('/api/store');
      const first = list.product[0];
      const { body } = await get(`/api/main/select/${first.id}`).expect(200);
      expect(body).toEqual({ product: first });
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3'])('400 for id %s', async (id) => {
      const res = await get(`/api/main/select/${id}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: '잘못된 ID 형식입니다.' });
    });

    it('404 for an unknown id', async () => {
      const res = await get('/api/main/select/999999').expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: '링크 정보를 찾을 수 없습니다.' });
    });
  });

  describe('GET /api/plan/list and /api/plan/select/:id', () => {
    it('lists all plans ordered by startdate with dates as YYYY-MM-DD and status in Seoul days', async () => {
      const { body } = await get('/api/plan/list').expect(200);
      const plans = body.product as Array<{ id: number; title: string; startdate: string; enddate: string; status: number }>;
      expect(plans).toHaveLength(DEMO_PLANS.length);
      expect(plans.map((p) => p.startdate)).toEqual([...plans.map((p) => p.startdate)].sort());
      const byTitle = Object.fromEntries(plans.map((p) => [p.title, p]));
      expect(byTitle['성수동 팝업스토어 오픈']).toMatchObject({ startdate: '2026-11-17', enddate: '2026-11-24', status: -3 });
      expect(byTitle['라이브 커머스 방송']).toMatchObject({ startdate: '2026-11-20', enddate: '2026-11-20', status: 0 });
      expect(byTitle['신상품 사전 예약']).toMatchObject({ startdate: '2026-11-22', status: 2 });
      expect(Object.keys(plans[0]!).sort()).toEqual(['enddate', 'id', 'startdate', 'status', 'title']);
    });

    it('?upcoming=1 keeps plans ending today or later (the banner): some OPEN, some D - n', async () => {
      const { body } = await get('/api/plan/list?upcoming=1').expect(200);
      const plans = body.product as Array<{ title: string; enddate: string; status: number }>;
      expect(plans.map((p) => p.title)).not.toContain('봄 시즌 굿즈 마켓');
      expect(plans.map((p) => p.title)).toContain('라이브 커머스 방송');
      expect(plans.every((p) => p.enddate >= '2026-11-20')).toBe(true);
      expect(plans.some((p) => p.status <= 0)).toBe(true);
      expect(plans.some((p) => p.status > 0)).toBe(true);
      expect((await get('/api/plan/list?upcoming=0').expect(200)).body.product).toHaveLength(DEMO_PLANS.length);
    });

    it('status follows the clock across Seoul midnight', async () => {
      const { body: list } = await get('/api/plan/list');
      const plan = list.product.find((p: { title: string }) => p.title === '신상품 사전 예약');
      const later = new Date('2026-11-20T15:00:00Z'); // 00:00 on 11-21 in Seoul
      jest.spyOn(t.clock, 'now').mockReturnValue(later);
      try {
        expect((await get(`/api/plan/select/${plan.id}`).expect(200)).body.product.status).toBe(1);
      } finally {
        jest.restoreAllMocks();
      }
    });

    it.each(['yes', 'true', '2', ''])('400 for upcoming=%s', async (value) => {
      const res = await get(`/api/plan/list?upcoming=${value}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'upcoming 값은 0 또는 1이어야 합니다.' });
    });

    it('selects one plan, 400 for a bad id, 404 for an unknown one', async () => {
      const { body: list } = await get('/api/plan/list');
      const plan = list.product[0];
      expect((await get(`/api/plan/select/${plan.id}`).expect(200)).body).toEqual({ product: plan });
      expect((await get('/api/plan/select/abc').expect(400)).body.message).toBe('잘못된 ID 형식입니다.');
      expect((await get('/api/plan/select/424242').expect(404)).body).toEqual({ statusCode: 404, message: '일정을 찾을 수 없습니다.' });
    });
  });

  describe('GET /api/tag/list', () => {
    it('counts links per tag, ordered by count desc then text, with uneven weights', async () => {
      const { body: store } = await get('/api/store');
      const expected = new Map<string, number>();
      for (const link of store.product) for (const tag of link.tags) expected.set(tag, (expected.get(tag) ?? 0) + 1);
      const { body } = await get('/api/tag/list').expect(200);
      const words = body.product as Array<{ text: string; value: number }>;
      expect(words).toHaveLength(expected.size);
      for (const word of words) expect(word.value).toBe(expected.get(word.text));
      const sorted = [...words].sort((a, b) => b.value - a.value || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
      expect(words).toEqual(sorted);
      expect(words[0]!.value).toBeGreaterThan(words[words.length - 1]!.value);
    });
  });

  describe('GET /api/cover and /api/images/:key', () => {
    let coverKey: string;
    let productKey: string;

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
      const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM image_variants WHERE image_key = $1`, [productKey]);
      expect(count).toBe(2);
      await get(`/api/images/${productKey}?w=320`).set('If-None-Match', `"${productKey}-320"`).expect(304);
      const cached = await get(`/api/images/${productKey}?w=320`).buffer(true).expect(200);
      expect(Buffer.compare(cached.body as Buffer, small.body as Buffer)).toBe(0);
    });

    it.each(['100', '0', 'abc', '640px', ''])('400 for ?w=%s', async (w) => {
      const res = await get(`/api/images/${productKey}?w=${w}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: '이미지 너비(w)는 320, 640, 1280 중 하나여야 합니다.' });
    });

    it('400 for a malformed key, 404 for an unknown one', async () => {
      expect((await get('/api/images/xyz').expect(400)).body).toEqual({ statusCode: 400, message: '잘못된 이미지 키 형식입니다.' });
      expect((await get(`/api/images/${'A'.repeat(64)}`).expect(400)).body.message).toBe('잘못된 이미지 키 형식입니다.');
      const res = await get(`/api/images/${'0'.repeat(64)}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: '이미지를 찾을 수 없습니다.' });
      expect(res.headers['cache-control']).toBeUndefined();
      expect((await get(`/api/images/${'0'.repeat(64)}?w=320`).expect(404)).body.message).toBe('이미지를 찾을 수 없습니다.');
    });

    it('stores an identical image once, and removes images nothing references', async () => {
      const png = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#3366cc' } }).png().toBuffer();
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

  describe('errors, health and docs', () => {
    it('unknown routes are 404 in Korean', async () => {
      expect((await get('/api/nope').expect(404)).body).toEqual({ statusCode: 404, message: '요청한 주소를 찾을 수 없습니다.' });
      expect((await get('/nope').expect(404)).body.message).toBe('요청한 주소를 찾을 수 없습니다.');
    });

    it('malformed paths and array queries are 400, not 500', async () => {
      expect((await get('/api/main/select/%E0%A4%A').expect(400)).body).toEqual({ statusCode: 400, message: '잘못된 요청입니다.' });
      expect((await get('/api/plan/list?upcoming=1&upcoming=1').expect(400)).body.message).toBe('upcoming 값은 0 또는 1이어야 합니다.');
      const { body } = await get('/api/store');
      const key = body.product[0].imagelink.split('/').pop();
      expect((await get(`/api/images/${key}?w=320&w=640`).expect(400)).body.message).toBe('이미지 너비(w)는 320, 640, 1280 중 하나여야 합니다.');
    });

    it('malformed JSON is a 400, not a 500', async () => {
      const res = await http().post('/api/store/create').set('Content-Type', 'application/json').send('{"pname": ').expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: '잘못된 요청입니다.' });
    });

    it('GET /api/docs serves the OpenAPI UI and document', async () => {
      expect((await get('/api/docs').redirects(1).expect(200)).text).toContain('swagger');
      const { body } = await get('/api/docs-json').expect(200);
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining(['/api/store', '/api/main/select/{id}', '/api/plan/list', '/api/plan/select/{id}', '/api/tag/list', '/api/cover', '/api/images/{key}', '/api/health']),
      );
    });

    it('GET /api/health → 200 while the database answers, 503 when it does not', async () => {
      expect((await get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up' });
      await t.dataSource.destroy();
      expect((await get('/api/health').expect(503)).body).toEqual({ statusCode: 503, message: '데이터베이스에 연결할 수 없습니다.' });
    });
  });
});
