import { type ChildProcessWithoutNullStreams, execFile, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { EmbeddedDatabaseLockedError, startEmbeddedPostgres } from './embedded-postgres';

jest.setTimeout(120_000);

/** Runs test/embedded-smoke.ts in a child process (PGlite cannot run inside jest's module sandbox). */
async function runSmoke(dataDir: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-r', join(__dirname, '../../../build/register-swc.js'), join(__dirname, '../test/embedded-smoke.ts')],
    { env: { ...process.env, DATA_DIR: dataDir }, timeout: 100_000 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  return JSON.parse(line!.slice('RESULT '.length));
}

/** `path` → its permission bits in octal, for every directory and file under `root` (root included). */
function modesUnder(root: string): Map<string, string> {
  const modes = new Map<string, string>();
  const pending = [root];
  while (pending.length > 0) {
    const path = pending.pop()!;
    const stat = statSync(path);
    modes.set(path, (stat.mode & 0o777).toString(8));
    if (stat.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return modes;
}

describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linksite-pglite-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves PGlite on a socket in the data directory, runs the migrations, a transaction and a query, then stops and releases the lock', async () => {
    const result = await runSmoke(dataDir);
    expect(result.lockWhileRunning).toBe(true);
    expect(result.lockAfterStop).toBe(false);
    expect(result.socket).toBe(join(dataDir, '.s.PGSQL.5432'));
    expect(result.socketAfterStop).toBe(false);
    expect(result.tables).toEqual(
      expect.arrayContaining(['administrators', 'cover', 'image_variants', 'images', 'links', 'plans', 'popup_slots']),
    );
    expect(result.startdate).toBe('2026-11-20');
  });

  it('keeps the data directory owner-only: directories 0700, files 0600, also under umask 000 (docs/decisions/0040-trusted-under-attack.md)', async () => {
    const umask = process.umask(0);
    let result;
    try {
      result = await runSmoke(dataDir);
    } finally {
      process.umask(umask);
    }
    expect(result.modesWhileRunning).toEqual({
      dataDir: '700',
      pglite: '700',
      lock: '600',
      socket: '600',
      socketDirectory: '700',
    });
    const modes = modesUnder(dataDir);
    expect(modes.size).toBeGreaterThan(500);
    const open = [...modes].filter(([path, mode]) => mode !== (statSync(path).isDirectory() ? '700' : '600'));
    expect(open).toEqual([]);
  });

  it('puts the socket in a private temporary directory when the data directory is too deep for a socket path', async () => {
    // Node binds a socket path longer than the system takes cut short, which could land outside the data directory.
    const deep = join(dataDir, 'd'.repeat(100));
    const result = await runSmoke(deep);
    expect(result.tables).toContain('bookings');
    expect(result.socket.startsWith(join(tmpdir(), 'linksite-db-'))).toBe(true);
    expect(Buffer.byteLength(result.socket)).toBeLessThanOrEqual(103);
    expect(result.modesWhileRunning).toMatchObject({ socket: '600', socketDirectory: '700' });
    expect(result.socketDirectoryAfterStop).toBe(false);
    expect(readdirSync(deep).sort()).toEqual(['pglite']);
  });

  it('refuses a lock held by a live process, naming the lock file', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dataDir, 'pglite.lock'), String(sleeper.pid));
      const attempt = startEmbeddedPostgres({ dataDir });
      await expect(attempt).rejects.toThrow(EmbeddedDatabaseLockedError);
      await expect(attempt).rejects.toThrow(join(dataDir, 'pglite.lock'));
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a stale lock and socket whose process is gone', async () => {
    writeFileSync(join(dataDir, 'pglite.lock'), '999999999');
    // A killed process leaves its socket file behind: binding the same path again would fail with EADDRINUSE.
    const socket = join(dataDir, '.s.PGSQL.5432');
    await promisify(execFile)(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]).catch(() => undefined);
    expect(statSync(socket).isSocket()).toBe(true);
    const result = await runSmoke(dataDir);
    expect(result.lockWhileRunning).toBe(true);
    expect(result.lockAfterStop).toBe(false);
    expect(result.socketAfterStop).toBe(false);
  });
});

/** The TCP ports process `pid` listens on (Linux): its socket inodes (/proc/<pid>/fd) found in /proc/net/tcp{,6}. */
function listeningTcpPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      // sl local_address rem_address st … inode: st 0A is LISTEN, local_address is <hex address>:<hex port>.
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** What the other account's client saw, one entry per target: connected, or the error code. */
interface Attempt {
  target: string;
  connected: boolean;
  code?: string;
}

/** A socket to try: a Unix socket's `path`, or a TCP `host` and `port` (node:net's connect options). */
type Target = { target: string; options: { path: string } | { host: string; port: number } };

/** The uid and gid of OS user `nobody`. */
const nobody = () => {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
};

/**
 * A Node.js binary user `nobody` can run: this one, the machine's own, or else a copy of this one in a directory any
 * account may enter. CI's Node lives in a directory only root may enter (.ci/run fetches it into `mktemp -d`).
 */
async function nodeForNobody(): Promise<string> {
  for (const candidate of [process.execPath, '/usr/bin/node', '/usr/local/bin/node']) {
    try {
      await promisify(execFile)(candidate, ['-e', '0'], { ...nobody(), cwd: '/', timeout: 30_000 });
      return candidate;
    } catch {
      // not there, or not for nobody
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'linksite-node-for-nobody-'));
  chmodSync(dir, 0o755);
  const copy = join(dir, 'node');
  copyFileSync(process.execPath, copy);
  chmodSync(copy, 0o755);
  return copy;
}

/**
 * Connects to each target as OS user `nobody` (the caller must be root) with node:net alone, so the client needs
 * nothing of this checkout, and returns what it saw. Connecting is reading: the embedded server asks no password
 * (`psql` as `nobody` read every booking's name and phone, the probe of
 * docs/decisions/0093-private-embedded-database.md).
 */
async function connectAsNobody(targets: Target[]): Promise<Attempt[]> {
  const script = `
    const net = require('node:net');
    (async () => {
      const attempts = [];
      for (const { target, options } of JSON.parse(process.env.TARGETS)) {
        attempts.push(
          await new Promise((resolve) => {
            const socket = net.connect(options);
            socket.setTimeout(5000, () => {
              socket.destroy();
              resolve({ target, connected: false, code: 'ETIMEDOUT' });
            });
            socket.once('connect', () => {
              socket.destroy();
              resolve({ target, connected: true });
            });
            socket.once('error', (error) => resolve({ target, connected: false, code: error.code }));
          }),
        );
      }
      process.stdout.write(JSON.stringify(attempts));
    })();
  `;
  const { stdout } = await promisify(execFile)(await nodeForNobody(), ['-e', script], {
    ...nobody(),
    cwd: '/',
    env: { PATH: process.env.PATH, TARGETS: JSON.stringify(targets) },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Attempt[];
}

/** Where a `postgres://` URL of `pg` leads: the Unix socket `<host dir>/.s.PGSQL.<port>`, or a TCP address. */
function targetOf(url: string): Target['options'] {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? parsed.hostname;
  const port = Number(parsed.searchParams.get('port') ?? parsed.port ?? 5432) || 5432;
  return host.startsWith('/') ? { path: join(host, `.s.PGSQL.${port}`) } : { host, port };
}

const asRoot = process.getuid?.() === 0;

/**
 * docs/decisions/0093-private-embedded-database.md: the embedded database answered any account of the machine on a
 * loopback TCP port with no password (`psql -h 127.0.0.1 -p <port> -U postgres` as `nobody` read every booking's name
 * and phone). It is started here as main.ts starts it (test/embedded-held-open.ts), and a client running as `nobody`
 * tries the way the API connects and every TCP port the process listens on, while the API's own connection and another
 * client of its account work.
 */
(asRoot || process.env.CI ? describe : describe.skip)(
  `the embedded database is private to its OS account${asRoot ? '' : ' (skipped: needs root to run a client as user nobody)'}`,
  () => {
    let dataDir: string;
    let child: ChildProcessWithoutNullStreams | undefined;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'linksite-private-'));
    });
    afterEach(() => {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses a client of another account, by the TCP port of old and by its socket, while its own account connects', async () => {
      const { DATABASE_URL: _server, ...inherited } = process.env;
      const running = spawn(
        process.execPath,
        ['-r', join(__dirname, '../../../build/register-swc.js'), join(__dirname, '../test/embedded-held-open.ts')],
        { env: { ...inherited, DATA_DIR: dataDir } },
      );
      child = running;
      let output = '';
      running.stdout.on('data', (chunk) => (output += chunk));
      running.stderr.on('data', (chunk) => (output += chunk));
      const deadline = Date.now() + 100_000;
      while (!/^READY .*$/m.test(output)) {
        if (running.exitCode !== null) throw new Error(`embedded database exited early:\n${output}`);
        if (Date.now() > deadline) throw new Error(`embedded database not ready in time:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ready = JSON.parse(/^READY (.*)$/m.exec(output)![1]!) as { url: string; logged: string[]; rows: unknown[] };
      expect(ready.rows).toEqual([]);

      const ports = listeningTcpPorts(running.pid!);
      const attempts = await connectAsNobody([
        { target: 'the URL the API connects with', options: targetOf(ready.url) },
        ...ports.map((port) => ({ target: `TCP 127.0.0.1:${port}`, options: { host: '127.0.0.1', port } })),
      ]);
      expect(attempts).toEqual([{ target: 'the URL the API connects with', connected: false, code: 'EACCES' }]);
      expect(ports).toEqual([]);
      // The socket lives in the owner-only data directory, and what the API logs names no TCP address to copy.
      expect(new URL(ready.url).searchParams.get('host')).toBe(dataDir);
      expect(ready.logged.join('\n')).not.toMatch(/127\.0\.0\.1|localhost/);

      // The same account still connects from another process (an administrator's psql, say).
      const owner = new Client({ connectionString: ready.url });
      await owner.connect();
      try {
        expect((await owner.query('SELECT name, phone FROM bookings')).rows).toEqual([]);
      } finally {
        await owner.end();
      }

      const stopped = new Promise((resolve) => running.once('exit', resolve));
      running.stdin.end();
      expect(await stopped).toBe(0);
      expect(output).toContain('STOPPED');
      expect(readdirSync(dataDir).sort()).toEqual(['pglite']);
    });
  },
);
