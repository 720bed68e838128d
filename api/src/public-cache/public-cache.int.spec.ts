import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { messages } from '../common/messages';
import { type ApiProcesses, createBurstSlot, startApiProcesses } from '../test/booking-burst';
import { type CutProxy, startCutProxy } from '../test/cut-proxy';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { HEARTBEAT_MS, HEARTBEAT_TIMEOUT_MS, LISTENER_APPLICATION_NAME, RETRY_MS } from './invalidation-channel';

jest.setTimeout(180_000);

const T0 = new Date('2026-11-23T03:00:00Z');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/**
 * docs/decisions/0089-invalidation-cannot-be-lost.md: how soon every process serves a write, from the write's answer,
 * in milliseconds.
 */
const WITHIN_MS = 1000;

/**
 * GET `path` of process `url`: status, body text, ETag and Cache-Control. node:http rather than fetch: fetch adds
 * `Cache-Control: no-cache` to a conditional request, which Express (and so the API) answers with 200, never 304.
 */
function read(url: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; etag: string; cache: string | undefined }>((resolve, reject) => {
    get(`${url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text,
          etag: String(res.headers.etag ?? ''),
          cache: res.headers['cache-control'],
        }),
      );
    }).on('error', reject);
  });
}

const names = async (url: string): Promise<string[]> =>
  (JSON.parse((await read(url, '/store')).text) as { product: { pname: string }[] }).product.map((l) => l.pname);

const reserveOpen = async (url: string): Promise<boolean> =>
  (JSON.parse((await read(url, '/reserve/status')).text) as { product: { open: boolean } }).product.open;

/** Polls `check` until it is true, every 20 ms, for at most `ms` (then fails with `what`). */
async function until(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Creates a link through the administrator API of process `url`. */
async function create(url: string, bearer: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${url}/store/create`, {
    method: 'POST',
    headers: { authorization: bearer, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

/** Runs `sql` on the database straight (no API), on a connection of its own. */
async function onDatabase(databaseUrl: string, ...statements: [string, unknown[]?][]): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const [sql, parameters] of statements) await db.query(sql, parameters);
  } finally {
    await db.end();
  }
}

/**
 * Adds the link `pname` at the end WITHOUT announcing it (its NOTIFY trigger off for this one transaction; no other
 * session ever sees it off): what a process then serves tells whether it answers from its cache.
 */
const unannounced = (databaseUrl: string, pname: string) =>
  onDatabase(
    databaseUrl,
    ['BEGIN'],
    ['ALTER TABLE links DISABLE TRIGGER links_public_cache'],
    [`INSERT INTO links (pname, pcode) SELECT $1, coalesce(max(pcode) + 1, 0) FROM links`, [pname]],
    ['ALTER TABLE links ENABLE TRIGGER links_public_cache'],
    ['COMMIT'],
  );

/** How many times a process said its LISTEN connection listens (once at start, then after each reconnection). */
const listened = (output: string) => output.split(messages.publicCacheChannel('postgres')).length - 1;

/**
 * docs/decisions/0035-public-read-caching.md: public reads are served from each process's serialized cache, and a write
 * through one API process reaches the other's cache. Two real API processes on one database, their "now" in a shared
 * clock file (TEST_CLOCK_FILE) so a window boundary passes without waiting.
 */
describe('public reads cached across two API processes', () => {
  let api: ApiProcesses;
  let dir: string;
  let clockFile: string;
  let a: string;
  let b: string;
  const setClock = (at: Date) => writeFileSync(clockFile, at.toISOString());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linksite-cache-'));
    clockFile = join(dir, 'now');
    setClock(T0);
    api = await startApiProcesses([0, 0], { TEST_CLOCK_FILE: clockFile });
    [a, b] = api.urls as [string, string];
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('B keeps its answer while nothing announced is written, and shows a write through A on the next reads', async () => {
    expect(await names(b)).toEqual([]);
    await unannounced(api.databaseUrl, '몰래 넣은 상품');
    // B still answers from its cache (the cache is really used).
    expect(await names(b)).toEqual([]);
    const before = await read(b, '/store');

    await create(a, await api.bearer(), { pname: 'A 에서 등록' });
    await until('B shows the write made through A', async () => (await names(b)).length === 2, WITHIN_MS);
    expect(await names(b)).toEqual(['몰래 넣은 상품', 'A 에서 등록']);
    const tags = await read(b, '/tag/list');
    expect(tags.status).toBe(200);

    // ETag and 304 from the cache; the old ETag no longer matches.
    const after = await read(b, '/store');
    expect(after.etag).toMatch(/^W\/"/);
    expect(after.etag).not.toBe(before.etag);
    expect((await read(b, '/store', { 'if-none-match': after.etag })).status).toBe(304);
    const stale = await read(b, '/store', { 'if-none-match': before.etag });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(after.text);
    expect(stale.cache).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
  });

  it('a write made with SQL, through no API process, reaches both within 1 s: the table announces it', async () => {
    for (const url of [a, b]) expect(await names(url)).not.toContain('psql 로 고침');
    await onDatabase(api.databaseUrl, [`UPDATE links SET pname = 'psql 로 고침' WHERE pname = 'A 에서 등록'`]);
    for (const url of [a, b])
      await until('the SQL write shows', async () => (await names(url)).includes('psql 로 고침'), WITHIN_MS);
  });

  it('a link whose window opens appears at its time on both processes, with no write', async () => {
    const bearer = await api.bearer();
    await create(a, bearer, { pname: '한 시간 뒤 열림', showFrom: new Date(T0.getTime() + 3_600_000).toISOString() });
    // A second, visible write: once both show it, both caches have dropped what they kept before the first.
    await create(a, bearer, { pname: '바로 보임' });
    for (const url of [a, b])
      await until('the writes reached both', async () => (await names(url)).includes('바로 보임'), WITHIN_MS);
    // Read twice: the second answer comes from the cache, bounded by the opening an hour away.
    for (const url of [a, b]) {
      expect(await names(url)).not.toContain('한 시간 뒤 열림');
      expect((await read(url, '/store')).cache).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    }
    setClock(new Date(T0.getTime() + 3_600_000 - 70_000));
    expect((await read(b, '/store')).cache).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=10');
    setClock(new Date(T0.getTime() + 3_600_000));
    for (const url of [a, b]) expect(await names(url)).toContain('한 시간 뒤 열림');
  });
});

/**
 * docs/decisions/0089-invalidation-cannot-be-lost.md (the probe): with REDIS_URL set, invalidations travelled over
 * Redis pub/sub only, so a write through a process whose Redis connection was down reached no other process (still
 * served 180 s later). Now Redis carries none: A's Redis connection goes through a proxy that the test cuts, B keeps
 * its own, and every write through either (administrator writes, and a visitor's booking that fills or reopens a slot)
 * shows on both within 1 s.
 */
describe('one process without Redis (REDIS_URL set, its connection cut)', () => {
  let database: TestDatabase;
  let redis: CutProxy;
  let apiA: ApiProcesses;
  let apiB: ApiProcesses;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createTestDatabase('linksite_cache');
    redis = await startCutProxy(new URL(REDIS_URL).host);
    const env = { REDIS_KEY_PREFIX: `linksite-cache-${process.pid}-${Date.now()}:` };
    const shared = { database: { url: database.url, drop: async () => undefined } };
    apiA = await startApiProcesses([0], { ...env, REDIS_URL: redis.via(REDIS_URL) }, shared);
    apiB = await startApiProcesses([0], { ...env, REDIS_URL }, shared);
    [a, b] = [apiA.urls[0]!, apiB.urls[0]!];
  }, 180_000);
  afterAll(async () => {
    await apiA?.close();
    await apiB?.close();
    await redis?.close();
    await database?.drop();
  });

  it('writes through either process show on both within 1 s, before and after the cut', async () => {
    for (const url of [a, b]) expect(await names(url)).toEqual([]);
    await create(a, await apiA.bearer(), { pname: 'Redis 연결 중 A' });
    for (const url of [a, b])
      await until('the write through A shows', async () => (await names(url)).includes('Redis 연결 중 A'), WITHIN_MS);

    redis.cut();
    await create(a, await apiA.bearer(), { pname: 'Redis 끊긴 A' });
    for (const url of [a, b])
      await until(
        'the write through A without Redis shows',
        async () => (await names(url)).includes('Redis 끊긴 A'),
        WITHIN_MS,
      );
    await create(b, await apiB.bearer(), { pname: 'Redis 있는 B' });
    for (const url of [a, b])
      await until('the write through B shows', async () => (await names(url)).includes('Redis 있는 B'), WITHIN_MS);

    // A still uses its cache: Redis has nothing to do with it.
    await unannounced(database.url, '몰래 넣은 상품');
    expect(await names(a)).not.toContain('몰래 넣은 상품');
  });

  it("a visitor's booking through A that fills the slot, and its cancellation, show on B's reservation status within 1 s", async () => {
    const slotId = await createBurstSlot(b, await apiB.bearer(), { count: 1, table: 1 });
    await until('both see the open slot', async () => (await reserveOpen(a)) && (await reserveOpen(b)), WITHIN_MS);
    const res = await fetch(`${a}/reserve/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `cache-${Date.now()}` },
      body: JSON.stringify({ slotId, name: '방문자', phone: '010-1234-5678', partySize: 1, consent: true }),
    });
    expect(res.status).toBe(201);
    const { code } = ((await res.json()) as { product: { code: string } }).product;
    for (const url of [a, b]) await until('the full slot shows', async () => !(await reserveOpen(url)), WITHIN_MS);

    const cancel = await fetch(`${a}/reserve/bookings/${code}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone4: '5678' }),
    });
    expect(cancel.status).toBe(200);
    for (const url of [a, b]) await until('the reopened slot shows', async () => await reserveOpen(url), WITHIN_MS);
  });
});

/**
 * docs/decisions/0089-invalidation-cannot-be-lost.md: a process whose LISTEN connection is down, or not yet listening
 * again, serves nothing from its cache. B's database connections go through a proxy that cuts (or silences) its LISTEN
 * connection alone, picked by its `application_name`; its pool keeps working, so B keeps answering, from the database.
 */
describe('a process whose LISTEN connection is lost', () => {
  let database: TestDatabase;
  let pg: CutProxy;
  let apiA: ApiProcesses;
  let apiB: ApiProcesses;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createTestDatabase('linksite_cache');
    const server = new URL(database.url);
    pg = await startCutProxy(`${server.hostname}:${server.port || 5432}`, (first) =>
      first.includes(LISTENER_APPLICATION_NAME),
    );
    const shared = { database: { url: database.url, drop: async () => undefined } };
    apiA = await startApiProcesses([0], { REDIS_URL: '' }, shared);
    apiB = await startApiProcesses(
      [0],
      { REDIS_URL: '' },
      { database: { url: pg.via(database.url), drop: async () => undefined } },
    );
    [a, b] = [apiA.urls[0]!, apiB.urls[0]!];
  }, 180_000);
  afterAll(async () => {
    await apiA?.close();
    await apiB?.close();
    await pg?.close();
    await database?.drop();
  });

  /** B answers `pname`'s unannounced insert from its cache (without it) on two reads in a row. */
  const bUsesItsCache = async (pname: string) => {
    await names(b);
    await unannounced(database.url, pname);
    expect(await names(b)).not.toContain(pname);
    expect(await names(b)).not.toContain(pname);
  };

  it('cut: B serves from the database at once and until it listens again, then caches again', async () => {
    expect(listened(apiB.output(0))).toBe(1);
    await bUsesItsCache('캐시 확인 1');

    pg.cut();
    await until('B drops its cache', async () => (await names(b)).includes('캐시 확인 1'), WITHIN_MS);
    expect(apiB.output(0)).toContain(messages.publicCacheChannelLost('postgres', '').replace(' ()', ''));
    // Down: every read goes to the database, announced or not.
    for (const pname of ['끊긴 동안 1', '끊긴 동안 2']) {
      await unannounced(database.url, pname);
      expect(await names(b)).toContain(pname);
    }
    await create(a, await apiA.bearer(), { pname: 'B 가 못 듣는 A 의 쓰기' });
    expect(await names(b)).toContain('B 가 못 듣는 A 의 쓰기');

    // Refused while cut, the reconnection waits longer each time; once let through, B listens and caches again.
    pg.restore();
    await until('B listens again', async () => listened(apiB.output(0)) === 2, RETRY_MS.max + 5000);
    await bUsesItsCache('캐시 확인 2');
    await create(a, await apiA.bearer(), { pname: '다시 듣는 B' });
    await until('B hears A again', async () => (await names(b)).includes('다시 듣는 B'), WITHIN_MS);
  });

  it('silent (no reset): B stops using its cache within one heartbeat and its timeout', async () => {
    await bUsesItsCache('캐시 확인 3');
    const listenedBefore = listened(apiB.output(0));
    pg.freeze();
    await until(
      'B drops its cache',
      async () => (await names(b)).includes('캐시 확인 3'),
      HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS + WITHIN_MS,
    );
    await unannounced(database.url, '조용한 동안');
    expect(await names(b)).toContain('조용한 동안');

    pg.restore();
    await until('B listens again', async () => listened(apiB.output(0)) === listenedBefore + 1, RETRY_MS.max + 5000);
    await bUsesItsCache('캐시 확인 4');
  });
});

/**
 * The embedded database (PGlite over its socket) runs the NOTIFY triggers but delivers no notification to another
 * connection (it is one session for every connection), so there the API uses no channel: its lock file lets a single
 * API process run on it, and that process empties its own cache on every write.
 */
describe('public reads cached on the embedded database (one process)', () => {
  let api: ApiProcesses;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linksite-cache-embedded-'));
    api = await startApiProcesses([0], { SEED_ON_EMPTY: 'false' }, { dataDir: join(dir, 'data') });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a write shows on the next read of the same process', async () => {
    const [url] = api.urls as [string];
    expect(await names(url)).toEqual([]);
    const first = await read(url, '/store');
    await create(url, await api.bearer(), { pname: '내장 DB 상품' });
    expect(await names(url)).toEqual(['내장 DB 상품']);
    expect((await read(url, '/store', { 'if-none-match': first.etag })).status).toBe(200);
  });
});
