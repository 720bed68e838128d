import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '../test/test-database';
import { openDataSource, PendingMigrationsError } from './run-migrations';
import { migrations, typeormOptions } from './typeorm-options';

/** The names of every migration, in order. */
const ALL = migrations.map((Migration) => new Migration().name);

jest.setTimeout(60_000);

/** Migrations at API start (MIGRATIONS_RUN) on fresh databases of the test server. */
describe('openDataSource', () => {
  let database: TestDatabase;
  const opened: DataSource[] = [];
  const open = async (migrationsRun: boolean) => {
    const dataSource = await openDataSource(typeormOptions(database.url), migrationsRun);
    opened.push(dataSource);
    return dataSource;
  };
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const dataSource of opened.splice(0)) await dataSource.destroy();
    await database.drop();
  });

  it('two API copies starting at once on an empty database: both start, the migrations run once', async () => {
    const [a] = await Promise.all([open(true), open(true), open(true)]);
    expect(await a!.query('SELECT name FROM migrations ORDER BY id')).toEqual(ALL.map((name) => ({ name })));
  });

  it('MIGRATIONS_RUN=false: refuses a database with a pending migration, without touching it', async () => {
    const error = await open(false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PendingMigrationsError);
    expect((error as PendingMigrationsError).pending).toEqual(ALL);
    expect((error as Error).message).toContain('node api/dist/database/migrate-command.js');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      expect(
        (await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).rows,
      ).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('MIGRATIONS_RUN=false: starts on a migrated database', async () => {
    await open(true);
    await expect(open(false)).resolves.toBeInstanceOf(DataSource);
  });
});
