import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { openDataSource, PendingMigrationsError } from './run-migrations';
import { typeormOptions } from './typeorm-options';

/**
 * TypeORM's module on `url` (typeorm-options.ts; `embedded`: the one-session PGlite server). When it connects, the
 * pending migrations run under the migration lock (`migrationsRun` true) or their presence refuses the start (false:
 * the API with MIGRATIONS_RUN=false, the ingest process always). A pending migration is not retried like a refused
 * connection: it stops the start at once with PendingMigrationsError. Shared by AppModule and IngestModule.
 */
export function connectModule(url: string, embedded: boolean, migrationsRun: boolean): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: () => ({
      ...typeormOptions(url, embedded),
      toRetry: (error: unknown) => !(error instanceof PendingMigrationsError),
    }),
    dataSourceFactory: (options) => openDataSource(options!, migrationsRun),
  });
}
