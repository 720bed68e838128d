import request from 'supertest';
import type { App } from 'supertest/types';
import { createSeededTestApp, TestApp } from '../test/test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/** The public link reads on the seeded demo catalogue. */
describe('GET /api/store and /api/main/select/:id (integration)', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createSeededTestApp(NOW);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every link ordered by pcode 0..n-1 in the docs/decisions/0001-response-envelope.md, docs/decisions/0002-entities.md shape', async () => {
    const { body } = await get('/api/store').expect(200);
    const links = body.product as Array<Record<string, unknown>>;
    expect(links.length).toBeGreaterThanOrEqual(24);
    expect(links.map((l) => l.pcode)).toEqual(links.map((_, i) => i));
    for (const link of links) {
      expect(Object.keys(link).sort()).toEqual([
        'disclosure',
        'enabled',
        'id',
        'imagelink',
        'link',
        'opensInDays',
        'pcode',
        'pname',
        'showFrom',
        'showUntil',
        'tag',
        'tags',
        'version',
        'visibility',
      ]);
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
    expect(res.body).toEqual({ statusCode: 400, message: '잘못된 ID 형식입니다.', requestId: expect.any(String) });
  });

  it('404 for an unknown id', async () => {
    const res = await get('/api/main/select/999999').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: '링크 정보를 찾을 수 없습니다.',
      requestId: expect.any(String),
    });
  });
});
