import { Client } from 'pg';

/**
 * The one fresh-database helper of the api integration specs and the e2e tests (e2e imports it from here).
 * Every database it creates lives on the real PostgreSQL server the tests use (ARCHITECTURE.md "Testing").
 */

/** Admin connection URL of the PostgreSQL server the tests use: DATABASE_URL (CI sets it), or the local server. */
export const testServerUrl = (): string => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database on the test server. */
export interface TestDatabase {
  /** `<prefix>_<pid>_<time>_<random>` */
  name: string;
  /** `postgres://…/<name>` */
  url: string;
  /** Drops it (connections still open are cut). */
  drop(): Promise<void>;
}

/** Runs `fn` on a short-lived connection to the test server's admin database. */
async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
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
 * a function that drops it. The api specs migrate it through createTestApp; a site the e2e tests start on it
 * migrates and seeds it on first start, as on a fresh install.
 * @param prefix start of the name, e.g. `linksite_e2e_links`; it must be a valid PostgreSQL identifier start.
 */
export async function createTestDatabase(prefix = 'linksite_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
