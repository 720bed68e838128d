import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { messages } from '../common/messages';
import { EMBEDDED_MAX_CONNECTIONS } from './typeorm-options';

/** A running embedded PostgreSQL (PGlite over the wire protocol, on a Unix socket only its OS account reaches). */
export interface EmbeddedPostgres {
  /** `postgres:///postgres?user=postgres&host=<socket directory>&port=5432` for pg / TypeORM (and psql). */
  url: string;
  /** The socket file, `<socket directory>/.s.PGSQL.5432`: normally `<dataDir>/.s.PGSQL.5432`. */
  socket: string;
  /** The lock file held while running: `<dataDir>/pglite.lock`. */
  lockFile: string;
  /** Stops the socket server, closes PGlite and removes the lock. Safe to call twice. */
  stop(): Promise<void>;
}

/** Another live process holds the embedded database. The message is Korean + English and names the lock. */
export class EmbeddedDatabaseLockedError extends Error {
  override name = 'EmbeddedDatabaseLockedError';
}

/**
 * The port in the socket file's name. libpq and pg look for `<host>/.s.PGSQL.<port>` when the host is a directory,
 * so with 5432 (their default) `psql -h <dataDir> -U postgres` finds it too. Nothing listens on a TCP port.
 */
const SOCKET_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;

/**
 * Longest socket path, in bytes, that binds whole on Linux (sun_path holds 108 with its NUL) and macOS (104). Node
 * does not refuse a longer one: it binds the path cut short, which could land outside the data directory.
 */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Starts PGlite with its files in `<dataDir>/pglite`, served by PGLiteSocketServer on the Unix socket
 * `<dataDir>/.s.PGSQL.5432` (ARCHITECTURE.md "Data"). The data directory is made 0700 and the socket 0600, so only
 * the account running this process connects: no TCP port, no password to leak
 * (docs/decisions/0093-private-embedded-database.md; on 127.0.0.1 any account of the machine read every booking). A
 * data directory too deep for a socket path puts the socket in a fresh 0700 directory under the system's temporary
 * directory instead, removed at stop. PGlite is one PostgreSQL session and the socket server queues each protocol
 * message on its own, so two connections that use the extended protocol at once break each other
 * (docs/decisions/0044-survivable-faults.md(0)): callers use ONE connection (EMBEDDED_POOL_SIZE, typeorm-options.ts)
 * and only the transaction's EntityManager inside a transaction. The server accepts up to EMBEDDED_MAX_CONNECTIONS so a
 * pool replacing its connection is never refused.
 * @throws EmbeddedDatabaseLockedError when `<dataDir>/pglite.lock` names a live process.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(options.dataDir, 0o700);
  const lockFile = join(options.dataDir, 'pglite.lock');
  acquireLock(lockFile, log);

  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  let socketDirectory: { path: string; temporary: boolean } | undefined;
  const releaseOnExit = () => releaseLock(lockFile);
  process.once('exit', releaseOnExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      // Closing the server removes its socket file.
      await server?.stop();
      if (db && !db.closed) await db.close();
    } finally {
      if (socketDirectory?.temporary) rmSync(socketDirectory.path, { recursive: true, force: true });
      restrictToOwner(join(options.dataDir, 'pglite'));
      releaseLock(lockFile);
      process.removeListener('exit', releaseOnExit);
    }
  };

  try {
    const pgliteDir = join(options.dataDir, 'pglite');
    log(messages.embeddedStarting(pgliteDir));
    mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
    db = await PGlite.create({ dataDir: pgliteDir });
    // PGlite's file system layer creates its files 0666 whatever the umask
    // (docs/decisions/0040-trusted-under-attack.md: 968 of 1,011 files).
    restrictToOwner(pgliteDir);
    socketDirectory = privateSocketDirectory(options.dataDir, log);
    const socket = join(socketDirectory.path, SOCKET_FILE);
    removeStaleSocket(socket);
    server = new PGLiteSocketServer({ db, path: socket, maxConnections: EMBEDDED_MAX_CONNECTIONS });
    await server.start();
    // The 0700 directory already keeps everyone else out; the socket itself gets no more than its owner too.
    chmodSync(socket, 0o600);
    const url = `postgres:///postgres?user=postgres&host=${encodeURIComponent(socketDirectory.path)}&port=${SOCKET_PORT}`;
    log(messages.embeddedStarted(socket));
    return { url, socket, lockFile, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * Where the socket goes: the data directory (0700) when `<dataDir>/.s.PGSQL.5432` fits MAX_SOCKET_PATH_BYTES,
 * otherwise a new directory from mkdtemp (0700) under the system's temporary directory, to be removed at stop.
 * @throws Error when neither fits.
 */
function privateSocketDirectory(dataDir: string, log: (line: string) => void): { path: string; temporary: boolean } {
  if (Buffer.byteLength(join(dataDir, SOCKET_FILE)) <= MAX_SOCKET_PATH_BYTES)
    return { path: dataDir, temporary: false };
  const path = mkdtempSync(join(tmpdir(), 'linksite-db-'));
  chmodSync(path, 0o700);
  if (Buffer.byteLength(join(path, SOCKET_FILE)) > MAX_SOCKET_PATH_BYTES) {
    rmSync(path, { recursive: true, force: true });
    throw new Error(messages.embeddedSocketPathTooLong(join(dataDir, SOCKET_FILE), MAX_SOCKET_PATH_BYTES));
  }
  log(messages.embeddedSocketElsewhere(path, MAX_SOCKET_PATH_BYTES));
  return { path, temporary: true };
}

/** Removes the socket file a killed process left behind (we hold the lock, so no live server owns it). */
function removeStaleSocket(socket: string): void {
  try {
    if (lstatSync(socket).isSocket()) unlinkSync(socket);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Makes `root` and everything under it owner-only: directories 0700, files 0600
 * (docs/decisions/0046-serve-and-supervise.md). Files PGlite creates while running get its 0666, but inside a 0700
 * directory no one else can reach them; the next stop or start narrows them too. Symbolic links are left alone; a
 * missing `root` is not an error.
 */
export function restrictToOwner(root: string): void {
  const directories = [root];
  try {
    chmodSync(root, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  while (directories.length > 0) {
    const directory = directories.pop()!;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        chmodSync(path, 0o700);
        directories.push(path);
      } else if (entry.isFile()) {
        chmodSync(path, 0o600);
      }
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock with our pid; takes over a stale lock whose process is gone. */
function acquireLock(lockFile: string, log: (line: string) => void): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new EmbeddedDatabaseLockedError(messages.embeddedLocked(lockFile, pid));
    }
    log(messages.embeddedStaleLock(lockFile, pid));
    unlinkSync(lockFile);
  }
  throw new EmbeddedDatabaseLockedError(messages.embeddedLocked(lockFile, -1));
}

/** Removes the lock if it is still ours. */
function releaseLock(lockFile: string): void {
  try {
    if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) unlinkSync(lockFile);
  } catch {
    // already gone
  }
}
