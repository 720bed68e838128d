import request from 'supertest';
import type { App } from 'supertest/types';
import { ShutdownState } from '../common/shutdown-state';
import { createTestApp, TestApp } from '../test/test-app';

jest.setTimeout(60_000);

/** Liveness, readiness and the stopping state (docs/decisions/0017-stateless-api.md) on the real app and database. */
describe('health', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer() as App;

  beforeAll(async () => {
    t = await createTestApp(new Date('2026-11-20T03:00:00Z'));
  });
  afterAll(() => t.close());

  it('GET /api/health/live → 200 { status: ok }', async () => {
    expect((await request(server()).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready and GET /api/health → 200 { status: ok, database: up }', async () => {
    expect((await request(server()).get('/api/health/ready').expect(200)).body).toEqual({
      status: 'ok',
      database: 'up',
    });
    expect((await request(server()).get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up' });
  });

  it('a database that does not answer within 2 s: ready 503 in Korean, live still 200 (it never asks)', async () => {
    const query = jest.spyOn(t.dataSource, 'query').mockImplementation(() => new Promise(() => undefined));
    try {
      const started = Date.now();
      const ready = await request(server()).get('/api/health/ready').expect(503);
      expect(ready.body).toEqual({
        statusCode: 503,
        message: '데이터베이스에 연결할 수 없습니다.',
        requestId: expect.any(String),
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await request(server()).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  // A connection that reaches a stopping process (in production only for the one turn of the event loop before the
  // listening socket closes, common/http-drain.ts) carries a request a proxy already sent: it is served, with
  // Connection: close; a reused keep-alive connection gets 503 (common/http-drain.int.spec.ts). Readiness says 503.
  it('once stopping: readiness 503 { status: stopping }, other requests served with Connection: close', async () => {
    t.app.get(ShutdownState).markStopping();
    const ready = await request(server()).get('/api/health/ready').expect(503);
    expect(ready.body).toEqual({
      statusCode: 503,
      message: '서버가 종료 중입니다. 잠시 후 다시 시도해주세요.',
      status: 'stopping',
      requestId: expect.any(String),
    });
    expect(ready.headers.connection).toBe('close');
    const alias = await request(server()).get('/api/health').expect(503);
    expect(alias.body).toMatchObject({ statusCode: 503, status: 'stopping' });
    for (const path of ['/api/health/live', '/api/store']) {
      const response = await request(server()).get(path).expect(200);
      expect(response.headers.connection).toBe('close');
    }
  });
});

/** Its own app: the test destroys the app's data source, so nothing may run on that app after it. */
describe('health without a database', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createTestApp(new Date('2026-11-20T03:00:00Z'));
  });
  afterAll(() => t.close());

  it('GET /api/health → 200 while the database answers, 503 when it does not', async () => {
    expect((await get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up' });
    await t.dataSource.destroy();
    expect((await get('/api/health').expect(503)).body).toEqual({
      statusCode: 503,
      message: '데이터베이스에 연결할 수 없습니다.',
      requestId: expect.any(String),
    });
  });
});
