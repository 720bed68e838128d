import { chmodSync, mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
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
 * PGlite is one PostgreSQL session and the socket server queues each protocol message on its own, so two connections
 * that use the extended protocol at once break each other (issue 15 item 4(0)): callers use ONE connection
 * (EMBEDDED_POOL_SIZE, typeorm-options.ts) and only the transaction's EntityManager inside a transaction. The
 * server accepts up to EMBEDDED_MAX_CONNECTIONS so a pool replacing its connection is never refused.
 * @throws EmbeddedDatabaseLockedError when `<dataDir>/pglite.lock` names a live process.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(options.dataDir, 0o700);
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
    // PGlite's file system layer creates its files 0666 whatever the umask (issue 15: 968 of 1,011 files).
    restrictToOwner(pgliteDir);
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

/**
 * Makes `root` and everything under it owner-only: directories 0700, files 0600 (issue 15 Build 6). Files PGlite
 * creates while running get its 0666, but inside a 0700 directory no one else can reach them; the next stop or
 * start narrows them too. Symbolic links are left alone; a missing `root` is not an error.
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
