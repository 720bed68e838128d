import request from 'supertest';
import type { App } from 'supertest/types';
import { LinksService } from '../links/links.service';
import { createTestApp, TestApp } from '../test/test-app';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  route?: string;
  path?: string;
  latencyMs?: number;
  req?: { method?: string };
  res?: { statusCode?: number };
}

/**
 * Structured logs and request ids (docs/decisions/0047-logs-metrics-audit.md) on the real app and database: one JSON
 * line per request, the id in the `X-Request-Id` header and in every error envelope, and no personal data in any line.
 */
describe('request logs and request ids', () => {
  let t: TestApp;
  const raw: string[] = [];
  const lines = (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine);
  const server = () => t.app.getHttpServer() as App;
  /** The request's completion line, once pino-http wrote it (it is written when the answer finished). */
  const lineOf = async (requestId: string): Promise<LogLine> => {
    for (let i = 0; i < 100; i += 1) {
      const found = lines().find((line) => line.requestId === requestId && line.res);
      if (found) return found;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no log line for ${requestId}:\n${raw.join('')}`);
  };

  beforeAll(async () => {
    t = await createTestApp(new Date('2026-11-20T03:00:00Z'), { LOG_LEVEL: 'info' }, undefined, {
      write: (line: string) => void raw.push(line),
    });
  });
  afterAll(() => t.close());

  it('one line per request: method, route template, status, latency in ms and the id echoed in X-Request-Id', async () => {
    const response = await request(server()).get('/api/main/select/999999').expect(404);
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(response.body).toEqual({ statusCode: 404, message: expect.any(String), requestId: id });
    const line = await lineOf(id);
    expect(line).toMatchObject({
      msg: 'request completed',
      level: 30,
      req: { method: 'GET' },
      route: '/api/main/select/:id',
      res: { statusCode: 404 },
    });
    expect(typeof line.latencyMs).toBe('number');
    expect(line.path).toBeUndefined();
  });

  it('a public read answered from memory is not a line at info (metrics count it); the read that filled the cache is', async () => {
    const first = await request(server()).get('/api/tag/list').expect(200);
    const second = await request(server()).get('/api/tag/list').expect(200);
    expect(await lineOf(first.headers['x-request-id'] as string)).toMatchObject({ level: 30, route: '/api/tag/list' });
    // Lines are written as answers finish, in order: once a later request's line is there, the second's would be too.
    const later = await request(server()).get('/api/main/select/999998').expect(404);
    await lineOf(later.headers['x-request-id'] as string);
    expect(lines().filter((line) => line.requestId === second.headers['x-request-id'])).toEqual([]);
  });

  it('an unknown path: 404 envelope with the id; the line names the path without its query string', async () => {
    const response = await request(server()).get('/api/nowhere?name=홍길동').expect(404);
    const id = response.headers['x-request-id'] as string;
    expect(response.body).toEqual({ statusCode: 404, message: '요청한 주소를 찾을 수 없습니다.', requestId: id });
    const line = await lineOf(id);
    expect(line).toMatchObject({ path: '/api/nowhere', res: { statusCode: 404 } });
    expect(line.route).toBeUndefined();
  });

  it('a malformed body (400 before any route): the envelope and the header carry the same id', async () => {
    const response = await request(server())
      .post('/api/store/create')
      .set('Content-Type', 'application/json')
      .send('{"pname": ')
      .expect(400);
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(response.body).toMatchObject({ statusCode: 400, requestId: id });
    expect(await lineOf(id)).toMatchObject({ res: { statusCode: 400 } });
  });

  it('a 500 carries the id a person can report; its line is an error with the same id', async () => {
    const failing = jest.spyOn(t.app.get(LinksService), 'listVisible').mockRejectedValue(new Error('boom'));
    try {
      const response = await request(server()).get('/api/store').expect(500);
      const id = response.headers['x-request-id'] as string;
      expect(response.body).toEqual({ statusCode: 500, message: '서버 오류가 발생했습니다.', requestId: id });
      expect(await lineOf(id)).toMatchObject({ level: 50, route: '/api/store', res: { statusCode: 500 } });
      // The filter's own line with the stack is written inside the request, so it carries the id too.
      expect(lines().some((line) => line.requestId === id && line.msg === 'boom')).toBe(true);
    } finally {
      failing.mockRestore();
    }
  });

  /** The `X-Request-Id` answered to GET `path` sent with `id` while no proxy is trusted (TRUST_PROXY=false). */
  const idFromUntrustedPeer = async (path: string, id: string) => {
    t.app.set('trust proxy', false);
    try {
      return (await request(server()).get(path).set('X-Request-Id', id).expect(200)).headers['x-request-id'];
    } finally {
      t.app.set('trust proxy', 'loopback');
    }
  };

  it('keeps a well-formed X-Request-Id from a trusted proxy (loopback by default), replaces any other', async () => {
    const kept = await request(server()).get('/api/health/live').set('X-Request-Id', 'gw-42.abc:1').expect(200);
    expect(kept.headers['x-request-id']).toBe('gw-42.abc:1');
    const malformed = await request(server()).get('/api/health/live').set('X-Request-Id', 'a/b!').expect(200);
    expect(malformed.headers['x-request-id']).toMatch(UUID);
    expect(await idFromUntrustedPeer('/api/health/live', 'gw-43')).toMatch(UUID);
  });

  it("an answer from memory keeps a trusted proxy's X-Request-Id by the same rule", async () => {
    await request(server()).get('/api/tag/list').expect(200);
    const kept = await request(server()).get('/api/tag/list').set('X-Request-Id', 'gw-44').expect(200);
    expect(kept.headers['x-request-id']).toBe('gw-44');
    // Answered from memory (no line at info for it): the id came from the request logger's rule all the same.
    const later = await request(server()).get('/api/main/select/999998').expect(404);
    await lineOf(later.headers['x-request-id'] as string);
    expect(lines().filter((line) => line.requestId === 'gw-44')).toEqual([]);
    expect(await idFromUntrustedPeer('/api/tag/list', 'gw-45')).toMatch(UUID);
  });

  it('writes no personal data: no Authorization or cookie value, no client address, no query string, no body', async () => {
    const secret = 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXRva2VuLXZhbHVl.c2lnbmF0dXJl';
    const failing = jest.spyOn(t.app.get(LinksService), 'listVisible').mockRejectedValue(new Error('boom'));
    const ids: string[] = [];
    try {
      for (const path of ['/api/store?phone=01012345678', '/api/main/list?phone=01012345678']) {
        const response = await request(server())
          .get(path)
          .set('Authorization', `Bearer ${secret}`)
          .set('Cookie', 'session=cookie-secret-value');
        ids.push(response.headers['x-request-id'] as string);
      }
      const booking = await request(server())
        .post('/api/reserve/bookings')
        .set('Authorization', `Bearer ${secret}`)
        .send({ name: '김비밀', phone: '01098765432' });
      ids.push(booking.headers['x-request-id'] as string);
    } finally {
      failing.mockRestore();
    }
    for (const id of ids) await lineOf(id);
    const text = raw.join('');
    for (const personal of [secret, 'cookie-secret-value', '01012345678', '01098765432', '김비밀', '127.0.0.1']) {
      expect(text).not.toContain(personal);
    }
    expect(text).not.toMatch(/remoteAddress|"headers"|authorization/i);
  });
});
