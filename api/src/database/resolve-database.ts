import type { AppConfig } from '../config/app-config';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

/** The database the process will use, and the embedded server to stop at exit (if it started one). */
export interface ResolvedDatabase {
  url: string;
  embedded: EmbeddedPostgres | undefined;
}

/**
 * DATABASE_URL when set; otherwise starts the embedded PGlite server in `<DATA_DIR>/pglite`
 * (ARCHITECTURE.md "Data"). Shared by main.ts and the seed command.
 */
export async function resolveDatabase(config: AppConfig, log: (line: string) => void): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedDbPort, log });
  return { url: embedded.url, embedded };
}
