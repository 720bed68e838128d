import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect, Socket } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './test/test-database';
import { startTestIssuer, TestIssuer } from './test/test-issuer';
import { migrations } from './database/typeorm-options';
import { stablePort } from './test/stable-ports';

/** The names of every migration, in order. */
const ALL = migrations.map((Migration) => new Migration().name);

jest.setTimeout(120_000);

/**
 * The API as docker-compose.yml runs it (docs/decisions/0015-production-deployment.md): the built `api/dist` (built
 * here first when stale), real processes, real signals, each on a fresh database of the test server.
 * - the one-shot migrate command, alone and two at once;
 * - a replica with MIGRATIONS_RUN=false refusing an un-migrated database;
 * - graceful shutdown on SIGTERM.
 */
const apiRoot = join(__dirname, '..');
const dist = (file: string) => join(apiRoot, 'dist', file);

/** A started Node process and everything it printed so far. */
interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function run(script: string, env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [script], { env: { ...process.env, NO_COLOR: '1', ...env } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(r: Run, text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void r.exited.then((code) => (exitCode = code));
  while (!r.output().includes(text)) {
    if (exitCode !== undefined) throw new Error(`exited (${exitCode}) before printing "${text}":\n${r.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" after ${timeoutMs} ms:\n${r.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const tablesOf = async (url: string) =>
  (
    await query<{ table_name: string }>(
      url,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    )
  ).map((row) => row.table_name);

const SCHEMA = [
  'analytics_daily',
  'analytics_daily_devices',
  'analytics_daily_keywords',
  'analytics_daily_links',
  'analytics_daily_paths',
  'analytics_daily_referrers',
  'analytics_daily_utm_sources',
  'analytics_events',
  'analytics_ingest_days',
  'analytics_rollup_state',
  'analytics_salts',
  'administrators',
  'audit_entry',
  'booking_queue',
  'booking_waitlist',
  'bookings',
  'cover',
  'image_variants',
  'images',
  'links',
  'migrations',
  'plans',
  'popup_info',
  'popup_slots',
].sort();

/** One HTTP/1.1 response parsed from raw bytes. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits a byte stream into the HTTP/1.1 responses it holds (bodies framed by Content-Length, as Express sends JSON). */
function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    responses.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: rest.subarray(end + 4, end + 4 + length).toString('utf8'),
    });
    rest = rest.subarray(end + 4 + length);
  }
  return responses;
}

/** A raw TCP connection to the API that records what it receives and when it closes. */
async function openConnection(port: number): Promise<{ socket: Socket; received(): Buffer; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => Buffer.concat(chunks), closed };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('production process (docs/decisions/0015-production-deployment.md)', () => {
  const databases: TestDatabase[] = [];
  const runs: Run[] = [];
  const fresh = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  const start = (script: string, env: NodeJS.ProcessEnv) => {
    const r = run(script, env);
    runs.push(r);
    return r;
  };

  beforeAll(() => {
    // The package's build task (wireit, keyed by content): builds api/dist only when it is not built from the sources
    // as they are, so a built API that a browser test runs meanwhile is never rewritten under it.
    execFileSync(process.execPath, [join(apiRoot, '..', 'scripts', 'build.mjs'), '--only', 'api'], {
      stdio: 'inherit',
    });
  });
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    for (const database of databases) await database.drop();
  });

  describe('migrate command (node api/dist/database/migrate-command.js)', () => {
    it('creates the schema on an empty database, prints what ran; a second run is a no-op', async () => {
      const database = await fresh();
      const first = start(dist('database/migrate-command.js'), { DATABASE_URL: database.url });
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain(`마이그레이션 ${ALL.length}개를 적용했습니다: ${ALL.join(', ')}`);
      expect(await tablesOf(database.url)).toEqual(SCHEMA);

      const second = start(dist('database/migrate-command.js'), { DATABASE_URL: database.url });
      expect(await second.exited).toBe(0);
      expect(second.output()).toContain('적용할 마이그레이션이 없습니다.');
      expect(await query(database.url, 'SELECT name FROM migrations ORDER BY id')).toEqual(
        ALL.map((name) => ({ name })),
      );
      // It never seeds.
      expect(
        await query(
          database.url,
          'SELECT (SELECT count(*) FROM links)::int AS links, (SELECT count(*) FROM plans)::int AS plans',
        ),
      ).toEqual([{ links: 0, plans: 0 }]);
    });

    it('two started at once both exit 0 and apply the migrations once (advisory lock)', async () => {
      const database = await fresh();
      const [a, b] = [0, 1].map(() => start(dist('database/migrate-command.js'), { DATABASE_URL: database.url }));
      expect(await Promise.all([a!.exited, b!.exited])).toEqual([0, 0]);
      const outputs = [a!.output(), b!.output()];
      expect(outputs.filter((o) => o.includes(`마이그레이션 ${ALL.length}개를 적용했습니다`))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('적용할 마이그레이션이 없습니다.'))).toHaveLength(1);
      expect(await query(database.url, 'SELECT name FROM migrations ORDER BY id')).toEqual(
        ALL.map((name) => ({ name })),
      );
      expect(await tablesOf(database.url)).toEqual(SCHEMA);
    });

    it('fails with exit code 1 and the reason when the database cannot be reached', async () => {
      const r = start(dist('database/migrate-command.js'), {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${await stablePort()}/none`,
      });
      expect(await r.exited).toBe(1);
      expect(r.output()).toMatch(/마이그레이션에 실패했습니다: .*ECONNREFUSED[\s\S]*Migration failed:/);
    });
  });

  it('with MIGRATIONS_RUN=false an un-migrated database stops the API, naming the migrate command', async () => {
    const database = await fresh();
    const r = start(dist('main.js'), {
      DATABASE_URL: database.url,
      MIGRATIONS_RUN: 'false',
      PORT: String(await stablePort()),
      HOST: '127.0.0.1',
    });
    expect(await within(r.exited, 30_000, 'exit')).toBe(1);
    expect(r.output()).toContain(`적용되지 않은 마이그레이션이 있습니다(${ALL.join(', ')})`);
    expect(r.output()).toContain('node api/dist/database/migrate-command.js');
    expect(r.output()).toContain('Pending migrations');
    expect(r.output()).not.toContain('API listening');
    expect(await tablesOf(database.url)).toEqual([]);
  });

  describe('graceful shutdown of node api/dist/main.js', () => {
    let issuer: TestIssuer;
    beforeAll(async () => {
      issuer = await startTestIssuer();
    });
    afterAll(() => issuer.close());

    /** A migrated fresh database and a replica on it, as in docker-compose.yml. */
    async function startReplica(shutdownTimeoutMs: number) {
      const database = await fresh();
      expect(await start(dist('database/migrate-command.js'), { DATABASE_URL: database.url }).exited).toBe(0);
      const port = await stablePort();
      const api = start(dist('main.js'), {
        DATABASE_URL: database.url,
        MIGRATIONS_RUN: 'false',
        SEED_ON_EMPTY: 'false',
        SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
        OIDC_ISSUER: issuer.issuer,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      await waitFor(api, `API listening on http://127.0.0.1:${port}/api`);
      return { database, port, api };
    }

    /** Headers of `POST /api/store/create` plus the first half of its body; the rest is returned for later. */
    async function slowCreate(port: number, pname: string) {
      const body = Buffer.from(JSON.stringify({ pname, tag: '배포', link: 'https://example.com/slow', imagelink: '' }));
      const connection = await openConnection(port);
      connection.socket.write(
        `POST /api/store/create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${await issuer.mint()}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      const half = Math.floor(body.length / 2);
      connection.socket.write(body.subarray(0, half));
      return { connection, rest: body.subarray(half) };
    }

    const refused = (port: number) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });

    it('SIGTERM: the in-flight request completes normally, idle keep-alive connections close, new connections are refused, a request on a busy connection gets 503 + Connection: close, exit 0', async () => {
      const { database, port, api } = await startReplica(8000);
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health/live`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).json()).toEqual({
        status: 'ok',
        database: 'up',
      });

      // An idle keep-alive connection: one request answered, the connection left open.
      const idle = await openConnection(port);
      idle.socket.write(`GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await within(
        (async () => {
          while (parseResponses(idle.received()).length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
        })(),
        5000,
        'idle connection answer',
      );
      expect(parseResponses(idle.received())[0]).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });

      // The slow request: the server has its headers and half its body when the signal comes.
      const slow = await slowCreate(port, '종료 중에 끝난 링크');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      await waitFor(api, 'SIGTERM 신호를 받아 종료합니다.', 5000);

      expect(await refused(port)).toBe('ECONNREFUSED');
      await within(idle.closed, 3000, 'idle keep-alive connection closed');
      expect(api.child.exitCode).toBeNull(); // still draining: the slow request has not finished

      // The rest of the body, and a second request pipelined behind it on the same connection.
      slow.connection.socket.write(slow.rest);
      slow.connection.socket.write(`GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await within(slow.connection.closed, 5000, 'busy connection closed');
      const [created, turnedAway, ...more] = parseResponses(slow.connection.received());
      expect(more).toEqual([]);
      expect(created!.status).toBe(201);
      expect(JSON.parse(created!.body)).toMatchObject({
        message: '링크가 등록되었습니다.',
        product: { pname: '종료 중에 끝난 링크', pcode: 0 },
      });
      expect(turnedAway!.status).toBe(503);
      expect(turnedAway!.headers.connection).toBe('close');
      expect(JSON.parse(turnedAway!.body)).toEqual({
        statusCode: 503,
        message: '서버가 종료 중입니다. 잠시 후 다시 시도해주세요.',
        status: 'stopping',
        requestId: expect.any(String),
      });

      expect(await within(api.exited, 8000, 'exit')).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(8000);
      expect(api.output()).toContain('정상 종료되었습니다.');
      expect(api.output()).not.toContain('끊습니다');
      expect(await query(database.url, 'SELECT pname FROM links')).toEqual([{ pname: '종료 중에 끝난 링크' }]);
    });

    it('SIGTERM: a request still unfinished after SHUTDOWN_TIMEOUT_MS is cut, and the process still exits 0', async () => {
      const { database, port, api } = await startReplica(1000);
      const stuck = await slowCreate(port, '끝나지 않는 링크');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      expect(await within(api.exited, 6000, 'exit')).toBe(0);
      const took = Date.now() - signalledAt;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(5000);
      await within(stuck.connection.closed, 1000, 'stuck connection closed');
      expect(parseResponses(stuck.connection.received())).toEqual([]);
      expect(api.output()).toContain('1000ms 안에 끝나지 않은 연결 1개를 끊습니다.');
      expect(await query(database.url, 'SELECT pname FROM links')).toEqual([]);
    });
  });
});
