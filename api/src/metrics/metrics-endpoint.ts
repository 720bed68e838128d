import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { messages } from '../common/messages';
import type { ApiMetrics } from './metrics';

/** Where Prometheus scrapes: outside `/api`, so neither the gateway nor `npm start`'s site server forwards it. */
export const METRICS_PATH = '/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may read /metrics (docs/decisions/0047-logs-metrics-audit.md): not the public internet.
 * - With METRICS_TOKEN set: a request whose `Authorization` is `Bearer <METRICS_TOKEN>` (from anywhere: a Prometheus
 *   in another container or pod).
 * - Always: a request straight from this machine's loopback interface that no proxy forwarded (no
 *   `X-Forwarded-For`, whatever TRUST_PROXY says), i.e. a scraper or `curl` on the host itself.
 */
export function mayReadMetrics(request: Request, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && authorization?.startsWith('Bearer ') && sameSecret(authorization.slice(7), token)) return true;
  const direct = request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * `GET /metrics`: the Prometheus text exposition of the app's registry (metrics.ts). Mounted by configure-app.ts as
 * plain Express middleware, outside Nest's routes: no rate limit, no access-token guard, not in the OpenAPI document.
 * 403 with the Korean error envelope (and the request id) for anyone {@link mayReadMetrics} refuses; 405 for another
 * method than GET/HEAD.
 */
export function metricsEndpoint(metrics: ApiMetrics, token: string | undefined) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path !== '/' && request.path !== '') {
      next();
      return;
    }
    const requestId = typeof request.id === 'string' ? { requestId: request.id } : {};
    if (!mayReadMetrics(request, token)) {
      response.status(403).json({ statusCode: 403, message: messages.metricsForbidden, ...requestId });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.status(405).setHeader('Allow', 'GET, HEAD');
      response.json({ statusCode: 405, message: messages.methodNotAllowed, ...requestId });
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.setHeader('Content-Type', metrics.registry.contentType);
        response.setHeader('Cache-Control', 'no-store');
        response.end(text);
      },
      (error: unknown) => next(error),
    );
  };
}
