import { Client } from 'pg';
import { migrations } from '../database/typeorm-options';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  migrationsHash,
  TEMPLATE_DATABASE_ENV,
  TEMPLATE_DATABASE_PREFIX,
  testServerUrl,
  type TestDatabase,
} from './test-database';

/** The names of every migration, in order. */
const ALL = migrations.map((Migration) => new Migration().name);

/** Runs one query on a short-lived connection to `url`. */
async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The api project's template database (test/global-setup.ts): migrated once per migration set, copied by every
 * integration spec's createTestApp, never connectable; the specs of the migrations themselves still get empty ones.
 */
describe('the migrated template of the api integration specs', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('is named by the hash of the migrations, is a template and takes no connection', async () => {
    const template = process.env[TEMPLATE_DATABASE_ENV];
    expect(template).toBe(`${TEMPLATE_DATABASE_PREFIX}${migrationsHash()}`);
    expect(
      await query(testServerUrl(), 'SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1', [
        template,
      ]),
    ).toEqual([{ datistemplate: true, datallowconn: false }]);
  });

  it('createMigratedTestDatabase: a copy with every migration applied, which a spec may change on its own', async () => {
    const [a, b] = [await createMigratedTestDatabase(), await createMigratedTestDatabase()];
    databases.push(a, b);
    expect(await query(a.url, 'SELECT name FROM migrations ORDER BY id')).toEqual(ALL.map((name) => ({ name })));
    await query(a.url, `INSERT INTO administrators (sub, name) VALUES ('a-only', '관리자')`);
    expect(await query(a.url, 'SELECT sub FROM administrators')).toEqual([{ sub: 'a-only' }]);
    expect(await query(b.url, 'SELECT sub FROM administrators')).toEqual([]);
  });

  it('createTestDatabase: still an empty database, for the specs that migrate from zero', async () => {
    const empty = await createTestDatabase();
    databases.push(empty);
    expect(await query(empty.url, `SELECT to_regclass('public.migrations') AS migrations`)).toEqual([
      { migrations: null },
    ]);
  });
});
