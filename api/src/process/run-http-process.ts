import 'reflect-metadata';
import { type DynamicModule, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { HttpLogger } from 'pino-http';
import { API_PREFIX } from '../common/api-prefix';
import { drainHttpServer } from '../common/http-drain';
import { messages } from '../common/messages';
import { ShutdownState } from '../common/shutdown-state';
import { type AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { PendingMigrationsError } from '../database/run-migrations';
import type { ResolvedDatabase } from '../database/resolve-database';
import { createHttpLogger } from '../logging/http-logger';
import { defaultDestination } from '../logging/logging.module';
import { startupLogger } from '../logging/startup-logger';

/** How long an idle kept-alive connection stays open (ms): longer than clients' and proxies' own idle timeouts. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The exit code of a configuration error (sysexits.h EX_CONFIG): `npm start` stops with the message instead of
 * starting the process again (scripts/services.mjs EXIT_CONFIGURATION).
 */
export const EXIT_CONFIGURATION = 78;

/** What differs between the HTTP processes of the API image: the API itself (main.ts) and the ingest (ingest-main.ts). */
export interface HttpProcess {
  /** Names the process in the log (`Main`, `Ingest`). */
  name: string;
  /** The database to use: DATABASE_URL, or the embedded server this process starts (stopped at exit). */
  resolveDatabase(config: AppConfig, log: (line: string) => void): Promise<ResolvedDatabase>;
  /** The root module, given the validated configuration, the database and the request logger. */
  module(config: AppConfig, database: ResolvedDatabase, httpLogger: HttpLogger): DynamicModule;
  /** The bootstrap wiring of the app (configure-app.ts). */
  configure(app: NestExpressApplication): Promise<void>;
  /** After `configure`, before listening (the API's seed of an empty catalogue). */
  beforeListen?(app: NestExpressApplication, config: AppConfig, logger: Logger): Promise<void>;
  /** The Korean line logged once listening at `url`, and the one logged when the start failed. */
  readyMessage(url: string): string;
  startFailedMessage: string;
  /** The stable English line printed to stdout once listening, for scripts and tests to wait for: `<x> listening on`. */
  listeningLine: string;
}

/**
 * Runs one HTTP process of the API image. Start-up order: validate config → resolve the database (DATABASE_URL, or
 * the embedded server) → create the Nest app (TypeORM connects; pending migrations run under the migration lock, or
 * with MIGRATIONS_RUN=false their presence refuses the start) → `beforeListen` → listen, printing
 * `<listeningLine> http://<host>:<port>/api`.
 * SIGINT/SIGTERM (docs/decisions/0017-stateless-api.md): drain HTTP (readiness 503, listening socket closed, in-flight
 * requests finish within SHUTDOWN_TIMEOUT_MS, then remaining sockets are cut; common/http-drain.ts) → close the app
 * (queued work written, then the TypeORM pool) → stop the embedded server and release its lock → exit 0. Signals are
 * handled here rather than by enableShutdownHooks because the embedded server lives outside Nest and must stop after
 * the pool has closed. A configuration error exits {@link EXIT_CONFIGURATION} with its message; any other failure 1.
 */
export function runHttpProcess(spec: HttpProcess): void {
  bootstrap(spec).catch((error: unknown) => {
    // Configuration and lock errors land here before anything started; their messages name the cause.
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof ConfigError ? EXIT_CONFIGURATION : 1);
  });
}

async function bootstrap(spec: HttpProcess): Promise<void> {
  const logger = new Logger(spec.name);
  const config = loadConfig();
  // JSON lines from the first one on (LOG_LEVEL, LOG_FORMAT); configure-app.ts adds the request ids.
  const httpLogger = createHttpLogger(config.logLevel, defaultDestination(config));
  Logger.overrideLogger(startupLogger(httpLogger.logger));
  const database = await spec.resolveDatabase(config, (line) => logger.log(line));
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
      spec.module(config, database, httpLogger),
      // Start-up errors come back here (not process.exit inside Nest), so the embedded server stops cleanly.
      { abortOnError: false, logger: startupLogger(httpLogger.logger) },
    );
    await spec.configure(app);
    await spec.beforeListen?.(app, config, logger);
    // An idle kept-alive connection stays open longer than any client or proxy keeps one (undici 4 s, browsers, load
    // balancers ~60 s): the client closes first. When Node's 5 s default ran out just as a client reused the
    // connection, that request failed with ECONNRESET (one in 500 concurrent bookings on a loaded machine).
    app.getHttpServer().keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    app.getHttpServer().headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    await app.listen(config.port, config.host);
    listening = true;
  } catch (error) {
    if (error instanceof PendingMigrationsError) logger.error(error.message);
    else logger.error(spec.startFailedMessage, error instanceof Error ? error.stack : String(error));
    await shutdown('startup-failure', 1);
    return;
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost}:${config.port}/${API_PREFIX}`;
  logger.log(spec.readyMessage(url));
  console.log(`${spec.listeningLine} ${url}`);
}
