import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * The one fresh-database helper of the api integration specs and the e2e tests (e2e imports it from here).
 * Every database it creates lives on the real PostgreSQL server the tests use (ARCHITECTURE.md "Testing").
 */

/** Admin connection URL of the PostgreSQL server the tests use: DATABASE_URL (CI sets it), or the local server. */
export const testServerUrl = (): string => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the test server: empty (createTestDatabase) or migrated (createMigratedTestDatabase). */
export interface TestDatabase {
  /** `<prefix>_<pid>_<time>_<random>` */
  name: string;
  /** `postgres://…/<name>` */
  url: string;
  /** Drops it (connections still open are cut). */
  drop(): Promise<void>;
}

/** `postgres://…/<name>`: the URL of database `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` on a short-lived connection to the test server's admin database. */
export async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the empty database `<prefix>_<pid>_<time>_<random>` on the test server and returns its name, URL and
 * a function that drops it. For specs of the migrations themselves (they run them from zero) and for the sites the
 * e2e tests start, which migrate and seed it on first start, as on a fresh install; createTestApp's own database is
 * a migrated copy instead (createMigratedTestDatabase).
 * @param prefix start of the name, e.g. `linksite_e2e_links`; it must be a valid PostgreSQL identifier start.
 */
export async function createTestDatabase(prefix = 'linksite_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  return testDatabase(name);
}

/** The handle of database `name`, which exists: its URL and a drop that cuts connections still open. */
function testDatabase(name: string): TestDatabase {
  return {
    name,
    url: testDatabaseUrl(name),
    drop: async () => {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * Environment variable naming the migrated template database of this jest run (set by the api project's
 * globalSetup, test/global-setup.ts; the test workers inherit it).
 */
export const TEMPLATE_DATABASE_ENV = 'LINKSITE_TEST_TEMPLATE_DATABASE';

/** Start of the template databases' names: `linksite_template_<migrationsHash()>`. */
export const TEMPLATE_DATABASE_PREFIX = 'linksite_template_';

/** Folder of the migrations and the file that lists them, whose bytes key the template (migrationsHash). */
const DATABASE_DIR = join(__dirname, '..', 'database');

/**
 * The first 16 hex digits of a SHA-256 over every file of `api/src/database/migrations/` (names and bytes, sorted by
 * name) and `typeorm-options.ts` (the migrations' list): a different value whenever a migration is added, removed or
 * edited, so a template migrated by an older tree is never cloned.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const migrationsDir = join(DATABASE_DIR, 'migrations');
  const files = readdirSync(migrationsDir)
    .sort()
    .map((file) => join(migrationsDir, file));
  for (const file of [...files, join(DATABASE_DIR, 'typeorm-options.ts')]) {
    hash.update(file.slice(DATABASE_DIR.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh database with every migration applied: `CREATE DATABASE <prefix>_… TEMPLATE <the run's template>`, the
 * template the api and e2e projects' globalSetup migrated once (test/global-setup.ts, build/jest/build-site.js).
 * Outside them (no LINKSITE_TEST_TEMPLATE_DATABASE: the bench) it is an empty database, which the app migrates on
 * start as before. Same handle and name pattern as createTestDatabase.
 * @throws when the template named does not exist (the globalSetup did not run on this server).
 */
export async function createMigratedTestDatabase(prefix = 'linksite_test'): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) return createTestDatabase(prefix);
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return testDatabase(name);
}

/** Whether database `name` exists on the test server. */
export async function databaseExists(name: string): Promise<boolean> {
  return withAdmin(
    async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
}

/** Drops a template database (its IS_TEMPLATE flag cleared first, as PostgreSQL requires); no error when absent. */
export async function dropTemplateDatabase(name: string): Promise<void> {
  if (!(await databaseExists(name))) return;
  await withAdmin(async (client) => {
    await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}
