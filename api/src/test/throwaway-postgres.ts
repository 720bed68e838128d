import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stablePort } from './stable-ports';

/**
 * A PostgreSQL cluster of its own for a fault test (docs/decisions/0044-survivable-faults.md (a)), so the test may stop
 * and restart it without touching the machine's shared server: `initdb` into a temporary folder, `pg_ctl` on a free
 * port of 127.0.0.1 with its socket in that folder, trust authentication for `postgres`. As root (initdb refuses root)
 * every command runs as the `postgres` system user through `runuser`, and the folder is given to that user.
 */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: open sessions get 57P01, the server is down until it is back up (waits for it). */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`; waits until it is down. */
  stop(): Promise<void>;
  /** `pg_ctl start`; waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/**
 * Folder of the PostgreSQL programs: PG_BIN_DIR, else the newest Debian `/usr/lib/postgresql/<major>/bin` with an
 * initdb (the machine's server is 15; CI starts whichever /etc/postgresql names).
 */
const binDir =
  process.env.PG_BIN_DIR ??
  (existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((major) => /^\d+$/.test(major) && existsSync(`/usr/lib/postgresql/${major}/bin/initdb`))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => `/usr/lib/postgresql/${major}/bin`)[0]
    : undefined) ??
  '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL program, as the `postgres` user when this process is root. */
function run(program: string, args: string[]): string {
  const file = join(binDir, program);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Creates and starts a throwaway cluster (a few seconds: initdb, then start). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'linksite-pg-'));
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  // Restarted on the same port: outside the ephemeral range, so no client connection takes it while it is down.
  const port = await stablePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), ...args]);
  pgCtl('-o', options, '-w', 'start');
  let removed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => void pgCtl('-o', options, '-m', 'fast', '-w', 'restart'),
    stop: async () => void pgCtl('-m', 'fast', '-w', 'stop'),
    start: async () => void pgCtl('-o', options, '-w', 'start'),
    remove: async () => {
      if (removed) return;
      removed = true;
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
