import 'reflect-metadata';
import { AppModule } from './app.module';
import { Clock } from './common/clock';
import { messages } from './common/messages';
import { configureApp } from './configure-app';
import { DataSource } from 'typeorm';
import { resolveDatabase } from './database/resolve-database';
import { PublicCache } from './public-cache/public-cache';
import { runHttpProcess } from './process/run-http-process';
import { isCatalogueEmpty, seedDemoCatalogue } from './seed/seed-demo-catalogue';

/**
 * The API process (process/run-http-process.ts gives the start-up and shutdown order): DATABASE_URL, or the embedded
 * PostgreSQL it starts when unset; AppModule with configureApp; an empty catalogue seeded when SEED_ON_EMPTY; prints
 * `API listening on http://<host>:<port>/api` (scripts/start.mjs waits for it).
 */
runHttpProcess({
  name: 'Main',
  resolveDatabase,
  module: (config, database, httpLogger) =>
    AppModule.forRoot(config, { url: database.url, embedded: database.embedded !== undefined }, httpLogger),
  configure: configureApp,
  async beforeListen(app, config, logger) {
    const dataSource = app.get(DataSource);
    if (config.seedOnEmpty && (await isCatalogueEmpty(dataSource))) {
      await seedDemoCatalogue(dataSource, app.get(Clock));
      // Another process may already serve the empty catalogue from its cache
      // (docs/decisions/0035-public-read-caching.md).
      await app.get(PublicCache).invalidate();
      logger.log(messages.seededOnEmpty);
    }
  },
  readyMessage: messages.apiReady,
  startFailedMessage: messages.startFailed,
  listeningLine: 'API listening on',
});
