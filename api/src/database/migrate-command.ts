import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { messages } from '../common/messages';
import { loadConfig } from '../config/app-config';
import { resolveDatabase } from './resolve-database';
import { runPendingMigrations } from './run-migrations';
import { typeormOptions } from './typeorm-options';

/**
 * `npm run migrate -w @linksite/api` / `node api/dist/database/migrate-command.js`: the one-shot step
 * that brings the schema to this build's version before the API replicas start (docker-compose.yml
 * service `migrate`; the replicas run with MIGRATIONS_RUN=false).
 * Connects to DATABASE_URL (or starts the embedded database in DATA_DIR; stop the API first, it holds
 * the lock), applies the pending migrations in one transaction under the PostgreSQL advisory lock of
 * run-migrations.ts (two copies started at once: one applies, the other waits and finds nothing
 * pending), prints what ran, exits 0. Never seeds. Any failure: the reason on stderr, exit code 1,
 * and nothing half-applied (the transaction rolls back).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config, (line) => console.log(line));
  const dataSource = new DataSource(typeormOptions(database.url, database.embedded !== undefined));
  try {
    await dataSource.initialize();
    const ran = await runPendingMigrations(dataSource, (line) => console.log(line));
    console.log(ran.length > 0 ? messages.migrationsRan(ran) : messages.migrationsNonePending);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(messages.migrateFailed(error instanceof Error ? error.message : String(error)));
    process.exit(1);
  },
);
