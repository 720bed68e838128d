/**
 * Child-process half of database/embedded-postgres.spec.ts: starts the embedded database in DATA_DIR,
 * runs the migrations, a transaction and a query, stops, and prints one JSON line of what it saw (the lock, the
 * socket and its directory, the modes of the data directory, its pglite directory, the lock and the socket while
 * running, the tables, a stored date).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { openDataSource } from '../database/run-migrations';
import { typeormOptions } from '../database/typeorm-options';

async function main(): Promise<void> {
  const embedded = await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR! });
  const lockWhileRunning = existsSync(embedded.lockFile);
  const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
  const dataDir = process.env.DATA_DIR!;
  const modesWhileRunning = {
    dataDir: mode(dataDir),
    pglite: mode(join(dataDir, 'pglite')),
    lock: mode(embedded.lockFile),
    socket: mode(embedded.socket),
    socketDirectory: mode(dirname(embedded.socket)),
  };
  const dataSource = await openDataSource(typeormOptions(embedded.url, true), true);
  const tables = await dataSource.query<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  await dataSource.transaction(async (manager) => {
    await manager.query(`INSERT INTO plans (title, startdate, enddate) VALUES ('t', '2026-11-20', '2026-11-21')`);
  });
  const [plan] = await dataSource.query<{ startdate: string }[]>(`SELECT startdate FROM plans`);
  await dataSource.destroy();
  await embedded.stop();
  const result = {
    lockWhileRunning,
    modesWhileRunning,
    lockAfterStop: existsSync(embedded.lockFile),
    socket: embedded.socket,
    socketAfterStop: existsSync(embedded.socket),
    socketDirectoryAfterStop: existsSync(dirname(embedded.socket)),
    tables: tables.map((t) => t.table_name),
    startdate: plan?.startdate,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
