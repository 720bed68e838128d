import type { AppConfig } from '../config/app-config';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

/** The database the process will use, and the embedded server to stop at exit (if it started one). */
export interface ResolvedDatabase {
  url: string;
  embedded: EmbeddedPostgres | undefined;
}

/**
 * DATABASE_URL when set; otherwise starts the embedded PGlite server in `<DATA_DIR>/pglite`, on a Unix socket only
 * this OS account reaches (ARCHITECTURE.md "Data", embedded-postgres.ts). Shared by main.ts and the seed, migrate,
 * backup and restore commands.
 */
export async function resolveDatabase(config: AppConfig, log: (line: string) => void): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  return { url: embedded.url, embedded };
}
