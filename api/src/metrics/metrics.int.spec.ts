import request from 'supertest';
import type { App } from 'supertest/types';
import { createTestApp, TestApp } from '../test/test-app';
import { CacheMetrics } from './cache-metrics';

jest.setTimeout(60_000);

const TOKEN = 'scrape-token-0123456789';

/** Prometheus metrics at /metrics (docs/decisions/0047-logs-metrics-audit.md) on the real app and database. */
describe('/metrics', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer() as App;
  const scrape = async (): Promise<string> => (await request(server()).get('/metrics').expect(200)).text;

  beforeAll(async () => {
    t = await createTestApp(new Date('2026-11-20T03:00:00Z'), { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('times each request into http_request_duration_seconds by method, route template and status', async () => {
    await request(server()).get('/api/main/select/424242').expect(404);
    await request(server()).get('/api/store').expect(200);
    await request(server()).get('/api/no/such/thing').expect(404);
    const response = await request(server()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/main\/select\/:id",status="404"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/store",status="200"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).not.toContain('/api/no/such/thing');
  });

  it('reports the database pool (total, idle, waiting) and the process defaults', async () => {
    await t.dataSource.query('SELECT 1');
    const text = await scrape();
    expect(text).toMatch(/^db_pool_clients\{state="total"\} [1-9]\d*$/m);
    expect(text).toMatch(/^db_pool_clients\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^db_pool_clients\{state="waiting"\} 0$/m);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts the public-read cache: the first read of the tags is a miss, the next a hit', async () => {
    const before = await scrape();
    const count = (text: string, metric: string) =>
      Number(new RegExp(`^${metric}\\{cache="public-reads"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    await request(server()).get('/api/tag/list').expect(200);
    await request(server()).get('/api/tag/list').expect(200);
    const after = await scrape();
    expect(count(after, 'cache_misses_total') - count(before, 'cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(count(after, 'cache_hits_total') - count(before, 'cache_hits_total')).toBeGreaterThanOrEqual(1);
    // The hit, answered from memory by PublicReadInterceptor, is timed under its route like the miss.
    expect(after).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/tag\/list",status="200"\} 2$/m,
    );
    // CacheMetrics is the observer every cache reports to.
    t.app.get(CacheMetrics).miss('image-variants');
    expect(count(await scrape(), 'cache_misses_total')).toBe(count(after, 'cache_misses_total'));
  });

  it('is not for the public: a forwarded request needs the bearer token; a wrong token is refused in Korean', async () => {
    const forwarded = await request(server()).get('/metrics').set('X-Forwarded-For', '203.0.113.7').expect(403);
    expect(forwarded.body).toEqual({
      statusCode: 403,
      message: '운영 지표를 볼 권한이 없습니다.',
      requestId: forwarded.headers['x-request-id'],
    });
    await request(server())
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.7')
      .set('Authorization', `Bearer ${TOKEN}x`)
      .expect(403);
    const allowed = await request(server())
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.7')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(allowed.text).toContain('http_request_duration_seconds');
    await request(server()).post('/metrics').expect(405);
  });

  it('is outside the rate limit and the /api prefix', async () => {
    const limited = await createTestApp(new Date('2026-11-20T03:00:00Z'), { RATE_LIMIT_READ_PER_MINUTE: '2' });
    try {
      const get = () => request(limited.app.getHttpServer() as App).get('/metrics');
      for (let i = 0; i < 5; i += 1) await get().expect(200);
      await request(limited.app.getHttpServer() as App)
        .get('/api/metrics')
        .expect(404);
    } finally {
      await limited.close();
    }
  });
});
