import { Client } from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { AnalyticsIngestService, INGEST_BATCH_ROWS, VISITOR_EVENTS_PER_MINUTE } from './analytics-ingest.service';
import { AnalyticsReportService } from './analytics-report.service';

jest.setTimeout(60_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * The app, its ingest's share of the event loop (ingest-loop-budget.ts, CPU time) left unlimited: how many beacons a
 * second fit in it depends on the machine, and a slow one must not turn a spec's burst into drops. The share has a
 * spec of its own (it sets `hasLoopBudget` false there).
 */
const createIngestApp = async (...args: Parameters<typeof createTestApp>): Promise<TestApp> => {
  const t = await createTestApp(...args);
  jest.spyOn(t.app.get(AnalyticsIngestService), 'hasLoopBudget', 'get').mockReturnValue(true);
  return t;
};

const http = (t: TestApp) => request(t.app.getHttpServer() as App);
/** Each request's events written before its answer, so a spec can look at the table right after. */
const WRITE_THROUGH = { ANALYTICS_INGEST_FLUSH_MS: '0' };

/** A beacon as `navigator.sendBeacon(url, string)` sends it: text/plain. */
const beacon = (t: TestApp, body: string, userAgent = CHROME, address = '203.0.113.10') =>
  http(t)
    .post('/api/analytics/events')
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', address)
    .send(body);

const events = (...list: object[]) => JSON.stringify({ events: list });
/** 20 different page views (`/p0` … `/p19`): a full beacon none of whose events is another's copy. */
const twenty = (): object[] => Array.from({ length: 20 }, (_, i) => ({ type: 'pageview', path: `/p${i}` }));

/** Every stored event, without its id and time. */
const stored = async (t: TestApp) =>
  t.dataSource.query(
    `SELECT kind, path, link_id, keyword, referrer_host, utm_source, device, visitor::text, to_char(day, 'YYYY-MM-DD') AS day
       FROM analytics_events ORDER BY id`,
  );
const count = async (t: TestApp) =>
  Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM analytics_events`))[0].n);

/** A `remote_error` event of `remote` at `version`. */
const remoteError = (remote: string, version: string, path = '/') => ({ type: 'remote_error', path, remote, version });
/** The series of `linksite_remote_browser_errors_total` on /metrics: `'remote version' → count`. */
const remoteErrorSeries = async (t: TestApp): Promise<Map<string, number>> => {
  const text = (await http(t).get('/metrics').expect(200)).text;
  const series = new Map<string, number>();
  for (const [, remote, version, value] of text.matchAll(
    /^linksite_remote_browser_errors_total\{remote="([^"]*)",version="([^"]*)"\} (\d+)$/gm,
  ))
    series.set(`${remote} ${version}`, Number(value));
  return series;
};

describe('POST /api/analytics/events (integration, real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW, WRITE_THROUGH);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.dataSource.query(`DELETE FROM analytics_events`);
    t.clock.set(NOW);
  });

  it('stores a page view and both kinds of click from a text/plain beacon, answering 204 with no body or cookie', async () => {
    const res = await beacon(
      t,
      events(
        {
          type: 'pageview',
          path: '/',
          referrer: 'https://www.Instagram.com/p/abc?igsh=secret',
          utm: { source: 'Instagram' },
        },
        { type: 'click', path: '/', linkId: 7 },
        { type: 'click', path: '/', keyword: '선물추천' },
      ),
    ).expect(204);
    expect(res.text).toBe('');
    expect(res.headers['set-cookie']).toBeUndefined();
    const rows = await stored(t);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'pageview',
        path: '/',
        link_id: null,
        keyword: null,
        referrer_host: 'instagram.com',
        utm_source: 'instagram',
        device: 'desktop',
        day: '2026-11-20',
      }),
      expect.objectContaining({
        kind: 'click',
        path: '/',
        link_id: 7,
        keyword: null,
        referrer_host: null,
        utm_source: null,
      }),
      expect.objectContaining({ kind: 'click', path: '/', link_id: null, keyword: '선물추천' }),
    ]);
    expect(new Set(rows.map((r: { visitor: string }) => r.visitor)).size).toBe(1);
  });

  it('accepts application/json too, and classes an iPhone as mobile', async () => {
    await http(t)
      .post('/api/analytics/events')
      .set('User-Agent', IPHONE)
      .send({ events: [{ type: 'pageview', path: '/reserve' }] })
      .expect(204);
    expect(await stored(t)).toEqual([expect.objectContaining({ path: '/reserve', device: 'mobile' })]);
  });

  it("never stores the address, the user agent or the full referrer; drops the site's own host as referrer", async () => {
    await beacon(t, events({ type: 'pageview', path: '/', referrer: 'http://127.0.0.1:9999/admin' }))
      .set('Origin', 'http://127.0.0.1:9999')
      .expect(204);
    const [row] = await t.dataSource.query(`SELECT * FROM analytics_events`);
    expect(row.referrer_host).toBeNull();
    const text = JSON.stringify(row);
    expect(text).not.toContain('203.0.113.10');
    expect(text).not.toContain('Chrome');
    expect(Object.keys(row).sort()).toEqual(
      [
        'day',
        'device',
        'id',
        'keyword',
        'kind',
        'link_id',
        'occurred_at',
        'path',
        'referrer_host',
        'utm_source',
        'visitor',
      ].sort(),
    );
  });

  it('takes a beacon the same way at another spelling of the path (query string, trailing slash) that reaches Express', async () => {
    for (const path of ['/api/analytics/events?v=2', '/api/analytics/events/']) {
      await http(t)
        .post(path)
        .set('Content-Type', 'text/plain')
        .set('User-Agent', CHROME)
        .send(events({ type: 'pageview', path: '/' }))
        .expect(204);
    }
    await http(t).post('/api/analytics/events?v=2').set('User-Agent', CHROME).type('form').send('a=1').expect(415);
    expect(await count(t)).toBe(2);
  });

  it('answers a bot (or a hit without a user agent) 204 and stores nothing', async () => {
    await beacon(t, events({ type: 'pageview', path: '/' }), GOOGLEBOT).expect(204);
    await beacon(t, events({ type: 'pageview', path: '/' }), 'HeadlessChrome/120.0 Safari').expect(204);
    await http(t)
      .post('/api/analytics/events')
      .set('Content-Type', 'text/plain')
      .set('User-Agent', '')
      .send(events({ type: 'pageview', path: '/' }))
      .expect(204);
    expect(await count(t)).toBe(0);
  });

  it('hashes a visitor alike within a day, differently for another address, agent or day; the salt is per day', async () => {
    const visitorOf = async (userAgent: string, address: string) => {
      await t.dataSource.query(`DELETE FROM analytics_events`);
      await beacon(t, events({ type: 'pageview', path: '/' }), userAgent, address).expect(204);
      return (await stored(t))[0].visitor as string;
    };
    const first = await visitorOf(CHROME, '198.51.100.1');
    expect(await visitorOf(CHROME, '198.51.100.1')).toBe(first);
    expect(await visitorOf(CHROME, '198.51.100.2')).not.toBe(first);
    expect(await visitorOf(IPHONE, '198.51.100.1')).not.toBe(first);
    t.clock.set(new Date('2026-11-20T15:00:00Z')); // 00:00 on the 21st in Seoul
    expect(await visitorOf(CHROME, '198.51.100.1')).not.toBe(first);
    expect((await stored(t))[0].day).toBe('2026-11-21');
    const salts = await t.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_salts ORDER BY day`,
    );
    expect(salts).toEqual([{ day: '2026-11-20' }, { day: '2026-11-21' }]);
  });
});

describe("a remote's errors (remote_error): counted on /metrics per remote and version, never stored", () => {
  let t: TestApp;
  const V1 = '3f2a9c0d1e4b';
  const V2 = 'a'.repeat(64);
  /** Today's page views, visitors and clicks as the insights screen reads them (the report rolls today up first). */
  const today = async () => (await t.app.get(AnalyticsReportService).summary(7)).series.at(-1);
  beforeAll(async () => {
    t = await createIngestApp(NOW, WRITE_THROUGH);
  });
  afterAll(() => t?.close());

  it('accepts a batch of them with a page view: the page view is stored, the errors count per remote and version', async () => {
    await beacon(
      t,
      events(
        { type: 'pageview', path: '/' },
        remoteError('mf_plans', V1),
        remoteError('mf_plans', V1, '/reserve'),
        remoteError('mf_plans', V2),
        remoteError('mf_plans', '-'),
        remoteError('mf_store', V1),
      ),
    ).expect(204);
    expect(await stored(t)).toEqual([expect.objectContaining({ kind: 'pageview', path: '/' })]);
    expect(await remoteErrorSeries(t)).toEqual(
      new Map([
        [`mf_plans ${V1}`, 2],
        [`mf_plans ${V2}`, 1],
        ['mf_plans -', 1],
        [`mf_store ${V1}`, 1],
      ]),
    );
    const text = (await http(t).get('/metrics').expect(200)).text;
    expect(text).toContain('# TYPE linksite_remote_browser_errors_total counter');
  });

  it("adds no row and changes neither the day's page views nor its visitors or clicks", async () => {
    await beacon(t, events({ type: 'pageview', path: '/' }, { type: 'click', path: '/', linkId: 3 })).expect(204);
    const rows = await count(t);
    const salts = await t.dataSource.query(`SELECT day FROM analytics_salts`);
    const before = await today();
    expect(before).toMatchObject({ day: '2026-11-20', views: 2, clicks: 1 });
    await beacon(t, events(remoteError('mf_links', V1), remoteError('mf_links', V1)), IPHONE, '198.51.100.99').expect(
      204,
    );
    await http(t)
      .post('/api/analytics/events')
      .set('User-Agent', CHROME)
      .send({ events: [remoteError('mf_links', '-', '/admin/links')] })
      .expect(204);
    expect(await count(t)).toBe(rows);
    expect(await t.dataSource.query(`SELECT day FROM analytics_salts`)).toEqual(salts);
    expect(await today()).toEqual(before);
    const series = await remoteErrorSeries(t);
    expect(series.get(`mf_links ${V1}`)).toBe(2);
    expect(series.get('mf_links -')).toBe(1);
  });

  it("counts no bot's report", async () => {
    const before = await remoteErrorSeries(t);
    await beacon(t, events(remoteError('mf_links', V1)), GOOGLEBOT).expect(204);
    expect(await remoteErrorSeries(t)).toEqual(before);
  });

  it('refuses the whole batch when one event of it is bad: nothing stored, nothing counted', async () => {
    const rows = await count(t);
    const before = await remoteErrorSeries(t);
    const refused = await beacon(
      t,
      events({ type: 'pageview', path: '/' }, remoteError('mf_links', V1), remoteError('mf_links', 'v1.2.3')),
    ).expect(400);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      message: '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
      errors: [{ field: 'events.2.version', message: expect.any(String) }],
    });
    await beacon(t, events(remoteError('mf_links', V1), { type: 'click', path: '/' })).expect(400);
    expect(await count(t)).toBe(rows);
    expect(await remoteErrorSeries(t)).toEqual(before);
  });
});

describe("the bound on a remote's error series: 200 (remote, version) pairs per process, then other/-", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW, WRITE_THROUGH);
  });
  afterAll(() => t?.close());

  it('gives the first 200 pairs a series each and counts every later pair under remote="other", version="-"', async () => {
    // 205 distinct pairs, as a hostile client may send them: well-formed, all different.
    const pairs = Array.from({ length: 205 }, (_, i) => remoteError(`mf_r${i}`, i % 2 ? '-' : `${i}`.padStart(6, '0')));
    for (let i = 0; i < pairs.length; i += 20) await beacon(t, events(...pairs.slice(i, i + 20))).expect(204);
    // A pair seen before the bound keeps its own series; one past it keeps counting under other/-.
    await beacon(t, events(pairs[0]!, pairs[204]!)).expect(204);
    const series = await remoteErrorSeries(t);
    expect(series.size).toBe(201);
    expect(series.get('mf_r0 000000')).toBe(2);
    expect(series.get('mf_r199 -')).toBe(1);
    expect(series.has('mf_r200 000200')).toBe(false);
    expect(series.get('other -')).toBe(6);
    expect([...series.values()].reduce((a, b) => a + b, 0)).toBe(207);
    expect(await count(t)).toBe(0);
  });
});

describe('bad input to the ingest: 4xx with a Korean sentence, nothing stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW, WRITE_THROUGH);
  });
  afterAll(() => t?.close());

  const ok = { type: 'pageview', path: '/' };
  const refusals: Array<[string, () => request.Test, number, string]> = [
    [
      'malformed JSON',
      () => beacon(t, '{"events": [{"type": "pageview",'),
      400,
      '분석 이벤트 본문이 올바른 JSON 이 아닙니다.',
    ],
    ['an empty body', () => beacon(t, ''), 400, '분석 이벤트 본문이 올바른 JSON 이 아닙니다.'],
    [
      'a bare array',
      () => beacon(t, JSON.stringify([ok])),
      400,
      '분석 이벤트는 events 목록에 1개 이상 20개 이하로 담아 보내야 합니다.',
    ],
    [
      'no events',
      () => beacon(t, events()),
      400,
      '분석 이벤트는 events 목록에 1개 이상 20개 이하로 담아 보내야 합니다.',
    ],
    [
      'too many events (21)',
      () => beacon(t, JSON.stringify({ events: Array.from({ length: 21 }, () => ok) })),
      400,
      '분석 이벤트는 events 목록에 1개 이상 20개 이하로 담아 보내야 합니다.',
    ],
    [
      'an event that is not an object',
      () => beacon(t, JSON.stringify({ events: [ok, 5] })),
      400,
      '분석 이벤트 하나하나는 객체여야 합니다.',
    ],
    [
      'an unknown type',
      () => beacon(t, events({ type: 'purchase', path: '/' })),
      400,
      '이벤트 종류(type)는 pageview, click, remote_error 중 하나여야 합니다.',
    ],
    [
      'a path that is a number',
      () => beacon(t, events({ type: 'pageview', path: 5 })),
      400,
      '경로(path)는 / 로 시작하는 300자 이하의 주소 경로여야 합니다 (?, # 없이).',
    ],
    [
      'a path with a query',
      () => beacon(t, events({ type: 'pageview', path: '/?email=a@b.c' })),
      400,
      '경로(path)는 / 로 시작하는 300자 이하의 주소 경로여야 합니다 (?, # 없이).',
    ],
    [
      'a full URL as path',
      () => beacon(t, events({ type: 'pageview', path: 'https://x.example/' })),
      400,
      '경로(path)는 / 로 시작하는 300자 이하의 주소 경로여야 합니다 (?, # 없이).',
    ],
    [
      'a link id as a string',
      () => beacon(t, events({ type: 'click', path: '/', linkId: '7' })),
      400,
      '링크 ID(linkId)는 1 이상 2147483647 이하의 정수여야 합니다.',
    ],
    [
      'a link id of 0',
      () => beacon(t, events({ type: 'click', path: '/', linkId: 0 })),
      400,
      '링크 ID(linkId)는 1 이상 2147483647 이하의 정수여야 합니다.',
    ],
    [
      'a keyword of 31 characters',
      () => beacon(t, events({ type: 'click', path: '/', keyword: 'ㄱ'.repeat(31) })),
      400,
      '키워드(keyword)는 1자 이상 30자 이하의 문자열이어야 합니다.',
    ],
    [
      'a referrer that is no URL',
      () => beacon(t, events({ type: 'pageview', path: '/', referrer: 'javascript:alert(1)' })),
      400,
      '유입 주소(referrer)는 비어 있거나 http:// 또는 https:// 로 시작하는 2048자 이하의 주소여야 합니다.',
    ],
    [
      'utm as a string',
      () => beacon(t, events({ type: 'pageview', path: '/', utm: 'instagram' })),
      400,
      'utm 은 source(1자 이상 100자 이하의 문자열) 하나만 담은 객체여야 합니다.',
    ],
    [
      'an unknown field',
      () => beacon(t, events({ type: 'pageview', path: '/', email: 'a@b.c' })),
      400,
      '허용되지 않는 필드입니다: events.0.email',
    ],
    [
      'an unknown utm field',
      () => beacon(t, events({ type: 'pageview', path: '/', utm: { source: 'a', medium: 'b' } })),
      400,
      '허용되지 않는 필드입니다: events.0.utm.medium',
    ],
    [
      'an unknown top-level field',
      () => beacon(t, JSON.stringify({ events: [ok], ip: '1.2.3.4' })),
      400,
      '허용되지 않는 필드입니다: ip',
    ],
    [
      'a click without a target',
      () => beacon(t, events({ type: 'click', path: '/' })),
      400,
      '클릭 이벤트에는 linkId 와 keyword 중 하나만 있어야 하고, 페이지뷰 이벤트에는 둘 다 없어야 합니다.',
    ],
    [
      'a click with two targets',
      () => beacon(t, events({ type: 'click', path: '/', linkId: 1, keyword: 'a' })),
      400,
      '클릭 이벤트에는 linkId 와 keyword 중 하나만 있어야 하고, 페이지뷰 이벤트에는 둘 다 없어야 합니다.',
    ],
    [
      'a page view with a link id',
      () => beacon(t, events({ type: 'pageview', path: '/', linkId: 1 })),
      400,
      '클릭 이벤트에는 linkId 와 keyword 중 하나만 있어야 하고, 페이지뷰 이벤트에는 둘 다 없어야 합니다.',
    ],
    [
      'a remote name with a hyphen',
      () => beacon(t, events(remoteError('mf-links', '3f2a9c0d1e4b'))),
      400,
      '원격 모듈 이름(remote)은 영문 소문자로 시작하고 영문 소문자, 숫자, _ 로만 된 40자 이하의 이름이어야 합니다.',
    ],
    [
      'a remote name in capitals',
      () => beacon(t, events(remoteError('MF_LINKS', '3f2a9c0d1e4b'))),
      400,
      '원격 모듈 이름(remote)은 영문 소문자로 시작하고 영문 소문자, 숫자, _ 로만 된 40자 이하의 이름이어야 합니다.',
    ],
    [
      'a remote name of 41 characters',
      () => beacon(t, events(remoteError(`m${'x'.repeat(40)}`, '-'))),
      400,
      '원격 모듈 이름(remote)은 영문 소문자로 시작하고 영문 소문자, 숫자, _ 로만 된 40자 이하의 이름이어야 합니다.',
    ],
    [
      'a remote name that is a number',
      () => beacon(t, events({ type: 'remote_error', path: '/', remote: 7, version: '-' })),
      400,
      '원격 모듈 이름(remote)은 영문 소문자로 시작하고 영문 소문자, 숫자, _ 로만 된 40자 이하의 이름이어야 합니다.',
    ],
    [
      'a version of 5 hex digits',
      () => beacon(t, events(remoteError('mf_links', '3f2a9'))),
      400,
      '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
    ],
    [
      'a version of 65 hex digits',
      () => beacon(t, events(remoteError('mf_links', 'a'.repeat(65)))),
      400,
      '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
    ],
    [
      'a version in capitals',
      () => beacon(t, events(remoteError('mf_links', '3F2A9C0D1E4B'))),
      400,
      '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
    ],
    [
      'a version that is no hex',
      () => beacon(t, events(remoteError('mf_links', 'latest'))),
      400,
      '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
    ],
    [
      'an empty version',
      () => beacon(t, events(remoteError('mf_links', ''))),
      400,
      '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
    ],
    [
      'a remote error without a version',
      () => beacon(t, events({ type: 'remote_error', path: '/', remote: 'mf_links' })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'a remote error without a remote',
      () => beacon(t, events({ type: 'remote_error', path: '/', version: '-' })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'a remote error with a link id',
      () => beacon(t, events({ ...remoteError('mf_links', '-'), linkId: 1 })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'a remote error with a keyword',
      () => beacon(t, events({ ...remoteError('mf_links', '-'), keyword: 'a' })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'a remote error with a referrer',
      () => beacon(t, events({ ...remoteError('mf_links', '-'), referrer: 'https://www.instagram.com/' })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'a page view with a remote',
      () => beacon(t, events({ type: 'pageview', path: '/', remote: 'mf_links' })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'a click with a version',
      () => beacon(t, events({ type: 'click', path: '/', linkId: 1, version: '-' })),
      400,
      '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
    ],
    [
      'an escaped NUL in a keyword',
      () => beacon(t, events({ type: 'click', path: '/', keyword: 'a\u0000b' })),
      400,
      '분석 이벤트에 사용할 수 없는 문자(제어 문자나 깨진 문자)가 있습니다.',
    ],
    [
      'a raw NUL byte',
      () => beacon(t, `{"events":[{"type":"click","path":"/","keyword":"a\u0000b"}]}`),
      400,
      '분석 이벤트 본문이 올바른 JSON 이 아닙니다.',
    ],
    [
      'a lone surrogate (JSON escape)',
      () => beacon(t, '{"events":[{"type":"click","path":"/","keyword":"\\ud800x"}]}'),
      400,
      '분석 이벤트에 사용할 수 없는 문자(제어 문자나 깨진 문자)가 있습니다.',
    ],
    [
      'a lone surrogate (raw UTF-8 bytes ED A0 80)',
      () =>
        http(t)
          .post('/api/analytics/events')
          .set('Content-Type', 'text/plain')
          .set('User-Agent', CHROME)
          .send(
            Buffer.concat([
              Buffer.from('{"events":[{"type":"click","path":"/","keyword":"'),
              Buffer.from([0xed, 0xa0, 0x80]),
              Buffer.from('"}]}'),
            ]),
          ),
      400,
      '분석 이벤트에 사용할 수 없는 문자(제어 문자나 깨진 문자)가 있습니다.',
    ],
    [
      'an oversized body (2049 bytes)',
      () => beacon(t, events({ type: 'pageview', path: '/', referrer: `https://a.example/${'x'.repeat(2000)}` })),
      413,
      '분석 이벤트 요청은 2048바이트를 넘을 수 없습니다.',
    ],
    [
      'a form body',
      () => http(t).post('/api/analytics/events').set('User-Agent', CHROME).type('form').send('events=1'),
      415,
      '분석 이벤트는 text/plain 또는 application/json 형식의 UTF-8 본문으로 보내야 합니다.',
    ],
    [
      'another charset',
      () =>
        http(t)
          .post('/api/analytics/events')
          .set('User-Agent', CHROME)
          .set('Content-Type', 'text/plain; charset=latin1')
          .send(events(ok)),
      415,
      '분석 이벤트는 text/plain 또는 application/json 형식의 UTF-8 본문으로 보내야 합니다.',
    ],
  ];

  it.each(refusals)('refuses %s', async (_case, send, status, message) => {
    const stores = async () => ({
      events: await count(t),
      salts: Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM analytics_salts`))[0].n),
      remoteErrors: [...(await remoteErrorSeries(t))],
    });
    const before = await stores();
    const res = await send().expect(status);
    expect(res.body).toMatchObject({ statusCode: status, message });
    expect(await stores()).toEqual(before);
  });

  it('refuses the whole batch when one event of it is bad (all or nothing)', async () => {
    await beacon(t, events(ok, ok, { type: 'click', path: '/' })).expect(400);
    expect(await count(t)).toBe(0);
  });

  it('takes a batch of 20 just under the limit', async () => {
    await beacon(t, events(...twenty())).expect(204);
    expect(await count(t)).toBe(20);
  });
});

describe('the ingest rate limit (RATE_LIMIT_INGEST_PER_MINUTE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW, { ...WRITE_THROUGH, RATE_LIMIT_INGEST_PER_MINUTE: '3' });
  });
  afterAll(() => t?.close());

  it('refuses the client over its budget with 429, others still pass, the refused hit is not stored', async () => {
    const hit = (address: string) => beacon(t, events({ type: 'pageview', path: '/' }), CHROME, address);
    for (let i = 0; i < 3; i += 1) await hit('198.51.100.7').expect(204);
    const refused = await hit('198.51.100.7').expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
      requestId: expect.any(String),
    });
    await hit('198.51.100.8').expect(204);
    expect(await count(t)).toBe(4);
  });
});

describe('the ingest buffer (ANALYTICS_INGEST_FLUSH_MS, default 1 s)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW);
  });
  afterAll(() => t?.close());

  it('answers at once and writes the buffered hits together on the next flush', async () => {
    const ingest = t.app.get(AnalyticsIngestService);
    await beacon(t, events({ type: 'pageview', path: '/' })).expect(204);
    await beacon(t, events({ type: 'click', path: '/', linkId: 3 }, { type: 'pageview', path: '/' })).expect(204);
    expect(await count(t)).toBe(0);
    await ingest.flush();
    expect(await count(t)).toBe(3);
  });

  it('writes what is buffered when the app stops', async () => {
    await beacon(t, events({ type: 'pageview', path: '/' })).expect(204);
    await t.app.get(AnalyticsIngestService).onModuleDestroy();
    expect(await count(t)).toBe(4);
  });
});

type Rows = (sql: string, parameters: unknown[]) => Promise<unknown[]>;
/** Rows of a query on the app's data source. */
const appRows =
  (t: TestApp): Rows =>
  (sql, parameters) =>
    t.dataSource.query(sql, parameters);
/** The ingest's counts of a day (`analytics_ingest_days`), as numbers; zeros when the day has no row. */
const dayCounts = async (rows: Rows, day = '2026-11-20') => {
  const [row] = await rows(`SELECT stored::int, sampled::int, dropped::int FROM analytics_ingest_days WHERE day = $1`, [
    day,
  ]);
  return (
    (row as { stored: number; sampled: number; dropped: number } | undefined) ?? { stored: 0, sampled: 0, dropped: 0 }
  );
};
/** `linksite_analytics_events_total{outcome}` on /metrics: outcome → count. */
const outcomes = async (t: TestApp): Promise<Record<string, number>> => {
  const text = (await http(t).get('/metrics').expect(200)).text;
  return Object.fromEntries(
    [...text.matchAll(/^linksite_analytics_events_total\{outcome="([^"]+)"\} (\d+)$/gm)].map(([, outcome, n]) => [
      outcome!,
      Number(n),
    ]),
  );
};
/** Sends `send()` for each of `items`, `parallel` at a time, as a flood arrives. */
const inParallel = async <T>(items: T[], parallel: number, send: (item: T) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < items.length; i += parallel) await Promise.all(items.slice(i, i + parallel).map(send));
};
/** `n` loopback-style client addresses 127.0.x.y, each a visitor of its own, passed through X-Forwarded-For. */
const addresses = (n: number): string[] => Array.from({ length: n }, (_, i) => `127.0.${i >> 8}.${(i & 255) + 1}`);

describe('bounded storage (docs/decisions/0072-cheap-analytics-ingest.md): one copy of an event, a cap per visitor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW, WRITE_THROUGH);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.dataSource.query(`DELETE FROM analytics_events`);
    await t.dataSource.query(`DELETE FROM analytics_ingest_days`);
    t.clock.set(NOW);
  });

  it('stores identical events of one beacon once; the next beacon may send them again', async () => {
    const view = { type: 'pageview', path: '/', referrer: 'https://www.instagram.com/p/a' };
    const click = { type: 'click', path: '/', linkId: 3 };
    await beacon(
      t,
      events(view, view, click, click, click, { ...view, referrer: 'https://www.instagram.com/p/b' }),
    ).expect(204);
    // The two referrers are one host: as stored, that view is the same event too.
    expect(await stored(t)).toEqual([
      expect.objectContaining({ kind: 'pageview', path: '/', referrer_host: 'instagram.com' }),
      expect.objectContaining({ kind: 'click', link_id: 3 }),
    ]);
    await beacon(t, events(click, { type: 'click', path: '/', linkId: 4 })).expect(204);
    expect(await count(t)).toBe(4);
    // Counted once is not a loss: the day's counts say nothing was dropped.
    expect(await dayCounts(appRows(t))).toEqual({ stored: 4, sampled: 0, dropped: 0 });
    expect((await outcomes(t)).duplicate).toBeGreaterThanOrEqual(4);
  });

  it(`lets a visitor add ${VISITOR_EVENTS_PER_MINUTE} events a minute, counts the rest as dropped, and the report says so`, async () => {
    const before = await outcomes(t);
    // 4 full beacons of one visitor in one minute: 80 events, 60 stored.
    for (let i = 0; i < 4; i += 1) await beacon(t, events(...twenty()), CHROME, '198.51.100.50').expect(204);
    expect(await count(t)).toBe(VISITOR_EVENTS_PER_MINUTE);
    // Another visitor (another address, or the same address with another browser) is not held back by it.
    await beacon(t, events(...twenty()), CHROME, '198.51.100.51').expect(204);
    await beacon(t, events(...twenty()), IPHONE, '198.51.100.50').expect(204);
    expect(await count(t)).toBe(VISITOR_EVENTS_PER_MINUTE + 40);
    // The next minute it may send again.
    t.clock.set(new Date(NOW.getTime() + 60_000));
    await beacon(t, events(...twenty()), CHROME, '198.51.100.50').expect(204);
    expect(await count(t)).toBe(VISITOR_EVENTS_PER_MINUTE + 60);
    expect(await dayCounts(appRows(t))).toEqual({ stored: VISITOR_EVENTS_PER_MINUTE + 60, sampled: 0, dropped: 20 });
    expect((await outcomes(t)).over_visitor_cap! - (before.over_visitor_cap ?? 0)).toBe(20);
    const today = (await t.app.get(AnalyticsReportService).summary(7)).series.at(-1);
    expect(today).toMatchObject({ day: '2026-11-20', views: VISITOR_EVENTS_PER_MINUTE + 60, sampled: 0, dropped: 20 });
  });
});

describe('the daily budget (ANALYTICS_DAILY_BUDGET): a flood from many addresses is sampled, and the report says so', () => {
  let t: TestApp;
  const BUDGET = 1000;
  beforeAll(async () => {
    t = await createIngestApp(NOW, { ...WRITE_THROUGH, ANALYTICS_DAILY_BUDGET: String(BUDGET) });
  });
  // Each test on a day of its own: the process remembers what it learned of a day's count.
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.dataSource.query(`DELETE FROM analytics_events`);
    await t.dataSource.query(`DELETE FROM analytics_ingest_days`);
  });

  it('stores every event up to the budget, then one visitor in ten; every event is either stored or counted sampled', async () => {
    // 150 visitors from 150 addresses, 20 different page views each: 3,000 events, 10 beacons at a time.
    await inParallel(addresses(150), 10, (address) => beacon(t, events(...twenty()), CHROME, address).expect(204));
    const counts = await dayCounts(appRows(t));
    expect(counts.stored).toBe(await count(t));
    expect(counts.stored).toBeGreaterThanOrEqual(BUDGET);
    expect(counts.stored).toBeLessThanOrEqual(2 * BUDGET);
    expect(counts.sampled).toBeGreaterThan(0);
    expect(counts.stored + counts.sampled).toBe(3000);
    expect(counts.dropped).toBe(0);
    // A stored visitor past the budget is stored whole: every visitor has 0 or 20 events.
    const perVisitor = await t.dataSource.query(`SELECT count(*)::int AS n FROM analytics_events GROUP BY visitor`);
    expect(new Set(perVisitor.map((row: { n: number }) => row.n))).toEqual(new Set([20]));

    const report = await t.app.get(AnalyticsReportService).summary(7);
    expect(report.series.at(-1)).toMatchObject({ day: '2026-11-20', views: counts.stored, sampled: counts.sampled });
    expect(report.totals).toMatchObject({ views: counts.stored, sampled: counts.sampled, dropped: 0 });
  });

  it("stores nothing more past twice the budget, counting other processes' events (the day's count in the database)", async () => {
    // The next day, another API process has stored 1,999 events by noon: this one learns it with its first write.
    t.clock.set(new Date('2026-11-21T03:00:00Z'));
    await t.dataSource.query(`INSERT INTO analytics_ingest_days (day, stored) VALUES ('2026-11-21', 1999)`);
    const flood = addresses(21);
    await beacon(t, events(...twenty()), CHROME, flood[0]).expect(204);
    await inParallel(flood.slice(1), 5, (address) => beacon(t, events(...twenty()), CHROME, address).expect(204));
    expect(await count(t)).toBe(20);
    expect(await dayCounts(appRows(t), '2026-11-21')).toEqual({ stored: 2019, sampled: 400, dropped: 0 });
  });
});

describe("the ingest's share of the event loop (ingest-loop-budget.ts)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIngestApp(NOW, WRITE_THROUGH);
  });
  afterAll(() => t?.close());

  it('once spent, answers beacons 204 unread (malformed ones too) and counts each as a dropped event', async () => {
    const ingest = t.app.get(AnalyticsIngestService);
    const share = jest.spyOn(ingest, 'hasLoopBudget', 'get').mockReturnValue(false);
    try {
      await beacon(t, events({ type: 'pageview', path: '/' })).expect(204);
      await beacon(t, events(...twenty()), CHROME, '198.51.100.9').expect(204);
      await beacon(t, '{').expect(204);
    } finally {
      share.mockReturnValue(true);
    }
    await ingest.flush();
    expect(await count(t)).toBe(0);
    expect(await dayCounts(appRows(t))).toEqual({ stored: 0, sampled: 0, dropped: 3 });
    expect((await outcomes(t)).loop_budget).toBe(3);
    // The next beacon on the same kept-alive connections is read again.
    await beacon(t, events({ type: 'pageview', path: '/' })).expect(204);
    expect(await count(t)).toBe(1);
  });
});

describe('batching: rows are written off the request path, a batch per statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A minute between timed flushes: only a full batch (and the explicit flush) writes.
    t = await createIngestApp(NOW, { ANALYTICS_INGEST_FLUSH_MS: '60000' });
  });
  afterAll(() => t?.close());

  it(`writes N events in at most ceil(N / ${INGEST_BATCH_ROWS}) INSERT statements of at most ${INGEST_BATCH_ROWS} rows`, async () => {
    const query = jest.spyOn(t.dataSource, 'query');
    try {
      // 60 visitors × 20 different page views: 1,200 events.
      await inParallel(addresses(60), 10, (address) => beacon(t, events(...twenty()), CHROME, address).expect(204));
      await t.app.get(AnalyticsIngestService).flush();
      const inserts = query.mock.calls.filter(([sql]) => /INSERT INTO analytics_events/.test(sql));
      expect(inserts.length).toBeLessThanOrEqual(Math.ceil(1200 / INGEST_BATCH_ROWS));
      for (const [, parameters] of inserts)
        expect((parameters![0] as unknown[]).length).toBeLessThanOrEqual(INGEST_BATCH_ROWS);
    } finally {
      query.mockRestore();
    }
    expect(await count(t)).toBe(1200);
  });
});

describe('shutdown: what is queued is written when the app stops (SIGTERM → app.close())', () => {
  it('keeps the queued events and the counts of the dropped ones', async () => {
    const database = await createTestDatabase();
    const t = await createIngestApp(NOW, { ANALYTICS_INGEST_FLUSH_MS: '60000' }, database);
    await beacon(t, events({ type: 'pageview', path: '/' }, { type: 'click', path: '/', linkId: 9 })).expect(204);
    for (let i = 0; i < 4; i += 1) await beacon(t, events(...twenty()), CHROME, '198.51.100.77').expect(204);
    expect(await count(t)).toBe(0);
    await t.app.close();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM analytics_events`)).rows;
      expect(n).toBe(2 + VISITOR_EVENTS_PER_MINUTE);
      expect(await dayCounts(async (sql, parameters) => (await client.query(sql, parameters)).rows)).toEqual({
        stored: 2 + VISITOR_EVENTS_PER_MINUTE,
        sampled: 0,
        dropped: 20,
      });
    } finally {
      await client.end();
      await database.drop();
    }
  });
});

describe('no log line per beacon', () => {
  it('writes none for accepted or refused beacons, while other requests keep theirs', async () => {
    const lines: string[] = [];
    const t = await createIngestApp(NOW, { ...WRITE_THROUGH, LOG_LEVEL: 'info' }, undefined, {
      write: (line: string) => void lines.push(line),
    });
    try {
      await beacon(t, events({ type: 'pageview', path: '/' })).expect(204);
      await beacon(t, events({ type: 'click', path: '/' })).expect(400);
      await beacon(t, '{').expect(400);
      const other = await http(t).get('/api/no-such-route').expect(404);
      await new Promise((resolve) => setImmediate(resolve));
      // Request lines only (Nest's start-up lines name the route too).
      const requestLines = lines
        .map((line) => JSON.parse(line) as { msg: string; requestId?: string })
        .filter((line) => line.msg === 'request completed' || line.msg === 'request failed');
      expect(requestLines.map((line) => line.requestId)).toEqual([other.headers['x-request-id']]);
      expect(await count(t)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
