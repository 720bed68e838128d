import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { Clock, FixedClock } from '../common/clock';
import { loadConfig } from '../config/app-config';
import { configureApp } from '../configure-app';

/** The PostgreSQL server tests use: DATABASE_URL, or the local server (ARCHITECTURE.md "Testing"). */
export const testServerUrl = (): string => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The real app on a fresh database of its own, with a fixed clock. */
export interface TestApp {
  app: NestExpressApplication;
  dataSource: DataSource;
  clock: FixedClock;
  databaseName: string;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the test server. */
export interface TestDatabase {
  name: string;
  /** `postgres://…/<name>` */
  url: string;
  /** Drops it (connections still open are cut). */
  drop(): Promise<void>;
}

/** Creates `linksite_test_<pid>_<time>_<random>` on the test server (ARCHITECTURE.md "Testing"). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `linksite_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Creates a fresh database (createTestDatabase), boots AppModule with the same wiring as
 * main.ts (configureApp), migrations included, and fixes "now" at `now`. The caller seeds if it wants.
 * @param env extra environment for loadConfig, e.g. `{ OIDC_ISSUER: testIssuer.issuer }`.
 */
export async function createTestApp(now: Date, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new FixedClock(now);
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(loadConfig({ SEED_ON_EMPTY: 'false', ...env }), { url: database.url, embedded: false })],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error', 'warn'] });
  configureApp(app);
  await app.init();
  return {
    app,
    dataSource: app.get(DataSource),
    clock,
    databaseName: database.name,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
