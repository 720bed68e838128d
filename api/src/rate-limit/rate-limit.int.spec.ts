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

describe('rate limits in one process (docs/decisions/0040-trusted-under-attack.md)', () => {
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

describe('rate limits shared through Redis by two API processes (docs/decisions/0040-trusted-under-attack.md)', () => {
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

describe('rate limits while Redis is down (docs/decisions/0044-survivable-faults.md)', () => {
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

describe('the booking budget counts devices, not a carrier NAT (docs/decisions/0074-waiting-room.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NOW, {
      RATE_LIMIT_BOOKING_PER_MINUTE: '3',
      RATE_LIMIT_BOOKING_ADDRESS_PER_MINUTE: '10',
      RATE_LIMIT_BOOKING_PHONE_PER_MINUTE: '2',
    });
  });
  afterAll(() => t?.close());

  /** A booking look-up from `address`, as the device `device` (or none). */
  const lookUp = (address: string, device?: string) => {
    const req = http(t).get('/api/reserve/bookings/ABCD2345?phone4=1234').set('X-Forwarded-For', address);
    return device ? req.set('Device-Id', device) : req;
  };
  const device = (n: number) => `device-${String(n).padStart(12, '0')}`;

  it('lets many phones behind one address book within their own budgets, up to the address ceiling', async () => {
    const address = '198.51.100.50';
    // Three devices behind one address, three requests each: within each device's budget of 3.
    const answers: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      for (let i = 0; i < 3; i += 1) answers.push((await lookUp(address, device(n))).status);
    }
    expect(answers).toEqual(Array(9).fill(404));
    // The fourth request of one device is over its own budget.
    expect((await lookUp(address, device(0))).body).toEqual(TOO_MANY);
    // A new device is within its budget and the address has one request left under its ceiling of 10.
    expect((await lookUp(address, device(3))).status).toBe(404);
    // Then the address ceiling holds whatever device a script invents.
    expect((await lookUp(address, device(4))).body).toEqual(TOO_MANY);
    // Another address is not affected; a request without a device counts by its address.
    expect((await lookUp('198.51.100.51')).status).toBe(404);
  });

  it('refuses an id that is not one (too short, other characters) as a device: the address counts', async () => {
    const address = '198.51.100.60';
    for (let i = 0; i < 3; i += 1) expect((await lookUp(address, 'short')).status).toBe(404);
    expect((await lookUp(address, 'x y z w'.repeat(4))).body).toEqual(TOO_MANY);
  });

  it('counts submits per phone number, whatever the device or the way it is written', async () => {
    const submit = (n: number, phone: string) =>
      http(t)
        .post('/api/reserve/bookings')
        .set('X-Forwarded-For', `198.51.100.${70 + n}`)
        .set('Device-Id', device(70 + n))
        .set('Idempotency-Key', `phone-limit-${n}`)
        .send({ slotId: 999999, name: '김하늘', phone, partySize: 1, consent: true });
    expect((await submit(0, '010-1234-5678')).status).toBe(404);
    expect((await submit(1, '+82 10 1234 5678')).status).toBe(404);
    expect((await submit(2, '01012345678')).body).toEqual(TOO_MANY);
    expect((await submit(3, '010-9999-0000')).status).toBe(404);
  });
});
