import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { INGEST_PATH } from '../analytics/ingest-body';
import { requestIdOf } from './request-id';

/** Levels LOG_LEVEL takes, most to least severe, plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Successful answers of these paths are logged at `debug`: probes and scrapes every few seconds are not news. */
const QUIET_PATHS = /^\/(api\/health(\/|$)|metrics$)/;

/** Unmatched paths under these prefixes are not logged at all: booking codes travel in the path. */
const PRIVATE_PATH = /^\/api\/reserve\//;

/** Set on a request answered from memory: a kept public read (public-cache/public-read.interceptor.ts), a hot image. */
const FROM_MEMORY = Symbol('answeredFromMemory');

interface RoutedRequest extends IncomingMessage {
  route?: { path?: unknown };
  originalUrl?: string;
  [FROM_MEMORY]?: true;
}

/**
 * Records that `request` is answered from memory (a kept public read, a hot image variant, an image's 304). Those are
 * the visitors' page loads: the same few answers thousands of times a minute, counted by route and status in
 * `http_request_duration_seconds` and in the gateway's access log; a line for each would cost a third of the API's
 * CPU time per cached read (`node bench/api-vs-raw.mjs`), so their successes are logged at `debug`.
 */
export const markAnsweredFromMemory = (request: IncomingMessage): void => {
  (request as RoutedRequest)[FROM_MEMORY] = true;
};

const answeredFromMemory = (request: IncomingMessage): boolean => (request as RoutedRequest)[FROM_MEMORY] === true;

/** The path of a request without its query string (`/api/store?tag=x` → `/api/store`). */
export const pathOf = (request: IncomingMessage): string =>
  ((request as RoutedRequest).originalUrl ?? request.url ?? '/').split('?')[0]!;

/**
 * Requests that get no line of their own: the analytics beacon (`POST /api/analytics/events`,
 * docs/decisions/0072-cheap-analytics-ingest.md), sent by every page view and click, hundreds a second in a rush,
 * malformed ones too. Most never reach this logger (analytics/ingest-endpoint.ts takes them ahead of Express); those
 * that do (a refusal, a beacon while stopping) get no line either. Its events are counted on /metrics instead, and a
 * 5xx is still logged by the exception filter.
 */
const unloggedRequest = (request: IncomingMessage): boolean =>
  request.method === 'POST' && pathOf(request) === INGEST_PATH;

/**
 * The route template that served a request (`/api/main/update/:id`), or `undefined` when no route matched
 * (unknown path, or an error before routing such as a malformed body). Nest mounts middleware such as nestjs-pino's
 * on wildcard routes (`/api{/*splat}`), which Express also records in `req.route`; the API has no wildcard route of
 * its own, so a template with `*` means no route matched.
 */
export const routeOf = (request: IncomingMessage): string | undefined => {
  const path = (request as RoutedRequest).route?.path;
  return typeof path === 'string' && !path.includes('*') ? path : undefined;
};

/** What a request line says about the address: the route template, or for an unmatched request its path. */
const routeFields = (request: IncomingMessage): { route: string } | { path: string } => {
  const route = routeOf(request);
  if (route) return { route };
  const path = pathOf(request);
  return { path: PRIVATE_PATH.test(path) ? '(private)' : path.slice(0, 200) };
};

/**
 * The API's pino logger and its pino-http request logger (docs/decisions/0047-logs-metrics-audit.md), writing JSON
 * lines to `destination`. One line per request when its answer is sent: `requestId`, `req.method`, `route` (template)
 * or, when no route matched, `path` (no query string), `res.statusCode`, `latencyMs`, and `err` (type, message, stack)
 * for a 5xx. Every line written while the request runs carries its `requestId`. No personal data: no headers (so no
 * Authorization or cookies), no client address, no query strings, no bodies; `redact` also censors any header object
 * that reaches a line some other way. Levels: 5xx `error`; health probes, /metrics scrapes and public reads answered
 * from memory `debug` when they succeed; everything else `info`. The analytics beacon gets no line ({@link
 * unloggedRequest}).
 */
export function createHttpLogger(level: LogLevel, destination: DestinationStream): HttpLogger {
  const logger: Logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['headers', '*.headers', 'authorization', '*.authorization', 'cookie', '*.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
  return pinoHttp({
    logger,
    genReqId: requestIdOf,
    quietReqLogger: true,
    autoLogging: { ignore: unloggedRequest },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'latencyMs' },
    serializers: {
      req: (request: { method?: string }) => ({ method: request.method }),
      res: (response: { statusCode?: number }) => ({ statusCode: response.statusCode }),
      err: (error: Error) => ({ type: error.name, message: error.message, stack: error.stack }),
    },
    customLogLevel: (request: IncomingMessage, response: ServerResponse, error?: Error): Level => {
      if (error || response.statusCode >= 500) return 'error';
      if (response.statusCode < 400 && (QUIET_PATHS.test(pathOf(request)) || answeredFromMemory(request))) {
        return 'debug';
      }
      return 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (request, _response, fields: object) => ({ ...fields, ...routeFields(request) }),
    customErrorObject: (request, _response, error, fields: { err?: unknown }) => {
      // pino-http makes up an Error for a 5xx without one; its stack only shows pino-http. The real error, if any,
      // was logged by the exception filter with the same requestId.
      const { err, ...rest } = fields;
      const madeUp = error.message.startsWith('failed with status code');
      return { ...rest, ...(madeUp ? {} : { err }), ...routeFields(request) };
    },
  });
}
