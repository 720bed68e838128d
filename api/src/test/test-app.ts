import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { Clock, FixedClock, WallClock } from '../common/clock';
import { loadConfig } from '../config/app-config';
import { configureApp } from '../configure-app';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue';
import { createOpenApiDocument } from '../openapi/openapi-document';
import { checkAnswersAgainstContract, type ContractViolation } from './contract-check';
import { createMigratedTestDatabase, type TestDatabase } from './test-database';
import type { DestinationStream } from 'pino';
import { LOG_DESTINATION } from '../logging/logging.module';

/** The real app on a fresh database of its own, with a fixed clock. */
export interface TestApp {
  app: NestExpressApplication;
  dataSource: DataSource;
  clock: FixedClock;
  databaseName: string;
  /** Every JSON answer so far that its OpenAPI document does not describe (test/contract-check.ts). */
  contractViolations: ContractViolation[];
  /** Closes the app and drops its database; then fails if any answer broke the contract. */
  close(): Promise<void>;
}

/**
 * Rate limits out of the way of specs that send hundreds of requests from one address in a minute; the rate-limit
 * spec (rate-limit/rate-limit.int.spec.ts) sets its own.
 */
const UNLIMITED = {
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
  RATE_LIMIT_INGEST_PER_MINUTE: '1000000',
  RATE_LIMIT_BOOKING_PER_MINUTE: '1000000',
};

/**
 * Creates a fresh migrated database (test-database.ts createMigratedTestDatabase: a copy of the template the api
 * project's globalSetup migrated once), boots AppModule on it with the same wiring as main.ts (configureApp), its
 * start-up migration step included (it finds nothing pending, or migrates an empty `database`), and fixes "now" at
 * `now`. The caller seeds if it wants.
 * Every JSON answer is checked against the app's OpenAPI document; `close()` fails when one did not match.
 * @param env extra environment for loadConfig, e.g. `{ OIDC_ISSUER: testIssuer.issuer }`.
 * Logs: only warnings and errors (LOG_LEVEL=warn unless `env` says otherwise), as JSON lines on stdout.
 * @param database a database to boot on instead of a fresh one (it is dropped by `close()` all the same).
 * @param logDestination where the log lines go instead of stdout, for specs that read them.
 * @param shape `{ embedded: true }`: boot as on the embedded database (one pool connection shared by lanes, no
 *   invalidation channel: typeorm-options.ts, database/embedded-pool.ts), on this PostgreSQL server.
 */
export async function createTestApp(
  now: Date,
  env: NodeJS.ProcessEnv = {},
  given?: TestDatabase,
  logDestination?: DestinationStream,
  shape: { embedded?: boolean } = {},
): Promise<TestApp> {
  const database = given ?? (await createMigratedTestDatabase());
  const clock = new FixedClock(now);
  let builder = Test.createTestingModule({
    imports: [
      AppModule.forRoot(loadConfig({ SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn', ...UNLIMITED, ...env }), {
        url: database.url,
        embedded: shape.embedded ?? false,
      }),
    ],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .overrideProvider(WallClock)
    .useValue(clock);
  if (logDestination) builder = builder.overrideProvider(LOG_DESTINATION).useValue(logDestination);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error', 'warn'] });
  await configureApp(app);
  const contractViolations = checkAnswersAgainstContract(app, createOpenApiDocument(app));
  await app.init();
  return {
    app,
    dataSource: app.get(DataSource),
    clock,
    databaseName: database.name,
    contractViolations,
    close: async () => {
      await app.close();
      await database.drop();
      if (contractViolations.length > 0) {
        throw new Error(
          `answers the OpenAPI document does not describe:\n${JSON.stringify(contractViolations, null, 2)}`,
        );
      }
    },
  };
}

/**
 * createTestApp with the demo catalogue loaded (`seedDemoCatalogue` on the app's clock): 24+ links with their own
 * images, plans around `now`, a cover. For specs that read what a fresh site shows.
 */
export async function createSeededTestApp(now: Date, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const t = await createTestApp(now, env);
  await seedDemoCatalogue(t.dataSource, t.clock);
  return t;
}
