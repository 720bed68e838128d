import { DataSource } from 'typeorm';
import { runPendingMigrations } from '../database/run-migrations';
import { typeormOptions } from '../database/typeorm-options';
import {
  databaseExists,
  dropTemplateDatabase,
  migrationsHash,
  TEMPLATE_DATABASE_ENV,
  TEMPLATE_DATABASE_PREFIX,
  testDatabaseUrl,
  testServerUrl,
  withAdmin,
} from './test-database';

/** Templates of other migration sets kept besides the current one: a run started before a migration changed may still clone one. */
const OLDER_TEMPLATES_KEPT = 2;

/**
 * jest `globalSetup` of the api project, as Immich's server/test/medium/globalSetup.ts: migrates ONE database from zero,
 * `linksite_template_<hash of the migrations>`, and names it in LINKSITE_TEST_TEMPLATE_DATABASE, which the test
 * workers inherit. Each integration spec's database is then `CREATE DATABASE … TEMPLATE` of it (a file copy, tens of
 * milliseconds) instead of the same thirteen migrations again (test-database.ts createMigratedTestDatabase).
 *
 * - Kept between runs and shared by concurrent runs: it is rebuilt only when a file of `api/src/database/migrations/`
 *   or `typeorm-options.ts` (the list) changes, which changes its name.
 * - Built under a temporary name, then renamed: a concurrent run sees the finished template or none. If two build at
 *   once, the second rename fails and that run uses the first one's.
 * - Marked IS_TEMPLATE and ALLOW_CONNECTIONS false: nobody can connect to it, so CREATE DATABASE … TEMPLATE never
 *   fails with "source database is being accessed by other users", and no spec can change it.
 * Specs that test migrations themselves (run-migrations, upgrade, production) keep creating empty databases.
 * Takes about 0.2 s when the template exists, 1–2 s when it is built. Without a PostgreSQL server (connection refused)
 * it warns and sets nothing, so unit specs still run.
 */
export default async function globalSetup(): Promise<void> {
  const name = `${TEMPLATE_DATABASE_PREFIX}${migrationsHash()}`;
  try {
    if (!(await databaseExists(name))) await buildTemplate(name);
  } catch (error) {
    // No server: unit specs still run; each integration spec fails on its own connection, saying so.
    if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
    console.warn(`api globalSetup: no PostgreSQL at ${testServerUrl()}, so no template database (${String(error)})`);
    return;
  }
  await pruneOlderTemplates(name);
  process.env[TEMPLATE_DATABASE_ENV] = name;
}

/** Migrates `<name>_build_<pid>` from zero, closes every connection to it, marks it a template and renames it `name`. */
async function buildTemplate(name: string): Promise<void> {
  const building = `${name}_build_${process.pid}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${building}"`));
  try {
    const dataSource = new DataSource(typeormOptions(testDatabaseUrl(building)));
    await dataSource.initialize();
    try {
      await runPendingMigrations(dataSource);
    } finally {
      await dataSource.destroy();
    }
    await withAdmin(async (client) => {
      await client.query(`ALTER DATABASE "${building}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    });
  } catch (error) {
    await dropTemplateDatabase(building);
    // Another run finished the same template first: use that one.
    if (!(await databaseExists(name))) throw error;
  }
}

/**
 * Drops templates of other migration sets but the newest OLDER_TEMPLATES_KEPT (by OID, which grows with each
 * CREATE DATABASE), and half-built ones whose process is gone.
 */
async function pruneOlderTemplates(current: string): Promise<void> {
  const rows = await withAdmin(
    async (client) =>
      (
        await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2 ORDER BY oid DESC`,
          [`${TEMPLATE_DATABASE_PREFIX}%`, current],
        )
      ).rows,
  );
  const finished = rows.filter((row) => !row.datname.includes('_build_'));
  const abandoned = rows.filter((row) => {
    const pid = Number(/_build_(\d+)$/.exec(row.datname)?.[1]);
    return pid > 0 && !isAlive(pid);
  });
  for (const { datname } of [...finished.slice(OLDER_TEMPLATES_KEPT), ...abandoned]) {
    await dropTemplateDatabase(datname).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
