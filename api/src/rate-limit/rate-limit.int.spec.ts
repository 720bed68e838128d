import request from 'supertest';
import type { App } from 'supertest/types';
import { createTestApp, type TestApp } from '../test/test-app';

jest.setTimeout(60_000);

const NOW = new Date('2026-11-20T03:00:00Z');
const TOO_MANY = {
  statusCode: 429,
  message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  requestId: expect.any(String),
};

const http = (t: TestApp) => request(t.app.getHttpServer() as App);

/** Answers of `count` GET requests, one after another. */
async function statuses(t: TestApp, path: string, count: number, forwardedFor?: string): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const req = http(t).get(path);
    answers.push((await (forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req)).status);
  }
  return answers;
}

describe('rate limits in one process (issue 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NOW, { RATE_LIMIT_READ_PER_MINUTE: '3', RATE_LIMIT_WRITE_PER_MINUTE: '2' });
  });
  afterAll(() => t?.close());

  it('refuses the request over the budget with 429, Retry-After and the Korean message', async () => {
    expect(await statuses(t, '/api/store', 3)).toEqual([200, 200, 200]);
    const refused = await http(t).get('/api/store').expect(429);
    expect(refused.body).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts per route and per client address (as seen through the trusted loopback proxy)', async () => {
    expect(await statuses(t, '/api/tag/list', 3)).toEqual([200, 200, 200]);
    expect(await statuses(t, '/api/store', 1, '203.0.113.7')).toEqual([200]);
  });

  it('counts a read answered from memory against the client behind the trusted proxy, not the proxy', async () => {
    // The first read fills the cache; the next ones are answered from memory, after the global guard counted them
    // under the same key. Were it to count the proxy's address (loopback), the fourth read would pass.
    expect(await statuses(t, '/api/plan/list', 3, '198.51.100.9')).toEqual([200, 200, 200]);
    expect((await http(t).get('/api/plan/list').set('X-Forwarded-For', '198.51.100.9')).body).toEqual(TOO_MANY);
    expect(await statuses(t, '/api/plan/list', 1, '198.51.100.10')).toEqual([200]);
  });

  it('keeps writes in their own budget, refused before the token is even looked at', async () => {
    const write = () => http(t).post('/api/store/create').send({ pname: 'x' });
    expect((await write()).status).toBe(401);
    expect((await write()).status).toBe(401);
    expect((await write()).body).toEqual(TOO_MANY);
  });

  it('never limits the health probes', async () => {
    expect(new Set(await statuses(t, '/api/health/live', 10))).toEqual(new Set([200]));
  });
});

describe('rate limits shared through Redis by two API processes (issue 15)', () => {
  const prefix = `linksite-test-${process.pid}-${Date.now()}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_READ_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix };
    a = await createTestApp(NOW, env);
    b = await createTestApp(NOW, env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('spends one budget across both processes', async () => {
    expect(await statuses(a, '/api/store', 2)).toEqual([200, 200]);
    expect(await statuses(b, '/api/store', 2)).toEqual([200, 200]);
    expect(await statuses(a, '/api/store', 1)).toEqual([429]);
    expect(await statuses(b, '/api/store', 1)).toEqual([429]);
  });
});

describe('rate limits while Redis is down (issue 15 "Faults (c)")', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await createTestApp(NOW, { RATE_LIMIT_READ_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t?.close());

  it('counts in this process instead, and nothing else fails', async () => {
    expect(await statuses(t, '/api/store', 4)).toEqual([200, 200, 200, 429]);
    expect(await statuses(t, '/api/plan/list', 1)).toEqual([200]);
  });
});
