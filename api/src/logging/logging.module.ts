import { DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import type { HttpLogger } from 'pino-http';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { createHttpLogger } from './http-logger';

/** Injection token of the stream log lines go to: stdout (JSON), or pino-pretty with LOG_FORMAT=pretty. */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');

/** Injection token of the app's pino-http middleware (`.logger` is the root pino logger). */
export const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/** stdout as JSON lines, or with LOG_FORMAT=pretty the coloured lines of pino-pretty (a development dependency). */
export function defaultDestination(config: AppConfig): DestinationStream {
  if (config.logFormat === 'pretty') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when asked for: not in production images
    const pretty = require('pino-pretty') as (options: object) => DestinationStream;
    return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  }
  // Synchronous: main.ts ends with process.exit, which would drop lines still in an asynchronous buffer.
  return pino.destination({ dest: 1, sync: true });
}

/**
 * Structured logs (docs/decisions/0047-logs-metrics-audit.md): one pino logger per app, its pino-http middleware
 * (mounted first by configure-app.ts so even a malformed body or a drained request gets an id and a line), and
 * nestjs-pino's `Logger` for Nest's own messages and `new Logger(context)` calls, which carry the request id while a
 * request runs. nestjs-pino keeps one root logger per process (for lines outside a request): the first app's. main.ts
 * passes the request logger it already writes its start-up lines with; otherwise (tests) it is built from
 * LOG_DESTINATION, which tests override to read the lines.
 */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(httpLogger?: HttpLogger): DynamicModule {
    const http: Provider = httpLogger
      ? { provide: HTTP_LOGGER, useValue: httpLogger }
      : {
          provide: HTTP_LOGGER,
          inject: [APP_CONFIG, LOG_DESTINATION],
          useFactory: (config: AppConfig, destination: DestinationStream) =>
            createHttpLogger(config.logLevel, destination),
        };
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [HTTP_LOGGER],
          useFactory: (logger: HttpLogger) => ({ useExisting: true, pinoHttp: { logger: logger.logger } }),
        }),
      ],
      providers: [{ provide: LOG_DESTINATION, inject: [APP_CONFIG], useFactory: defaultDestination }, http],
      exports: [HTTP_LOGGER, LOG_DESTINATION],
    };
  }
}
