import path from 'node:path';
import { FilePayloadTable } from './file-payload-table.js';
import type { PayloadTable } from './payload-table.js';
import { PostgresPayloadTable } from './postgres-payload-table.js';

/** How often expired rows are dropped. */
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The identity provider's store (docs/decisions/0045-identity-hardening.md): PostgreSQL when `databaseUrl`
 * (IDP_DATABASE_URL) is set, shared by every identity process on that database; otherwise `<dir>/store.json` for one
 * process on one machine. Expired rows are removed at start and every 10 minutes.
 */
export async function openPayloadTable(dir: string, databaseUrl: string | undefined): Promise<PayloadTable> {
  const table = databaseUrl
    ? await PostgresPayloadTable.connect(databaseUrl)
    : new FilePayloadTable(path.join(dir, 'store.json'));
  await table.deleteExpired(Date.now());
  setInterval(() => {
    table.deleteExpired(Date.now()).catch((error: unknown) => console.error('IdP store clean-up failed:', error));
  }, CLEANUP_INTERVAL_MS).unref();
  return table;
}
