import request from 'supertest';
import type { App } from 'supertest/types';
import { createSeededTestApp, TestApp } from '../test/test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/** Errors in Korean (unknown routes, malformed paths, queries and JSON) and the OpenAPI docs off by default, on the seeded demo catalogue. */
describe('errors and docs (integration)', () => {
  let t: TestApp;
  let http: () => ReturnType<typeof request>;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createSeededTestApp(NOW);
    http = () => request(t.app.getHttpServer() as App);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('unknown routes are 404 in Korean', async () => {
    expect((await get('/api/nope').expect(404)).body).toEqual({
      statusCode: 404,
      message: '요청한 주소를 찾을 수 없습니다.',
      requestId: expect.any(String),
    });
    expect((await get('/nope').expect(404)).body.message).toBe('요청한 주소를 찾을 수 없습니다.');
  });

  it('malformed paths and array queries are 400, not 500', async () => {
    expect((await get('/api/main/select/%E0%A4%A').expect(400)).body).toEqual({
      statusCode: 400,
      message: '잘못된 요청입니다.',
      requestId: expect.any(String),
    });
    // Repeated parameters: the one rule of common/single-query-value.ts.
    expect((await get('/api/plan/list?upcoming=1&upcoming=1').expect(400)).body.message).toBe(
      'upcoming 값은 한 번만, 하나의 값으로 보내야 합니다.',
    );
    const { body } = await get('/api/store');
    const key = body.product[0].imagelink.split('/').pop();
    expect((await get(`/api/images/${key}?w=320&w=640`).expect(400)).body.message).toBe(
      'w 값은 한 번만, 하나의 값으로 보내야 합니다.',
    );
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await http()
      .post('/api/store/create')
      .set('Content-Type', 'application/json')
      .send('{"pname": ')
      .expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: '잘못된 요청입니다.', requestId: expect.any(String) });
  });

  it('GET /api/docs and /api/docs-json are 404 unless API_DOCS=true (docs/decisions/0040-trusted-under-attack.md; served: security-headers.int.spec.ts)', async () => {
    expect((await get('/api/docs').expect(404)).body.message).toBe('요청한 주소를 찾을 수 없습니다.');
    await get('/api/docs-json').expect(404);
  });
});
