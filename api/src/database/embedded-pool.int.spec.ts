import { Client } from 'pg';
import sharp from 'sharp';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { QueryRunner } from 'typeorm';
import type { LaneQueue } from '../common/lane-queue';
import { ImagesService } from '../images/images.service';
import { LinksService } from '../links/links.service';
import { CACHE_OBSERVER, type CacheObserver } from '../public-cache/cache-observer';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue';
import { createTestApp, type TestApp } from '../test/test-app';
import { startTestIssuer, type TestIssuer } from '../test/test-issuer';
import type { ConnectionLane } from './embedded-pool';

jest.setTimeout(120_000);

/**
 * docs/decisions/0091-responsive-embedded-default.md: the embedded database's ONE connection under a burst of visitors.
 * The app boots with the embedded shape (`typeormOptions(url, true)`: one pool connection, no invalidation channel) on
 * the test PostgreSQL server. The test holds that connection itself while requests pile up behind it, then lets go and
 * reads the order in which their statements reached PostgreSQL (pg's Client.query, in this process). No timings are
 * asserted.
 */
describe('the embedded database shares its one connection (docs/decisions/0091-responsive-embedded-default.md)', () => {
  const now = new Date();
  let issuer: TestIssuer;
  let t: TestApp;
  let base: string;
  let sent: jest.SpyInstance;
  let keys: string[];

  beforeAll(async () => {
    issuer = await startTestIssuer();
    t = await createTestApp(now, { OIDC_ISSUER: issuer.issuer }, undefined, undefined, { embedded: true });
    await seedDemoCatalogue(t.dataSource, t.clock);
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    const rows = await t.dataSource.query<{ key: string }[]>(`SELECT key FROM images ORDER BY key`);
    keys = rows.map((row) => row.key);
  });

  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  beforeEach(() => {
    sent = jest.spyOn(Client.prototype, 'query');
  });

  /** The statements pg sent so far in this test, in order. */
  const statements = (): string[] =>
    sent.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : String((config as { text?: string }).text),
    );

  afterEach(() => jest.restoreAllMocks());

  /** Connection requests waiting now: in pg's own queue, or in the lanes in front of it. */
  const waiting = (): number => {
    const pool = (t.dataSource.driver as PostgresDriver).master as {
      waitingCount: number;
      lanes?: { waitingCount: number };
    };
    return pool.waitingCount + (pool.lanes?.waitingCount ?? 0);
  };

  const until = async (what: string, condition: () => boolean): Promise<void> => {
    const deadline = Date.now() + 30_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  /** Holds the app's only connection until the returned function is called. */
  const holdTheConnection = async (): Promise<() => Promise<void>> => {
    const runner: QueryRunner = t.dataSource.createQueryRunner();
    await runner.connect();
    await runner.query('SELECT 1');
    return () => runner.release();
  };

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, etag: res.headers.get('etag'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('runs a save and a public read ahead of 20 cold variants queued before them', async () => {
    const [link] = await t.dataSource.query<{ id: number }[]>(`SELECT id FROM links ORDER BY pcode LIMIT 1`);
    const authorization = `Bearer ${await issuer.mint()}`;
    const release = await holdTheConnection();

    const variants = keys.slice(0, 10).flatMap((key) => [320, 640].map((w) => get(`/api/images/${key}?w=${w}`)));
    await until('20 variants waiting', () => waiting() >= 20);
    const save = fetch(`${base}/api/main/update/${link!.id}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: '순서' }),
    });
    await until('the save waiting', () => waiting() >= 21);
    const read = get('/api/tag/list');
    await until('the public read waiting', () => waiting() >= 22);
    const queued = statements().length;
    await release();

    expect((await save).status).toBe(200);
    expect((await read).status).toBe(200);
    expect((await Promise.all(variants)).map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const after = statements().slice(queued);
    const imageStatements = (upTo: number) =>
      after.slice(0, upTo).filter((sql) => /image_variants|FROM images/.test(sql)).length;
    const saved = after.findIndex((sql) => /^UPDATE "links"/.test(sql));
    const tagsRead = after.findIndex((sql) => /unnest\(links\.tags\)/.test(sql));
    expect(saved).toBeGreaterThan(0);
    expect(tagsRead).toBeGreaterThan(0);
    // Each waited for at most one image statement per turn; before, all 20 variants' first statements and their
    // second ones (40) ran before the save's UPDATE.
    expect(imageStatements(saved)).toBeLessThanOrEqual(3);
    expect(imageStatements(tagsRead)).toBeLessThanOrEqual(3);
  });

  it('queues every query of a save in the write lane, a multipart save with its image too', async () => {
    const pool = (t.dataSource.driver as PostgresDriver).master as { lanes?: LaneQueue<ConnectionLane> };
    expect(pool.lanes).toBeDefined();
    const lanes: string[] = [];
    const acquire = pool.lanes!.acquire.bind(pool.lanes);
    jest.spyOn(pool.lanes!, 'acquire').mockImplementation((lane) => (lanes.push(lane), acquire(lane)));
    const [link] = await t.dataSource.query<{ id: number }[]>(`SELECT id FROM links ORDER BY pcode LIMIT 1`);
    lanes.length = 0;
    const form = new FormData();
    form.append('tag', '사진');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'new.png');
    const res = await fetch(`${base}/api/main/update/${link!.id}/with-image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await issuer.mint()}` },
      body: form,
    });
    expect(res.status).toBe(200);
    // At least the audit's snapshot, taken before the upload is read, and the transaction, after it (multer's stream
    // events would lose a lane set before them).
    expect(lanes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lanes)).toEqual(new Set(['write']));
    lanes.length = 0;
    expect((await get('/api/cover')).status).toBe(200);
    expect(new Set(lanes)).toEqual(new Set(['read']));
  });

  it('makes and stores a cold variant once for 20 requests at once', async () => {
    const key = keys[keys.length - 1]!;
    const made = jest.spyOn(sharp.prototype, 'toBuffer');
    const asked = jest.spyOn(t.app.get(ImagesService), 'variant');
    const release = await holdTheConnection();

    const answers = Array.from({ length: 20 }, () => get(`/api/images/${key}?w=1280`));
    await until('20 requests in the service', () => asked.mock.calls.length === 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await release();

    const done = await Promise.all(answers);
    expect(done.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(done.map((answer) => answer.bytes.toString('base64'))).size).toBe(1);
    expect(made).toHaveBeenCalledTimes(1);
    expect(statements().filter((sql) => /INSERT INTO image_variants/.test(sql))).toHaveLength(1);
    expect(statements().filter((sql) => /FROM images/.test(sql))).toHaveLength(1);
    const [stored] = await t.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM image_variants WHERE image_key = $1 AND width = 1280`,
      [key],
    );
    expect(stored?.count).toBe(1);
  });

  it('answers 300 visitors missing the public cache at once with one read of the links', async () => {
    const observer = t.app.get<CacheObserver>(CACHE_OBSERVER);
    const misses = jest.spyOn(observer, 'miss');
    const listed = jest.spyOn(t.app.get(LinksService), 'listVisible');
    const release = await holdTheConnection();

    const answers = Array.from({ length: 300 }, () => get('/api/store'));
    await until('300 misses', () => misses.mock.calls.filter(([cache]) => cache === 'public-reads').length >= 300);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await release();

    const done = await Promise.all(answers);
    expect(new Set(done.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(done.map((answer) => answer.etag)).size).toBe(1);
    expect(listed).toHaveBeenCalledTimes(1);
  });
});
