import { unescape } from 'node:querystring';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, type Observable, of } from 'rxjs';
import { Clock, WallClock } from '../common/clock';
import { SingleFlight } from '../common/single-flight';
import { publicCacheControl, secondsUntil } from '../links/link-visibility';
import { markAnsweredFromMemory } from '../logging/http-logger';
import {
  type KeptAnswer,
  PublicCache,
  type PublicReadAnswer,
  REVALIDATE_EACH_USE,
  serializeAnswer,
} from './public-cache';
import { PUBLIC_READ, type PublicReadOptions } from './public-read.decorator';

/**
 * The PublicCache key of a request to a `@PublicRead()` route, or null when the request must not use the cache:
 * - its path as sent (`/api/main/select/7`): the route and its path parameters;
 * - then the query's `name=value` pairs whose name (decoded as Express's query parser decodes it) the route declares
 *   (PublicReadOptions.query), kept as sent and ordered by that list, so `?tag=a&limit=2` and `?limit=2&tag=a` share
 *   one entry; null when another parameter is present.
 * Never the request's host or scheme: an answer kept here is sent to every visitor, so none may be built from a `Host`
 * or `X-Forwarded-Host` a client chose (docs/decisions/0095-no-host-derived-urls.md), and one per host would let any
 * client add entries. Values stay as sent rather than checked and normalized: the lookup runs before the pipes, so a
 * key built from decoded values could pair a request the pipes refuse (an undecodable `%ED%A0%80`) with another's
 * answer. Two spellings of one answer (`?upcoming=0` and none) are two entries with the same bytes and ETag.
 */
export function publicReadKey(request: Request, options: PublicReadOptions): string | null {
  const url = request.originalUrl;
  const mark = url.indexOf('?');
  let key = mark < 0 ? url : url.slice(0, mark);
  if (mark >= 0) {
    const declared = options.query ?? [];
    const pairs: { order: number; pair: string }[] = [];
    for (const pair of url.slice(mark + 1).split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const order = declared.indexOf(unescape((equals < 0 ? pair : pair.slice(0, equals)).replace(/\+/g, ' ')));
      if (order < 0) return null;
      pairs.push({ order, pair });
    }
    // Array.prototype.sort is stable: a repeated parameter keeps its values' order (Express makes them an array).
    if (pairs.length > 0)
      key += `?${pairs
        .sort((a, b) => a.order - b.order)
        .map(({ pair }) => pair)
        .join('&')}`;
  }
  return key;
}

/**
 * `X-Accel-Expires` of an answer, for the gateway's nginx (deploy/gateway/nginx.conf.template), which honours it before
 * `Cache-Control` and never passes it on: `@<this wall-clock second>`, so nginx keeps the answer to the end of the
 * current second at most and an administrator's write shows through the gateway within 1 s. A relative value cannot
 * say that: nginx checks expiry in whole seconds, so `1` (or `proxy_cache_valid 1s`) keeps an answer up to 2 s.
 * `0` (do not keep) when the answer stops holding before that second ends; null (no header) for an answer sent
 * `no-cache`, which nginx does not keep anyway.
 * @param kept the answer; its `validUntil` is on the API's Clock
 * @param now the API's Clock (TEST_CLOCK_FILE may move it)
 * @param wallMs epoch milliseconds of the real time, nginx's clock
 */
export function gatewayExpiry(kept: KeptAnswer, now: Date, wallMs: number): string | null {
  if (kept.revalidateEachUse) return null;
  const untilSecondEnds = 1000 - (wallMs % 1000);
  if (kept.validUntil !== null && kept.validUntil - now.getTime() < untilSecondEnds) return '0';
  return `@${Math.floor(wallMs / 1000)}`;
}

/**
 * The one read path of cached public reads (api/README.md "Public-read cache"), global, acting on routes marked
 * `@PublicRead()` only. After the guards (access policy, rate limit) and before the pipes and the handler: a kept
 * answer ({@link publicReadKey}) is sent without running them; otherwise the handler's PublicReadAnswer is kept
 * (PublicCache.keep) and sent. Errors of the handler (400, 404) pass through to the exception filter and are not kept.
 * Requests missing the same key while the cache is in use, with no write between them, share the first one's handler
 * run instead of each running its own (docs/decisions/0091-responsive-embedded-default.md: 300 cold visitors, one
 * query), and get its answer or error. Every answer carries `ETag`, `Cache-Control` (publicCacheControl with the
 * seconds left to `validUntil` at this answer, or `public, no-cache`), `X-Accel-Expires` ({@link gatewayExpiry}) and
 * `Content-Type`; its text is sent by Express's `res.send`, which answers 304 when `If-None-Match` names the ETag and
 * sends no body to HEAD. A hit is logged at `debug` (logging/http-logger.ts).
 */
/** `Cache-Control` of a public read an administrator made: kept by no browser and no gateway. */
export const ADMINISTRATOR_READ = 'private, no-store';

@Injectable()
export class PublicReadInterceptor implements NestInterceptor {
  private readonly reads = new SingleFlight<KeptAnswer>();

  constructor(
    private readonly cache: PublicCache,
    private readonly reflector: Reflector,
    private readonly clock: Clock,
    @Inject(WallClock) private readonly wallClock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<PublicReadOptions | undefined>(PUBLIC_READ, context.getHandler());
    if (!options || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const administrator = request.headers.authorization !== undefined;
    const key = publicReadKey(request, options);
    const kept = key === null ? undefined : this.cache.lookup(key);
    if (kept) {
      markAnsweredFromMemory(request);
      return of(this.send(response, kept, administrator));
    }
    const start = this.cache.startRead();
    if (key === null || !this.cache.active) {
      return next
        .handle()
        .pipe(
          map((answer: PublicReadAnswer) =>
            this.send(
              response,
              key === null ? serializeAnswer(answer, start.at) : this.cache.keep(key, answer, start),
              administrator,
            ),
          ),
        );
    }
    // Keyed by the generation too: a request arriving after a write never gets an answer read before it.
    const read = this.reads.run(`${start.generation} ${key}`, async () =>
      this.cache.keep(key, await lastValueFrom(next.handle() as Observable<PublicReadAnswer>), start),
    );
    return from(read).pipe(map((kept) => this.send(response, kept, administrator)));
  }

  /**
   * Sets `kept`'s headers on `response` and returns its text, which Nest hands to Express's `res.send`.
   * An administrator's read (the request carries `Authorization`: an admin screen reading a public route, such as the
   * schedule list's `GET /api/plan/list`) is `Cache-Control: private, no-store` with no gateway expiry, so no browser
   * or gateway keeps it and the screen shows what was just saved (docs/decisions/0083-admin-reads-not-cached.md: the
   * list served a copy up to 30 s old under `stale-while-revalidate`); its bytes may still come from the PublicCache,
   * which every write empties. Every answer says `Vary: Authorization`, so a browser never answers an administrator's
   * read with a copy it kept from a visitor's read of the same address.
   */
  private send(response: Response, kept: KeptAnswer, administrator = false): string {
    const now = this.clock.now();
    const seconds = kept.validUntil === null ? null : secondsUntil(new Date(kept.validUntil), now);
    response.setHeader('ETag', kept.etag);
    response.setHeader('Vary', 'Authorization');
    response.setHeader('Content-Type', kept.contentType);
    if (administrator) {
      response.setHeader('Cache-Control', ADMINISTRATOR_READ);
      return kept.text;
    }
    response.setHeader('Cache-Control', kept.revalidateEachUse ? REVALIDATE_EACH_USE : publicCacheControl(seconds));
    const expiry = gatewayExpiry(kept, now, this.wallClock.now().getTime());
    if (expiry !== null) response.setHeader('X-Accel-Expires', expiry);
    return kept.text;
  }
}
