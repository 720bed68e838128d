import type { ServerResponse } from 'node:http';
import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { RATE_LIMIT_BUCKET, type RateLimitBucket } from './rate-limit.decorator';

/** The budget a request counts against: the route's `@RateLimit()`, else `read` for GET/HEAD and `write` otherwise. */
export function bucketOf(context: ExecutionContext): RateLimitBucket | 'none' {
  const declared = (Reflect.getMetadata(RATE_LIMIT_BUCKET, context.getHandler()) ??
    Reflect.getMetadata(RATE_LIMIT_BUCKET, context.getClass())) as RateLimitBucket | 'none' | undefined;
  if (declared) return declared;
  const { method } = context.switchToHttp().getRequest<{ method: string }>();
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * The refusal of a client over its budget: `Retry-After` (whole seconds, at least 1) set on `response`, and the 429
 * with the Korean `messages.tooManyRequests` to throw or pass on. Shared by the guard and the analytics ingest's own
 * endpoint (analytics/ingest-endpoint.ts).
 * @param timeToBlockExpire seconds until the client may send again, as the throttler storage says.
 */
export function overLimit(response: ServerResponse, timeToBlockExpire: number): ApiError {
  response.setHeader('Retry-After', String(Math.max(1, Math.ceil(timeToBlockExpire))));
  return new ApiError(429, messages.tooManyRequests);
}

/**
 * The global rate limit (@nestjs/throttler): per client address (as Express sees it through the trusted proxies,
 * TRUST_PROXY) and per route, in the budget of {@link bucketOf}. Over the limit: 429 with `Retry-After` (seconds) and
 * the Korean `messages.tooManyRequests`.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw overLimit(context.switchToHttp().getResponse<Response>(), detail.timeToBlockExpire);
  }
}
