import path from 'node:path';
import './pg-types';
import type { DataSourceOptions } from 'typeorm';
import { Administrator } from '../admins/administrator.entity';
import { Cover } from '../cover/cover.entity';
import { ImageVariant } from '../images/image-variant.entity';
import { Image } from '../images/image.entity';
import { Link } from '../links/link.entity';
import { Plan } from '../plans/plan.entity';
import { PopupSlot } from '../popups/popup-slot.entity';
import { embeddedDriver } from './embedded-pool';
import { readMigrations } from './migration-files';

export const entities = [Link, Plan, PopupSlot, Image, ImageVariant, Cover, Administrator];
/** Every migration, in the order they run: each file of `migrations/` (migration-files.ts). */
export const migrations = readMigrations(path.join(__dirname, 'migrations'));

/**
 * TypeORM options shared by the app, the seed command, the CLI data source and the tests.
 * Migrations only (`synchronize` off, ARCHITECTURE.md "Data"). TypeORM's own `migrationsRun` stays off because
 * it takes no lock: run-migrations.ts applies them under a PostgreSQL advisory lock (`openDataSource`, the
 * migrate command).
 * @param embedded the embedded PGlite server is ONE PostgreSQL session behind a socket server, so the pool holds one
 * connection, kept open (docs/decisions/0044-survivable-faults.md(0); database/embedded-postgres.ts explains why more
 * break it), and is an
 * EmbeddedPool (embedded-pool.ts), which gives it to writes and reads in turn
 * (docs/decisions/0091-responsive-embedded-default.md).
 */
export function typeormOptions(url: string, embedded = false): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    extra: embedded
      ? { max: EMBEDDED_POOL_SIZE, idleTimeoutMillis: 0 }
      : { max: 10, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS },
    // Writes take turns with reads for the one connection instead of queueing behind them
    // (docs/decisions/0091-responsive-embedded-default.md).
    ...(embedded ? { driver: embeddedDriver } : {}),
  };
}

/**
 * Pool size on the embedded server: one. Several connections interleave their extended-protocol messages (Parse,
 * Bind, Execute, Sync are queued one by one by @electric-sql/pglite-socket 0.2.17) on PGlite's single session, so one
 * connection's Bind or Sync drops another's unnamed statement or portal: `portal "" does not exist` under concurrent
 * requests (docs/decisions/0044-survivable-faults.md(0)). With one connection pg queues the queries in the API process
 * instead; PGlite ran one query at a time anyway. Inside a transaction use only its EntityManager: a second connection
 * would wait for the first forever. Its socket server allows EMBEDDED_MAX_CONNECTIONS, so a replaced connection never
 * races the old one's close.
 */
export const EMBEDDED_POOL_SIZE = 1;

/**
 * How long a new pool connection to PostgreSQL may take, in milliseconds, before the query fails as "database
 * unavailable" (503, database/database-unavailable.ts) instead of waiting for ever on a server that does not answer.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;
export const EMBEDDED_MAX_CONNECTIONS = 10;
