import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type ApiProcesses, startApiProcesses } from '../test/booking-burst';

jest.setTimeout(180_000);

const T0 = new Date('2026-11-23T03:00:00Z');

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

/** Polls `check` until it is true, every 20 ms, for at most `ms` (then fails with `what`). */
async function until(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Issue 14 item 4: public reads are served from each process's serialized cache, and a write through one API process
 * reaches the other's cache: PostgreSQL LISTEN/NOTIFY by default, Redis pub/sub with REDIS_URL. Two real API processes
 * on one database, their "now" in a shared clock file (TEST_CLOCK_FILE) so a window boundary passes without waiting.
 */
describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}],
  [
    'Redis pub/sub',
    { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `linksite-cache-${process.pid}-${Date.now()}:` },
  ],
])('public reads cached across two API processes (%s)', (_channel, env) => {
  let api: ApiProcesses;
  let dir: string;
  let clockFile: string;
  let a: string;
  let b: string;
  const setClock = (at: Date) => writeFileSync(clockFile, at.toISOString());
  const create = async (body: Record<string, unknown>) => {
    const res = await fetch(`${a}/store/create`, {
      method: 'POST',
      headers: { authorization: await api.bearer(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linksite-cache-'));
    clockFile = join(dir, 'now');
    setClock(T0);
    api = await startApiProcesses([0, 0], { ...env, TEST_CLOCK_FILE: clockFile });
    [a, b] = api.urls as [string, string];
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('B keeps its answer while nothing is written through an API, and shows a write through A on the next reads', async () => {
    expect(await names(b)).toEqual([]);
    // Behind every API's back: B still answers from its cache (the cache is really used).
    const db = new Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      await db.query(`INSERT INTO links (pname, pcode) VALUES ('몰래 넣은 상품', 0)`);
    } finally {
      await db.end();
    }
    expect(await names(b)).toEqual([]);
    const before = await read(b, '/store');

    await create({ pname: 'A 에서 등록' });
    await until('B shows the write made through A', async () => (await names(b)).length === 2);
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

  it('a link whose window opens appears at its time on both processes, with no write', async () => {
    await create({ pname: '한 시간 뒤 열림', showFrom: new Date(T0.getTime() + 3_600_000).toISOString() });
    // A second, visible write: once both show it, both caches have dropped what they kept before the first.
    await create({ pname: '바로 보임' });
    for (const url of [a, b])
      await until('the writes reached both', async () => (await names(url)).includes('바로 보임'));
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
 * The embedded database (PGlite over its socket) accepts LISTEN and NOTIFY but delivers no notification to another
 * connection (measured), so there the API uses no channel: its lock file lets a single API process run on it, and that
 * process empties its own cache on every write.
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
    const res = await fetch(`${url}/store/create`, {
      method: 'POST',
      headers: { authorization: await api.bearer(), 'content-type': 'application/json' },
      body: JSON.stringify({ pname: '내장 DB 상품' }),
    });
    expect(res.status).toBe(201);
    expect(await names(url)).toEqual(['내장 DB 상품']);
    expect((await read(url, '/store', { 'if-none-match': first.etag })).status).toBe(200);
  });
});
