import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DEFAULT_IPV6_SUBNET_PREFIX, getStorageToken, normalizeIp, type ThrottlerStorage } from '@nestjs/throttler';
import type { Express, NextFunction, Request, Response } from 'express';
import proxyaddr from 'proxy-addr';
import { ShutdownState } from '../common/shutdown-state';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { overLimit } from '../rate-limit/rate-limit.guard';
import { WINDOW_MS } from '../rate-limit/rate-limit.module';
import { AnalyticsIngestService, type HitSource } from './analytics-ingest.service';
import { INGEST_PATH, ingestBodyParser } from './ingest-body';

/** Express's compiled TRUST_PROXY (`app.get('trust proxy fn')`): may the peer at `hop` speak for the client? */
type TrustProxy = (address: string, hop: number) => boolean;

/** A beacon's request as the ingest reads it: a plain Node request (or Express's), its body once read. */
type BeaconRequest = IncomingMessage & { body?: unknown; [REFUSED]?: unknown };

/** Where a beacon the server-level path refused carries its error into Express, for the envelope (see below). */
const REFUSED = Symbol('ingestRefused');

/**
 * The host the request names the site by, as Express's `req.hostname` reads it: `X-Forwarded-Host` (its first value)
 * when the peer is a trusted proxy, else `Host`; without the port.
 */
function hostnameOf(req: IncomingMessage, trust: TrustProxy): string | undefined {
  const forwarded = req.headers['x-forwarded-host'];
  let host =
    typeof forwarded === 'string' && forwarded && trust(req.socket.remoteAddress ?? '', 0)
      ? forwarded.split(',')[0]!.trim()
      : req.headers.host;
  if (!host) return undefined;
  const offset = host.startsWith('[') ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}

/** The host names a request names the site by (its host, its Origin), for dropping internal referrers. */
function ownHosts(req: IncomingMessage, trust: TrustProxy): string[] {
  const hosts = [hostnameOf(req, trust)];
  try {
    if (req.headers.origin) hosts.push(new URL(req.headers.origin).hostname);
  } catch {
    // A malformed Origin names nothing.
  }
  return hosts.filter((host): host is string => Boolean(host));
}

/**
 * Who sent a beacon, for the ingest: the client address through the trusted proxies (TRUST_PROXY, as Express's
 * `req.ip`), the user agent, the site's names.
 */
export const hitSource = (req: IncomingMessage, trust: TrustProxy): HitSource => ({
  address: proxyaddr(req, trust),
  userAgent: req.headers['user-agent'],
  ownHosts: ownHosts(req, trust),
});

/**
 * The key of a client's ingest budget in the throttler storage: the one @nestjs/throttler's guard makes for the
 * route (`sha256('<controller>-<handler>-<throttler>-<tracker>')`, the tracker being the address with IPv6 reduced to
 * its /64), so this path and the Nest route it stands in for count against one budget.
 */
const throttleKey = (address: string): string =>
  createHash('sha256')
    .update(`AnalyticsController-collect-ingest-${normalizeIp(address, DEFAULT_IPV6_SUBNET_PREFIX)}`)
    .digest('hex');

/** `res` answered 204, no body. */
function noContent(res: ServerResponse): void {
  res.statusCode = 204;
  res.end();
}

/**
 * Serves `POST /api/analytics/events` (docs/decisions/0072-cheap-analytics-ingest.md) at the least cost that keeps its
 * rules. The beacon comes with every page view and click; through Nest's pipeline (Express, the request logger, guards,
 * interceptors, pipes) it cost about a millisecond of CPU a hit, and Express alone, before any middleware, 0.14 ms
 * (`node bench/analytics-ingest.mjs` prints the API's CPU per hit). So a beacon at exactly this path is taken from the
 * HTTP server before Express sees it, and each step is the route's own rule, by the same code:
 * 1. the ingest's share of the event loop (ingest-loop-budget.ts): once the second's share is spent, 204 at once, the
 *    body unread, counted as dropped;
 * 2. the body reader (ingest-body.ts: 413, 415, 400 with Korean messages);
 * 3. the client's budget RATE_LIMIT_INGEST_PER_MINUTE, in the rate limits' own storage (Redis when configured): 429
 *    with `Retry-After`, as rate-limit.guard.ts answers;
 * 4. AnalyticsIngestService.accept: bots ignored, the DTO's rules through the global pipes, then queued: 204.
 * A refused beacon goes on into Express with its error, to the same route mounted there (after the request id,
 * metrics timer, drain and security headers), which passes it to Nest's exception filter: the usual Korean envelope
 * with the request id. So does every beacon once the process is stopping (the drain's rules apply), and any other
 * spelling of the path Express matches. No beacon gets a log line (logging/http-logger.ts); the accepted ones are
 * counted on /metrics in `linksite_analytics_events_total`, not in the request timer.
 * The controller's declaration of the route stays for the OpenAPI document and the route table; it is never reached.
 */
export function mountIngestEndpoint(app: NestExpressApplication): void {
  let ingest: AnalyticsIngestService;
  try {
    ingest = app.get(AnalyticsIngestService);
  } catch {
    // An app composed without the analytics module (test/route-table.spec.ts's probe of the access policy) has no
    // beacon to take; the API's AppModule always has it (analytics-ingest.int.spec.ts posts through this path).
    return;
  }
  const storage = app.get<ThrottlerStorage>(getStorageToken());
  const shutdown = app.get(ShutdownState);
  const limit = app.get<AppConfig>(APP_CONFIG).rateLimitsPerMinute.ingest;
  const express = app.getHttpAdapter().getInstance() as Express;
  const trust = (): TrustProxy => express.get('trust proxy fn') as TrustProxy;
  const readBody = ingestBodyParser();

  /** Steps 1–4 on `req`: answers 204 itself, or calls `refuse` with the error to answer with. */
  const handle = (req: BeaconRequest, res: ServerResponse, refuse: (error: unknown) => void): void => {
    if (!ingest.hasLoopBudget) {
      ingest.dropUnread();
      return noContent(res);
    }
    readBody(req, res, (error?: unknown) => {
      if (error) return refuse(error);
      const source = hitSource(req, trust());
      storage
        .increment(throttleKey(source.address), WINDOW_MS, limit, WINDOW_MS, 'ingest')
        .then(({ isBlocked, timeToBlockExpire }) => {
          if (isBlocked) throw overLimit(res, timeToBlockExpire);
          return ingest.accept(req.body, source);
        })
        .then(() => noContent(res), refuse);
    });
  };

  // In Express: a refusal from the server-level path, or a beacon it left to Express.
  express.post(INGEST_PATH, (req: Request, res: Response, next: NextFunction) => {
    const refused = (req as BeaconRequest)[REFUSED];
    if (refused !== undefined) return next(refused);
    handle(req, res, next);
  });

  const server = app.getHttpServer() as Server;
  const [expressHandler, ...others] = server.listeners('request') as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  if (!expressHandler || others.length > 0) throw new Error('the HTTP server has not exactly one request listener');
  server.removeListener('request', expressHandler);
  server.on('request', (req: BeaconRequest, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== INGEST_PATH || shutdown.stopping) return expressHandler(req, res);
    handle(req, res, (error) => {
      req[REFUSED] = error;
      expressHandler(req, res);
    });
  });
}
