import { Client } from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types';
import { adminClient, type AdminClient } from '../test/admin-client';
import { createAdminTestApp, type AdminTestApp } from '../test/admin-test-app';
import { AnalyticsRollupService, ROLLUP_LOCK } from './analytics-rollup.service';

jest.setTimeout(60_000);

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Noon in Seoul on a day of November 2026 (or later: day 31 is December 1st). */
const noon = (day: number) => new Date(Date.UTC(2026, 10, day, 3));
/** Three visitors: an address and a user agent each. */
const V1 = { address: '198.51.100.1', userAgent: CHROME };
const V2 = { address: '198.51.100.2', userAgent: IPHONE };
const V3 = { address: '198.51.100.3', userAgent: CHROME };

describe('analytics rollup, retention and report (integration, real PostgreSQL, controlled clock)', () => {
  let t: AdminTestApp;
  let admin: AdminClient;
  let rollup: AnalyticsRollupService;
  let links: { a: number; b: number; c: number };

  const hit = (visitor: { address: string; userAgent: string }, ...events: object[]) =>
    request(t.app.getHttpServer() as App)
      .post('/api/analytics/events')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .set('User-Agent', visitor.userAgent)
      .set('X-Forwarded-For', visitor.address)
      .send(JSON.stringify({ events }))
      .expect(204);
  const view = (path = '/', extra: object = {}) => ({ type: 'pageview', path, ...extra });
  const click = (linkId: number) => ({ type: 'click', path: '/', linkId });
  const summary = async (days: number) =>
    (await admin.get(`/api/analytics/summary?days=${days}`).expect(200)).body.product;
  const rawDays = async () =>
    (
      await t.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM analytics_events GROUP BY day ORDER BY day`,
      )
    ).map((row: { day: string; n: number }) => `${row.day}:${row.n}`);

  beforeAll(async () => {
    t = await createAdminTestApp(noon(18));
    admin = await adminClient(t);
    rollup = t.app.get(AnalyticsRollupService);
    const rows = await t.dataSource.query(
      `INSERT INTO links (pname, tags, pcode) VALUES ('딸기잼', '{}', 0), ('머그컵', '{}', 1), ('손수건', '{}', 2) RETURNING id`,
    );
    links = { a: rows[0].id, b: rows[1].id, c: rows[2].id };

    // 11-18: V1 views / twice (from Instagram, then again) and clicks A; V2 (iPhone, a newsletter) views / and a keyword.
    await hit(V1, view('/', { referrer: 'https://www.instagram.com/p/xyz' }), click(links.a));
    await hit(V1, view('/'));
    await hit(V2, view('/', { utm: { source: 'newsletter' } }), { type: 'click', path: '/', keyword: '간식' });
    // 11-19: V1 again (another day's hash: a visitor of that day too), clicks A and B.
    t.clock.set(noon(19));
    await hit(V1, view('/'), click(links.a), click(links.b));
    // 11-20 (today): V3 opens /reserve, V1 views / and clicks A.
    t.clock.set(noon(20));
    await hit(V3, view('/reserve'));
    await hit(V1, view('/'), click(links.a));
  });
  afterAll(() => t?.close());

  it('reads rollups only: before the job ran, the past days are not there, today is (the read writes the buffered hits and rolls today up)', async () => {
    expect(await rawDays()).toEqual([]); // still buffered (ANALYTICS_INGEST_FLUSH_MS, 1 s)
    const report = await summary(7);
    expect(report.series.map((d: { day: string; views: number }) => `${d.day}:${d.views}`)).toEqual([
      '2026-11-14:0',
      '2026-11-15:0',
      '2026-11-16:0',
      '2026-11-17:0',
      '2026-11-18:0',
      '2026-11-19:0',
      '2026-11-20:2',
    ]);
  });

  it('the job rolls up every day with new events, then the summary is exact', async () => {
    const run = await rollup.rollUp();
    expect(run).toEqual({ days: ['2026-11-18', '2026-11-19', '2026-11-20'], prunedEvents: 0, prunedRollupDays: 0 });
    const report = await summary(7);
    expect(report).toMatchObject({ days: 7, from: '2026-11-14', to: '2026-11-20' });
    expect(report.series.slice(4)).toEqual([
      { day: '2026-11-18', views: 3, visitors: 2, clicks: 2, sampled: 0, dropped: 0 },
      { day: '2026-11-19', views: 1, visitors: 1, clicks: 2, sampled: 0, dropped: 0 },
      { day: '2026-11-20', views: 2, visitors: 2, clicks: 1, sampled: 0, dropped: 0 },
    ]);
    // A visitor is counted once per day: V1 on three days counts three times.
    expect(report.totals).toEqual({ views: 6, visitors: 5, clicks: 5, sampled: 0, dropped: 0 });
    // Views of `/`, the page the cards were clicked on: 3 + 1 + 1 = 5.
    expect(report.links).toEqual([
      { linkId: links.a, pname: '딸기잼', clicks: 3, views: 5, ctr: 0.6 },
      { linkId: links.b, pname: '머그컵', clicks: 1, views: 5, ctr: 0.2 },
      { linkId: links.c, pname: '손수건', clicks: 0, views: 5, ctr: 0 },
    ]);
    expect(report.referrers).toEqual([{ name: 'instagram.com', count: 1 }]);
    expect(report.keywords).toEqual([{ name: '간식', count: 1 }]);
    expect(report.utmSources).toEqual([{ name: 'newsletter', count: 1 }]);
    expect(report.devices).toEqual([
      { device: 'mobile', views: 1, visitors: 1 },
      { device: 'desktop', views: 5, visitors: 4 },
    ]);
  });

  it('GET /api/analytics/links gives the 30-day clicks of each clicked link', async () => {
    const res = await admin.get('/api/analytics/links?days=30').expect(200);
    expect(res.body.product).toEqual(
      [
        { linkId: links.a, clicks: 3 },
        { linkId: links.b, clicks: 1 },
      ].sort((x, y) => x.linkId - y.linkId),
    );
    expect((await admin.get('/api/analytics/links').expect(200)).body).toEqual(res.body);
  });

  it.each(['14', '0', 'abc', '7.0', ''])('refuses days=%s with 400 and the Korean sentence', async (days) => {
    const res = await admin.get(`/api/analytics/summary?days=${days}`).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: '기간(days)은 7, 30, 90 중 하나여야 합니다.',
      requestId: expect.any(String),
    });
    await admin.get(`/api/analytics/links?days=${days}`).expect(400);
  });

  it('is for administrators only', async () => {
    await admin.anonymous().get('/api/analytics/summary?days=7').expect(401);
    await admin.anonymous().get('/api/analytics/links').expect(401);
  });

  it('re-rolls a day that received an event after its rollup (a late commit), and is idempotent', async () => {
    // A fourth visitor's view of /about on 11-18, committed only now.
    await t.dataSource.query(
      `INSERT INTO analytics_events (occurred_at, day, kind, path, device, visitor)
       VALUES ('2026-11-18T05:00:00Z', '2026-11-18', 'pageview', '/about', 'desktop', 42)`,
    );
    expect((await rollup.rollUp())!.days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect((await rollup.rollUp())!.days).toEqual(['2026-11-19', '2026-11-20']);
    const report = await summary(7);
    expect(report.series[4]).toEqual({ day: '2026-11-18', views: 4, visitors: 3, clicks: 2, sampled: 0, dropped: 0 });
    expect(report.totals).toEqual({ views: 7, visitors: 6, clicks: 5, sampled: 0, dropped: 0 });
    // The cards' click-through counts views of `/` only.
    expect(report.links[0]).toEqual({ linkId: links.a, pname: '딸기잼', clicks: 3, views: 5, ctr: 0.6 });
  });

  it("carries a day's sampled and dropped events (the ingest's count, docs/decisions/0072-cheap-analytics-ingest.md) into its rollup and the summary", async () => {
    // 11-19 went past its budget: 120 events left out by the sampling, 7 dropped (a visitor over its minute's cap).
    const [[counted]] = await t.dataSource.query(
      `UPDATE analytics_ingest_days SET sampled = 120, dropped = 7 WHERE day = '2026-11-19' RETURNING stored::int`,
    );
    expect(counted).toEqual({ stored: 3 }); // the ingest counted the day's 3 stored events
    expect((await rollup.rollUp())!.days).toEqual(['2026-11-19', '2026-11-20']);
    const report = await summary(7);
    expect(report.series[5]).toEqual({ day: '2026-11-19', views: 1, visitors: 1, clicks: 2, sampled: 120, dropped: 7 });
    expect(report.series[6]).toMatchObject({ day: '2026-11-20', sampled: 0, dropped: 0 });
    expect(report.totals).toEqual({ views: 7, visitors: 6, clicks: 5, sampled: 120, dropped: 7 });
  });

  it('skips a scheduled run while another process holds the lock', async () => {
    const other = new Client({ connectionString: (t.dataSource.options as { url: string }).url });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock($1::bigint)`, [ROLLUP_LOCK]);
      expect(await rollup.rollUp({ wait: false })).toBeNull();
      await other.query(`SELECT pg_advisory_unlock($1::bigint)`, [ROLLUP_LOCK]);
      expect(await rollup.rollUp({ wait: false })).not.toBeNull();
    } finally {
      await other.end();
    }
  });

  it('deletes the salt of every day that is over', async () => {
    const salts = await t.dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_salts`);
    expect(salts).toEqual([{ day: '2026-11-20' }]);
  });

  it('prunes raw events after ANALYTICS_RAW_RETENTION_DAYS (35) and keeps their rollups', async () => {
    expect(await rawDays()).toEqual(['2026-11-18:6', '2026-11-19:3', '2026-11-20:3']);
    // 2026-12-24: the cut-off is 11-19, so only 11-18 goes.
    t.clock.set(noon(24 + 30));
    expect(await rollup.rollUp()).toEqual({
      days: ['2026-12-23', '2026-12-24'],
      prunedEvents: 6,
      prunedRollupDays: 0,
    });
    expect(await rawDays()).toEqual(['2026-11-19:3', '2026-11-20:3']);
    const report = await summary(90);
    expect(report.totals).toEqual({ views: 7, visitors: 6, clicks: 5, sampled: 120, dropped: 7 });
    expect(report.links[0]).toEqual({ linkId: links.a, pname: '딸기잼', clicks: 3, views: 5, ctr: 0.6 });
  });

  it('prunes rollups after ANALYTICS_ROLLUP_RETENTION_DAYS (400)', async () => {
    // 400 days after 11-19 is 2027-12-24: 11-18 goes, 11-19 and 11-20 stay.
    t.clock.set(new Date('2027-12-24T03:00:00Z'));
    expect(await rollup.rollUp()).toMatchObject({ prunedEvents: 6, prunedRollupDays: 1 });
    expect(await rawDays()).toEqual([]);
    const days = await t.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sampled::int, dropped::int FROM analytics_daily ORDER BY day`,
    );
    // The rollups keep the sampled and dropped counts; the ingest's own count went with the raw events.
    expect(days).toEqual([
      { day: '2026-11-19', sampled: 120, dropped: 7 },
      { day: '2026-11-20', sampled: 0, dropped: 0 },
    ]);
    expect(await t.dataSource.query(`SELECT day FROM analytics_ingest_days`)).toEqual([]);
    for (const table of ['analytics_daily_links', 'analytics_daily_paths', 'analytics_daily_devices'])
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE day < '2026-11-19'`))[0].n).toBe(
        0,
      );
  });
});
