import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Nest's LoggerService over a pino logger, for the lines written before the app exists (main.ts: the embedded
 * database's start, Nest's module set-up). Once configure-app.ts runs, nestjs-pino's `Logger` takes over and adds the
 * request id. Nest passes `(message, ...optionalParams)` where the last string is the context and, for `error`,
 * the one before it the stack.
 */
export function startupLogger(logger: Logger): LoggerService {
  const write =
    (level: 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal') =>
    (message: unknown, ...params: unknown[]): void => {
      const context = typeof params.at(-1) === 'string' ? (params.pop() as string) : undefined;
      const stack = level === 'error' && typeof params[0] === 'string' ? params[0] : undefined;
      const fields = { ...(context ? { context } : {}), ...(stack ? { err: { stack } } : {}) };
      if (message instanceof Error) logger[level]({ ...fields, err: message }, message.message);
      else logger[level](fields, typeof message === 'string' ? message : JSON.stringify(message));
    };
  return {
    log: write('info'),
    warn: write('warn'),
    error: write('error'),
    debug: write('debug'),
    verbose: write('trace'),
    fatal: write('fatal'),
  };
}
