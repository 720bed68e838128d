import type { CanActivate, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnknownElementException } from '@nestjs/core/errors/exceptions/unknown-element.exception';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getOptionsToken, getStorageToken } from '@nestjs/throttler';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { HttpLogger } from 'pino-http';
import { API_PREFIX } from '../common/api-prefix';
import { CoverController } from '../cover/cover.controller';
import { VARIANT_WIDTHS, type VariantWidth } from '../images/image-variant.entity';
import { IMAGE_CACHE_CONTROL, ImagesController, KEY_PATTERN } from '../images/images.controller';
import { markAnsweredAs } from '../logging/http-logger';
import { HTTP_LOGGER } from '../logging/logging.module';
import { requestIdOf } from '../logging/request-id';
import { ApiMetrics } from '../metrics/metrics';
import { admitRequest } from '../common/http-drain';
import { setApiSecurityHeaders } from '../common/security-headers';
import { ShutdownState } from '../common/shutdown-state';
import { ImagesService } from '../images/images.service';
import { LinksController } from '../links/links.controller';
import { PlansController } from '../plans/plans.controller';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { TagsController } from '../tags/tags.controller';
import { PublicCache } from './public-cache';

/** A cached public read the fast path may answer: its cache key, and the route Nest would run (for the rate limit). */
interface Route {
  key: string;
  controller: Type<unknown>;
  handler: string;
}

/**
 * Express middleware ahead of every other one (issue 14 item 4, item 8c's bench): a GET or HEAD whose answer is in the
 * PublicCache, or an image variant kept in memory, is answered here, without Nest's routing, pipes and interceptors and
 * without running the request logger, the metrics timer, the drain and the security headers as middleware: what they
 * give an answer is given here directly ({@link answeringAhead}), so the answer is the one they would send (the
 * same headers, the same `http_request_duration_seconds` sample, an `X-Request-Id`). It steps aside, and everything
 * goes on to the middleware and Nest unchanged, for every miss, while the process is stopping (the drain decides), and
 * while the request logger writes `debug` lines (the fast path's successes are logged at `debug`, http-logger.ts, so
 * a line is then written for each as before). The request is counted by the same rate limit as the route it stands
 * for (the global guard, called with that route's controller and handler, so the same key and budget): over the limit
 * it goes on to Nest, whose guard answers 429. Only exact addresses are taken: `/api/store`, `/api/tag/list`,
 * `/api/cover`, `/api/plan/list` with no query or `?upcoming=0|1`, and `/api/images/<key>?w=<width>`; any other query
 * goes to Nest.
 */
export async function publicReadFastPath(app: NestExpressApplication): Promise<RequestHandler> {
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

  /** Whether the rate limit lets this request through as `controller.handler` (false: leave it to Nest). */
  const allowed = async (
    req: Request,
    res: Response,
    next: NextFunction,
    controller: Type<unknown>,
    handler: string,
  ) => {
    const method = (controller.prototype as Record<string, (...args: unknown[]) => unknown>)[handler]!;
    try {
      return await guard.canActivate(new ExecutionContextHost([req, res, next], controller, method));
    } catch {
      return false;
    }
  };

  const state = app.get(ShutdownState);
  const metrics = app.get(ApiMetrics);
  const logger = app.get<HttpLogger>(HTTP_LOGGER).logger;
  /** What the middleware this one runs ahead of gives an answer, given to one answered here as `template`. */
  const answeringAhead = (req: Request, res: Response, template: string) => {
    admitRequest(state, req, res);
    markAnsweredAs(req, template);
    metrics.middleware(req, res, () => undefined);
    requestIdOf(req, res);
    setApiSecurityHeaders(res);
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(prefix)) return next();
    if (state.stopping || logger.isLevelEnabled('debug')) return next();
    const image = imageRoute(req, prefix);
    if (image) {
      const bytes = images.hotVariant(image.key, image.width);
      if (!bytes) return next();
      void allowed(req, res, next, ImagesController, 'serve').then((ok) => {
        if (!ok) return next();
        answeringAhead(req, res, `/${API_PREFIX}/images/:key`);
        images.countHotHit(image.key, image.width);
        const etag = `"${image.key}-${image.width}"`;
        res.setHeader('ETag', etag);
        res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
        const match = req.headers['if-none-match'];
        if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
          res.status(304).end();
          return;
        }
        res.setHeader('Content-Type', 'image/webp');
        res.setHeader('Content-Length', bytes.length);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.status(200).end(req.method === 'HEAD' ? undefined : bytes);
      }, next);
      return;
    }
    const route = readRoute(req, prefix);
    if (!route || !cache.has(route.key)) return next();
    void allowed(req, res, next, route.controller, route.handler).then((ok) => {
      if (!ok || !cache.serveCached(req, res, route.key, () => answeringAhead(req, res, req.path))) next();
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

/** The cached read an address stands for, or null (see publicReadFastPath for the addresses taken). */
function readRoute(req: Request, prefix: string): Route | null {
  const path = req.path.slice(prefix.length);
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
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
  return null;
}

/** `/api/images/<key>?w=<width>` with a valid key and width and nothing else, or null. */
function imageRoute(req: Request, prefix: string): { key: string; width: VariantWidth } | null {
  const path = req.path.slice(prefix.length);
  if (!path.startsWith('images/')) return null;
  const key = path.slice('images/'.length);
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  const width = VARIANT_WIDTHS.find((allowed) => query === `w=${allowed}`);
  return width && KEY_PATTERN.test(key) ? { key, width } : null;
}
