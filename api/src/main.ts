import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { Clock } from './common/clock';
import { messages } from './common/messages';
import { ConfigError, loadConfig } from './config/app-config';
import { API_PREFIX } from './common/api-prefix';
import { configureApp } from './configure-app';
import { resolveDatabase } from './database/resolve-database';
import { PendingMigrationsError } from './database/run-migrations';
import { PublicCache } from './public-cache/public-cache';
import { drainHttpServer } from './common/http-drain';
import { ShutdownState } from './common/shutdown-state';
import { isCatalogueEmpty, seedDemoCatalogue } from './seed/seed-demo-catalogue';
import { createHttpLogger } from './logging/http-logger';
import { defaultDestination } from './logging/logging.module';
import { startupLogger } from './logging/startup-logger';

const logger = new Logger('Main');

/** How long an idle kept-alive connection stays open (ms): longer than clients' and proxies' own idle timeouts. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Start-up order: validate config → start the embedded database when DATABASE_URL is unset →
 * create the Nest app (TypeORM connects; under the migration advisory lock it runs the pending
 * migrations, or with MIGRATIONS_RUN=false refuses to start while one is pending) → seed when empty → listen.
 * SIGINT/SIGTERM (docs/decisions/0017-stateless-api.md): drain HTTP (readiness 503, listening socket closed, in-flight
 * requests finish within SHUTDOWN_TIMEOUT_MS, then remaining sockets are cut; common/http-drain.ts) →
 * close the app (TypeORM pool) → stop the embedded server and release its lock → exit 0.
 * Signals are handled here rather than by enableShutdownHooks because the embedded server lives
 * outside Nest and must stop after the pool has closed.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // JSON lines from the first one on (LOG_LEVEL, LOG_FORMAT); configure-app.ts adds the request ids.
  const httpLogger = createHttpLogger(config.logLevel, defaultDestination(config));
  Logger.overrideLogger(startupLogger(httpLogger.logger));
  const database = await resolveDatabase(config, (line) => logger.log(line));
  let app: NestExpressApplication | undefined;
  let listening = false;
  let stopping = false;

  const shutdown = async (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.log(messages.shuttingDown(signal));
    try {
      if (app && listening) {
        const cut = await drainHttpServer(app.getHttpServer(), app.get(ShutdownState), config.shutdownTimeoutMs);
        if (cut > 0) logger.warn(messages.drainTimedOut(config.shutdownTimeoutMs, cut));
      }
      await app?.close();
      await database.embedded?.stop();
      logger.log(messages.stopped);
    } catch (error) {
      logger.error(error);
      code = 1;
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));

  try {
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot(config, { url: database.url, embedded: database.embedded !== undefined }, httpLogger),
      // Start-up errors come back here (not process.exit inside Nest), so the embedded server stops cleanly.
      { abortOnError: false, logger: startupLogger(httpLogger.logger) },
    );
    await configureApp(app);
    const dataSource = app.get(DataSource);
    if (config.seedOnEmpty && (await isCatalogueEmpty(dataSource))) {
      await seedDemoCatalogue(dataSource, app.get(Clock));
      // Another process may already serve the empty catalogue from its cache
      // (docs/decisions/0035-public-read-caching.md).
      await app.get(PublicCache).invalidate();
      logger.log(messages.seededOnEmpty);
    }
    // An idle kept-alive connection stays open longer than any client or proxy keeps one (undici 4 s, browsers, load
    // balancers ~60 s): the client closes first. When Node's 5 s default ran out just as a client reused the
    // connection, that request failed with ECONNRESET (one in 500 concurrent bookings on a loaded machine).
    app.getHttpServer().keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    app.getHttpServer().headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    await app.listen(config.port, config.host);
    listening = true;
  } catch (error) {
    if (error instanceof PendingMigrationsError) logger.error(error.message);
    else logger.error(messages.startFailed, error instanceof Error ? error.stack : String(error));
    await shutdown('startup-failure', 1);
    return;
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost}:${config.port}/${API_PREFIX}`;
  logger.log(messages.apiReady(url));
  // One stable English line for scripts/start.mjs to wait for.
  console.log(`API listening on ${url}`);
}

/**
 * The exit code of a configuration error (sysexits.h EX_CONFIG): `npm start` stops with the message instead of
 * starting the API again (scripts/services.mjs EXIT_CONFIGURATION).
 */
const EXIT_CONFIGURATION = 78;

bootstrap().catch((error: unknown) => {
  // Configuration and lock errors land here before anything started; their messages name the cause.
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? EXIT_CONFIGURATION : 1);
});
