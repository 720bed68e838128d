import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startApiProcess, type ApiProcess } from '../test/api-process';
import { stablePort } from '../test/stable-ports';
import { createMigratedTestDatabase, createTestDatabase, type TestDatabase } from '../test/test-database';

jest.setTimeout(120_000);

const repoRoot = join(__dirname, '..', '..', '..');
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The ingest's environment in these specs: any issuer (it verifies no token), its own flush interval. */
const env = (database: TestDatabase, flushMs: number): NodeJS.ProcessEnv => ({
  DATABASE_URL: database.url,
  OIDC_ISSUER: 'http://127.0.0.1:9/realms/unused',
  ANALYTICS_INGEST_FLUSH_MS: String(flushMs),
  LOG_LEVEL: 'info',
});

/** A beacon as `navigator.sendBeacon(url, string)` sends it, to the process at `base`. */
const beacon = (base: string, events: object[]) =>
  fetch(`${base}/api/analytics/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
    body: JSON.stringify({ events }),
  });

const countRows = async (url: string): Promise<number> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n);
  } finally {
    await client.end();
  }
};

/**
 * Runs `ingest-main.ts` until it exits: its code and output (for the refusals, which happen before it listens). A
 * variable given as undefined is left out of its environment.
 */
const runUntilExit = (processEnv: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '9', NO_COLOR: '1', ...processEnv };
    for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
    const child = spawn(
      process.execPath,
      ['-r', join(repoRoot, 'build', 'register-swc.js'), join(repoRoot, 'api', 'src', 'ingest-main.ts')],
      { env: childEnv },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });

/**
 * The analytics ingest as its own process (ingest-main.ts, docs/decisions/0072-cheap-analytics-ingest.md), started
 * from the sources as the gateway's upstream for `POST /api/analytics/events`, on real PostgreSQL.
 */
describe('the ingest process (real process, real PostgreSQL)', () => {
  let database: TestDatabase;
  let ingest: ApiProcess | undefined;
  let base: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase('linksite_ingest');
    const port = await stablePort();
    base = `http://127.0.0.1:${port}`;
    ingest = await startApiProcess(port, env(database, 100), 'ingest');
  });
  afterAll(async () => {
    await ingest?.terminate();
    await database?.drop();
  });

  it('stores a beacon within its flush interval, answering 204', async () => {
    const before = await countRows(database.url);
    const answer = await beacon(base, [
      { type: 'pageview', path: '/' },
      { type: 'click', path: '/', keyword: '향수' },
    ]);
    expect(answer.status).toBe(204);
    const deadline = Date.now() + 10_000;
    while ((await countRows(database.url)) < before + 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await countRows(database.url)).toBe(before + 2);
  });

  it('refuses a malformed beacon with the Korean envelope and its request id, storing nothing', async () => {
    const before = await countRows(database.url);
    const answer = await beacon(base, [{ type: 'purchase', path: '/' }]);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { message: string; requestId: string };
    expect(body.message).toMatch(/이벤트 종류\(type\)/);
    expect(body.requestId).toBe(answer.headers.get('x-request-id'));
    expect(await countRows(database.url)).toBe(before);
  });

  it("runs below the API's scheduling priority (INGEST_NICENESS, default 10)", () => {
    expect(getPriority(ingest!.pid)).toBe(Math.max(10, getPriority()));
  });

  it('serves its health and metrics, and nothing of the API', async () => {
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^linksite_analytics_events_total\{outcome="queued"\} [1-9]/m);
    const store = await fetch(`${base}/api/store`);
    expect(store.status).toBe(404);
    expect(((await store.json()) as { message: string }).message).toBe('요청한 주소를 찾을 수 없습니다.');
  });
});

describe('the ingest process when stopped', () => {
  it('writes what it queued before it exits on SIGTERM', async () => {
    const database = await createMigratedTestDatabase('linksite_ingest_stop');
    try {
      const port = await stablePort();
      // A minute's interval: only the stop can write these.
      const ingest = await startApiProcess(port, env(database, 60_000), 'ingest');
      for (let i = 0; i < 3; i += 1)
        expect((await beacon(`http://127.0.0.1:${port}`, [{ type: 'pageview', path: `/p${i}` }])).status).toBe(204);
      expect(await countRows(database.url)).toBe(0);
      expect(await ingest.terminate()).toBe(0);
      expect(await countRows(database.url)).toBe(3);
    } finally {
      await database.drop();
    }
  });
});

describe('the ingest process refuses to start', () => {
  it('without DATABASE_URL: the embedded database admits one session, the API’s (exit 78, in Korean)', async () => {
    const { code, output } = await runUntilExit({
      OIDC_ISSUER: 'http://127.0.0.1:9/realms/unused',
      DATABASE_URL: undefined,
    });
    expect(code).toBe(78);
    expect(output).toContain('설정 오류: DATABASE_URL 설정이 없습니다');
  });

  it('while a migration is pending: it never migrates (exit 1, naming the migrations)', async () => {
    const database = await createTestDatabase('linksite_ingest_unmigrated');
    try {
      const { code, output } = await runUntilExit(env(database, 100));
      expect(code).toBe(1);
      expect(output).toContain('적용되지 않은 마이그레이션이 있습니다');
      expect(output).not.toContain('Ingest listening on');
    } finally {
      await database.drop();
    }
  });
});
