import 'reflect-metadata';
import { getPriority, setPriority } from 'node:os';
import { messages } from './common/messages';
import { ConfigError } from './config/app-config';
import { configureIngestApp } from './configure-app';
import { IngestModule } from './ingest/ingest.module';
import { runHttpProcess } from './process/run-http-process';

/**
 * The analytics ingest as a process of its own (docs/decisions/0072-cheap-analytics-ingest.md): `node
 * api/dist/ingest-main.js`, the API's image and environment, behind the same path `POST /api/analytics/events` (the
 * gateway routes it here: deploy/gateway/nginx.conf.template), so a flood of beacons spends this process's CPU and
 * connections, never the API's event loop, and at a lower scheduling priority (INGEST_NICENESS, default 10) it takes
 * the CPU the API leaves where they share a machine's cores. Serves the beacon, `/api/health/live`, `/api/health/ready` and `/metrics`.
 * Start-up and shutdown as the API's (process/run-http-process.ts): on SIGTERM it drains, then writes its queued
 * events before the pool closes; killed, it loses at most one flush interval (ANALYTICS_INGEST_FLUSH_MS). Prints
 * `Ingest listening on http://<host>:<port>/api`.
 * @throws ConfigError (exit 78) when DATABASE_URL is unset: the embedded database admits one session, the API's.
 */
runHttpProcess({
  name: 'Ingest',
  resolveDatabase: (config) => {
    if (!config.databaseUrl)
      throw new ConfigError(messages.configError('DATABASE_URL', messages.configIngestNeedsServer));
    // Below the API's priority (INGEST_NICENESS): where they share cores, the API's reads go first. Lowering one's
    // own priority needs no privilege.
    setPriority(Math.max(getPriority(), config.analytics.ingestNiceness));
    return Promise.resolve({ url: config.databaseUrl, embedded: undefined });
  },
  module: (config, database, httpLogger) => IngestModule.forRoot(config, database.url, httpLogger),
  configure: configureIngestApp,
  readyMessage: messages.ingestReady,
  startFailedMessage: messages.ingestStartFailed,
  listeningLine: 'Ingest listening on',
});
