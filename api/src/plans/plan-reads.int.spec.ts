import request from 'supertest';
import type { App } from 'supertest/types';
import { DEMO_PLANS } from '../seed/demo-catalogue';
import { createSeededTestApp, TestApp } from '../test/test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/** The public plan reads on the seeded demo catalogue, with status in Seoul days from the fixed clock. */
describe('GET /api/plan/list and /api/plan/select/:id (integration)', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createSeededTestApp(NOW);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists all plans ordered by startdate with dates as YYYY-MM-DD and status in Seoul days', async () => {
    const { body } = await get('/api/plan/list').expect(200);
    const plans = body.product as Array<{
      id: number;
      title: string;
      startdate: string;
      enddate: string;
      status: number;
    }>;
    expect(plans).toHaveLength(DEMO_PLANS.length);
    expect(plans.map((p) => p.startdate)).toEqual([...plans.map((p) => p.startdate)].sort());
    const byTitle = Object.fromEntries(plans.map((p) => [p.title, p]));
    expect(byTitle['성수동 팝업스토어 오픈']).toMatchObject({
      startdate: '2026-11-17',
      enddate: '2026-11-24',
      status: -3,
    });
    expect(byTitle['라이브 커머스 방송']).toMatchObject({
      startdate: '2026-11-20',
      enddate: '2026-11-20',
      status: 0,
    });
    expect(byTitle['신상품 사전 예약']).toMatchObject({ startdate: '2026-11-22', status: 2 });
    expect(Object.keys(plans[0]!).sort()).toEqual(['enddate', 'id', 'startdate', 'status', 'title', 'version']);
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

  it('caches the reads until the next Seoul midnight at most, and answers If-None-Match with 304', async () => {
    const cacheOf = async (path: string) => (await get(path).expect(200)).headers['cache-control'];
    const { body: list } = await get('/api/plan/list');
    const one = `/api/plan/select/${list.product[0].id}`;
    expect(await cacheOf('/api/plan/list')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    try {
      // 23:58:45 in Seoul: 75 s to midnight, 60 fresh and 15 stale.
      jest.spyOn(t.clock, 'now').mockReturnValue(new Date('2026-11-20T14:58:45Z'));
      expect(await cacheOf('/api/plan/list?upcoming=1')).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=15',
      );
      // 23:59:30: 30 s left, nothing stale.
      jest.spyOn(t.clock, 'now').mockReturnValue(new Date('2026-11-20T14:59:30Z'));
      expect(await cacheOf(one)).toBe('public, max-age=0, s-maxage=30');
    } finally {
      jest.restoreAllMocks();
    }
    expect((await get('/api/plan/select/424242').expect(404)).headers['cache-control']).toBeUndefined();
    const first = await get('/api/plan/list').expect(200);
    await get('/api/plan/list')
      .set('If-None-Match', first.headers['etag'] as string)
      .expect(304);
  });

  it.each(['yes', 'true', '2', ''])('400 for upcoming=%s', async (value) => {
    const res = await get(`/api/plan/list?upcoming=${value}`).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'upcoming 값은 0 또는 1이어야 합니다.',
      requestId: expect.any(String),
    });
  });

  it('selects one plan, 400 for a bad id, 404 for an unknown one', async () => {
    const { body: list } = await get('/api/plan/list');
    const plan = list.product[0];
    expect((await get(`/api/plan/select/${plan.id}`).expect(200)).body).toEqual({ product: plan });
    expect((await get('/api/plan/select/abc').expect(400)).body.message).toBe('잘못된 ID 형식입니다.');
    expect((await get('/api/plan/select/424242').expect(404)).body).toEqual({
      statusCode: 404,
      message: '일정을 찾을 수 없습니다.',
      requestId: expect.any(String),
    });
  });
});
