import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { messages } from '../common/messages';
import { EMBEDDED_MAX_CONNECTIONS } from './typeorm-options';

/** A running embedded PostgreSQL (PGlite over the wire protocol). */
export interface EmbeddedPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` for pg / TypeORM. */
  url: string;
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
 * Starts PGlite with its files in `<dataDir>/pglite`, served on 127.0.0.1:`port` (0 = any free port)
 * by PGLiteSocketServer (ARCHITECTURE.md "Data").
 * The server multiplexes connections but runs one query at a time, so callers keep their pool below
 * EMBEDDED_MAX_CONNECTIONS and use only the transaction's EntityManager inside a transaction.
 * @throws EmbeddedDatabaseLockedError when `<dataDir>/pglite.lock` names a live process.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.dataDir, { recursive: true });
  const lockFile = join(options.dataDir, 'pglite.lock');
  acquireLock(lockFile, log);

  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  const releaseOnExit = () => releaseLock(lockFile);
  process.once('exit', releaseOnExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await server?.stop();
      if (db && !db.closed) await db.close();
    } finally {
      releaseLock(lockFile);
      process.removeListener('exit', releaseOnExit);
    }
  };

  try {
    const pgliteDir = join(options.dataDir, 'pglite');
    log(messages.embeddedStarting(pgliteDir));
    db = await PGlite.create({ dataDir: pgliteDir });
    server = new PGLiteSocketServer({
      db,
      host: '127.0.0.1',
      port: options.port ?? 0,
      maxConnections: EMBEDDED_MAX_CONNECTIONS,
    });
    await server.start();
    const url = `postgres://postgres@${server.getServerConn()}/postgres`;
    log(messages.embeddedStarted(url));
    return { url, lockFile, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
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
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
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
