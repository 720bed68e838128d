import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { Clock } from './common/clock';
import { messages } from './common/messages';
import { loadConfig } from './config/app-config';
import { API_PREFIX, configureApp } from './configure-app';
import { resolveDatabase } from './database/resolve-database';
import { isCatalogueEmpty, seedDemoCatalogue } from './seed/seed-demo-catalogue';

const logger = new Logger('Main');

/**
 * Start-up order: validate config → start the embedded database when DATABASE_URL is unset →
 * create the Nest app (TypeORM connects and runs the migrations) → seed when empty → listen.
 * SIGINT/SIGTERM: close the app (HTTP server, pool), stop the embedded server, release its lock, exit 0.
 * Signals are handled here rather than by enableShutdownHooks because the embedded server lives
 * outside Nest and must stop after the pool has closed.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config, (line) => logger.log(line));
  let app: NestExpressApplication | undefined;
  let stopping = false;

  const shutdown = async (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.log(messages.shuttingDown(signal));
    try {
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
      AppModule.forRoot(config, { url: database.url, embedded: database.embedded !== undefined }),
    );
    configureApp(app);
    const dataSource = app.get(DataSource);
    if (config.seedOnEmpty && (await isCatalogueEmpty(dataSource))) {
      await seedDemoCatalogue(dataSource, app.get(Clock));
      logger.log(messages.seededOnEmpty);
    }
    await app.listen(config.port, config.host);
  } catch (error) {
    logger.error(messages.startFailed, error instanceof Error ? error.stack : String(error));
    await shutdown('startup-failure', 1);
    return;
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost}:${config.port}/${API_PREFIX}`;
  logger.log(messages.apiReady(url));
  // One stable English line for scripts/start.mjs to wait for.
  console.log(`API listening on ${url}`);
}

bootstrap().catch((error: unknown) => {
  // Configuration and lock errors land here before anything started; their messages name the cause.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
