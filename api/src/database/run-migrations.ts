import { DataSource, DataSourceOptions, MigrationExecutor, QueryRunner } from 'typeorm';
import { messages } from '../common/messages';
import { ADVISORY_LOCKS } from './advisory-locks';

/** Key of the session-level advisory lock held while migrations are checked or run (database/advisory-locks.ts). */
const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.migrations;

/** The npm script and the plain command that apply the migrations (named in error messages). */
export const MIGRATE_COMMAND = 'node api/dist/database/migrate-command.js (npm run migrate -w @linksite/api)';

/** The database has migrations this build knows but has not applied, and this process may not run them. */
export class PendingMigrationsError extends Error {
  override name = 'PendingMigrationsError';
  constructor(readonly pending: string[]) {
    super(messages.migrationsPending(pending, MIGRATE_COMMAND));
  }
}

/**
 * Runs `fn` on one connection holding the migration advisory lock, so two processes starting at once
 * on an empty database (the one-shot migrate command, API replicas with MIGRATIONS_RUN=true, the seed
 * command) never run the migrations twice: the second waits, then finds nothing pending.
 * The lock is session-level (not transaction-level) because TypeORM opens and commits its own
 * migration transaction on the same connection; it is released in `finally`, and by PostgreSQL if
 * the process dies. On the embedded server every connection shares PGlite's one session, where the
 * lock is re-entrant and there is only one process anyway (its lock file).
 * @param log called once when another process holds the lock and this one waits.
 */
export async function withMigrationLock<T>(
  dataSource: DataSource,
  fn: (queryRunner: QueryRunner) => Promise<T>,
  log: (line: string) => void = () => undefined,
): Promise<T> {
  const queryRunner = dataSource.createQueryRunner();
  try {
    await queryRunner.connect();
    const [{ locked }] = (await queryRunner.query('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
      MIGRATION_LOCK_KEY,
    ])) as [{ locked: boolean }];
    if (!locked) {
      log(messages.migrationLockWaiting);
      await queryRunner.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
    try {
      return await fn(queryRunner);
    } finally {
      await queryRunner.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await queryRunner.release();
  }
}

/**
 * Applies every pending migration, all in one transaction, under the migration lock.
 * @returns the names of the migrations that ran, in order; `[]` when the schema was current.
 */
export async function runPendingMigrations(dataSource: DataSource, log?: (line: string) => void): Promise<string[]> {
  return withMigrationLock(
    dataSource,
    async (queryRunner) => {
      const executor = new MigrationExecutor(dataSource, queryRunner);
      executor.transaction = 'all';
      const ran = await executor.executePendingMigrations();
      return ran.map((migration) => migration.name);
    },
    log,
  );
}

/**
 * Names of the migrations this build has and the database has not applied. Read-only (unlike
 * `dataSource.showMigrations()`, which creates the migrations table and prints to the console).
 */
export async function pendingMigrations(dataSource: DataSource, queryRunner?: QueryRunner): Promise<string[]> {
  const pending = await new MigrationExecutor(dataSource, queryRunner).getPendingMigrations();
  return pending.map((migration) => migration.name);
}

/**
 * Brings a connected DataSource's schema to this build's version, or proves it already is:
 * `migrationsRun` true runs the pending migrations under the lock (MIGRATIONS_RUN, the default for
 * `npm start`); false only checks, under the same lock so a migrate command still running is waited
 * for, and refuses to continue when anything is pending (API replicas of docker-compose.yml).
 * @throws PendingMigrationsError when `migrationsRun` is false and a migration is pending.
 */
export async function prepareSchema(
  dataSource: DataSource,
  migrationsRun: boolean,
  log?: (line: string) => void,
): Promise<void> {
  if (migrationsRun) {
    await runPendingMigrations(dataSource, log);
    return;
  }
  const pending = await withMigrationLock(dataSource, (queryRunner) => pendingMigrations(dataSource, queryRunner), log);
  if (pending.length > 0) throw new PendingMigrationsError(pending);
}

/**
 * Creates and connects a DataSource, then prepareSchema. TypeORM's own `migrationsRun` stays off
 * (typeorm-options.ts) because it takes no lock. On failure the pool is closed before rethrowing,
 * so a retry (TypeOrmModule retries a failed connection) does not leak connections.
 */
export async function openDataSource(
  options: DataSourceOptions,
  migrationsRun: boolean,
  log?: (line: string) => void,
): Promise<DataSource> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    await prepareSchema(dataSource, migrationsRun, log);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}
