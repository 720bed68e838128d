import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type Observable, tap } from 'rxjs';
import { IS_PUBLIC } from '../auth/public.decorator';
import { PublicCache } from './public-cache';

/** Methods that write nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every administrator write empties this process's public-read cache (docs/decisions/0035-public-read-caching.md):
 * links (JSON and multipart, images, order), plans, popup slots and information, the cover, restore of a backup. It
 * runs once the handler has finished (its transaction committed), succeeded or failed, and before the answer leaves, so
 * the administrator's next read shows the write. The other processes are told by the write's own transaction, not from
 * here: its `NOTIFY` (database/migrations/1795953600000-public-cache-notify.ts) commits with the data, so no failure
 * after the commit can lose it (docs/decisions/0089-invalidation-cannot-be-lost.md); this process hears it as well, and
 * this only saves the wait. Being after the guards, a request refused for its token or its rate never empties the
 * cache. Public writes do not either: analytics beacons change no cached answer, and a visitor's booking changes one
 * (`GET /api/reserve/status`) only when it fills a slot or its cancellation reopens one, when BookingsService empties
 * the cache itself. A new write endpoint is covered without anything to add; non-HTTP writes call
 * `PublicCache.invalidate()` themselves.
 */
@Injectable()
export class InvalidateOnWriteInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: PublicCache,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const method = context.switchToHttp().getRequest<Request>().method;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (SAFE_METHODS.has(method) || isPublic) return next.handle();
    const invalidate = () => this.cache.invalidate();
    return next.handle().pipe(tap({ next: invalidate, error: invalidate }));
  }
}
