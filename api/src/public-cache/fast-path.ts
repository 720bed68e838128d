import type { CanActivate, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnknownElementException } from '@nestjs/core/errors/exceptions/unknown-element.exception';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getOptionsToken, getStorageToken } from '@nestjs/throttler';
import type { Express } from 'express';
import fresh from 'fresh';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { HttpLogger } from 'pino-http';
import { API_PREFIX } from '../common/api-prefix';
import { CoverController } from '../cover/cover.controller';
import { VARIANT_WIDTHS, type VariantWidth } from '../images/image-variant.entity';
import { IMAGE_CACHE_CONTROL, ImagesController, KEY_PATTERN } from '../images/images.controller';
import { markAnsweredAs } from '../logging/http-logger';
import { HTTP_LOGGER } from '../logging/logging.module';
import { REQUEST_ID_HEADER, requestIdFor, type TrustFunction } from '../logging/request-id';
import { ApiMetrics } from '../metrics/metrics';
import { admitRequest } from '../common/http-drain';
import { API_SECURITY_HEADERS } from '../common/security-headers';
import { ShutdownState } from '../common/shutdown-state';
import { ImagesService } from '../images/images.service';
import { LinksController } from '../links/links.controller';
import { PlansController } from '../plans/plans.controller';
import { ReserveController } from '../bookings/reserve.controller';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { TagsController } from '../tags/tags.controller';
import { PublicCache } from './public-cache';

/** A cached public read the fast path may answer: its cache key, and the route Nest would run (for the rate limit). */
interface Route {
  key: string;
  controller: Type<unknown>;
  handler: string;
}

/** A request handler on the HTTP server, ahead of Express: answers `req` itself, or calls `next` and Express does. */
export type AheadOfExpress = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Puts `ahead` in front of the Express app on Nest's HTTP server (whose one `request` listener is the app): every
 * request goes to `ahead` first, and to Express when it calls `next`.
 * @throws Error when the server has no or several request listeners (not a server Nest made for Express).
 */
export function installAheadOfExpress(server: Server, ahead: AheadOfExpress): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length !== 1) throw new Error(`expected one request listener (Express), found ${listeners.length}`);
  const express = listeners[0]!;
  server.removeListener('request', express);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => ahead(req, res, () => express(req, res)));
}

/**
 * The fast path of cached public reads (issue 14 item 4, item 8c's bench), installed on the HTTP server ahead of
 * Express ({@link installAheadOfExpress}): a GET or HEAD whose answer is in the PublicCache, or an image variant kept
 * in memory, is answered there, without Express, Nest's routing, pipes and interceptors, and without running the
 * request logger, the metrics timer, the drain and the security headers as middleware: what they give an answer is
 * given directly ({@link answeringAhead}), so the answer is the one they would send (the same headers, written with
 * one `writeHead`; the same `http_request_duration_seconds` sample; an `X-Request-Id` by the same rule; the drain's
 * admission). It steps aside, and everything goes on to Express and Nest unchanged, for every miss, while the process
 * is stopping (the drain decides), and while the request logger writes `debug` lines (the fast path's successes are
 * logged at `debug`, http-logger.ts, so a line is then written for each as before). The request is counted by the
 * same rate limit as the route it stands for (the global guard, called with that route's controller and handler and
 * the client address Express would give it, TRUST_PROXY, so the same key and budget): over the limit it goes on to
 * Nest, whose guard answers 429. Only exact addresses are taken: `/api/store`, `/api/tag/list`, `/api/cover`,
 * `/api/reserve/status`, `/api/plan/list` with no query or `?upcoming=0|1`, and `/api/images/<key>?w=<width>`; any
 * other query goes to Nest.
 */
export async function publicReadFastPath(app: NestExpressApplication): Promise<AheadOfExpress> {
  const cache = providerOf(app, PublicCache);
  // An app composed without PublicCacheModule (the wiring specs' small apps) has nothing cached: no fast path.
  if (!cache) return (_req, _res, next) => next();
  const images = app.get(ImagesService);
  const guard: CanActivate = new RateLimitGuard(
    app.get(getOptionsToken()),
    app.get(getStorageToken()),
    app.get(Reflector),
  );
  await (guard as RateLimitGuard).onModuleInit();
  const prefix = `/${API_PREFIX}/`;
  // Read at each request: configureApp sets TRUST_PROXY after installing this.
  const express = app.getHttpAdapter().getInstance() as Express;
  const trust = () => express.get('trust proxy fn') as TrustFunction;

  /**
   * Whether the rate limit lets this request through as `controller.handler` (false: leave it to Nest). The guard
   * reads the request's method and, for the client, the address Express's `req.ip` would be.
   */
  const allowed = async (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
    controller: Type<unknown>,
    handler: string,
  ) => {
    const method = (controller.prototype as Record<string, (...args: unknown[]) => unknown>)[handler]!;
    const asExpressSees = { ip: proxyaddr(req, trust()), method: req.method, headers: req.headers };
    try {
      return await guard.canActivate(new ExecutionContextHost([asExpressSees, res, next], controller, method));
    } catch {
      return false;
    }
  };

  const state = app.get(ShutdownState);
  const metrics = app.get(ApiMetrics);
  const logger = app.get<HttpLogger>(HTTP_LOGGER).logger;
  /**
   * What the middleware this runs ahead of gives an answer, given to one answered here as `template`: the drain's
   * admission, the metrics sample; returns their headers (helmet's and `X-Request-Id`) as a flat list.
   */
  const answeringAhead = (req: IncomingMessage, res: ServerResponse, template: string): string[] => {
    admitRequest(state, req, res);
    markAnsweredAs(req, template);
    metrics.middleware(req, res, () => undefined);
    return [...API_SECURITY_HEADERS, REQUEST_ID_HEADER, requestIdFor(req, trust())];
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '';
    if (!url.startsWith(prefix) || state.stopping || logger.isLevelEnabled('debug')) return next();
    const mark = url.indexOf('?');
    const path = mark < 0 ? url.slice(prefix.length) : url.slice(prefix.length, mark);
    const query = mark < 0 ? '' : url.slice(mark + 1);
    const image = imageRoute(path, query);
    if (image) {
      const bytes = images.hotVariant(image.key, image.width);
      if (!bytes) return next();
      void allowed(req, res, next, ImagesController, 'serve').then((ok) => {
        if (!ok) return next();
        const etag = `"${image.key}-${image.width}"`;
        const headers = answeringAhead(req, res, `/${API_PREFIX}/images/:key`);
        images.countHotHit(image.key, image.width);
        headers.push('ETag', etag, 'Cache-Control', IMAGE_CACHE_CONTROL);
        if (fresh(req.headers, { etag })) {
          res.writeHead(304, headers).end();
          return;
        }
        headers.push('Content-Type', 'image/webp', 'Content-Length', String(bytes.length));
        res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : bytes);
      }, next);
      return;
    }
    const route = readRoute(path, query);
    if (!route || !cache.has(route.key)) return next();
    void allowed(req, res, next, route.controller, route.handler).then((ok) => {
      const template = prefix + path;
      if (!ok || !cache.serveCached(req, res, route.key, () => answeringAhead(req, res, template))) next();
    }, next);
  };
}

/** `app`'s provider of `type`, or undefined when the app was composed without it. */
function providerOf<T>(app: NestExpressApplication, type: Type<T>): T | undefined {
  try {
    return app.get(type);
  } catch (error) {
    if (error instanceof UnknownElementException) return undefined;
    throw error;
  }
}

/** The cached read an address stands for (its path after `/api/` and its query), or null (see publicReadFastPath). */
function readRoute(path: string, query: string): Route | null {
  if (path === 'plan/list' && (query === '' || query === 'upcoming=0' || query === 'upcoming=1')) {
    return {
      key: `plan/list?upcoming=${query === 'upcoming=1' ? 1 : 0}`,
      controller: PlansController,
      handler: 'list',
    };
  }
  if (query !== '') return null;
  if (path === 'store') return { key: 'store', controller: LinksController, handler: 'list' };
  if (path === 'tag/list') return { key: 'tag/list', controller: TagsController, handler: 'list' };
  if (path === 'cover') return { key: 'cover', controller: CoverController, handler: 'get' };
  if (path === 'reserve/status') return { key: 'reserve/status', controller: ReserveController, handler: 'status' };
  return null;
}

/** `images/<key>` with `w=<width>` and nothing else, with a valid key and width, or null. */
function imageRoute(path: string, query: string): { key: string; width: VariantWidth } | null {
  if (!path.startsWith('images/')) return null;
  const key = path.slice('images/'.length);
  const width = VARIANT_WIDTHS.find((allowed) => query === `w=${allowed}`);
  return width && KEY_PATTERN.test(key) ? { key, width } : null;
}
