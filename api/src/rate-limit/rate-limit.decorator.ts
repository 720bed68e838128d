import { applyDecorators, SetMetadata } from '@nestjs/common';

/**
 * The separate budgets of the API's rate limits (docs/decisions/0042-rate-limits.md): public reads, administrator
 * writes, the analytics ingest and popup bookings. A request counts against one of them only.
 */
export const RATE_LIMIT_BUCKETS = ['read', 'write', 'ingest', 'booking'] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

/** Metadata key of {@link RateLimit}; the value `'none'` is {@link SkipRateLimit}. */
export const RATE_LIMIT_BUCKET = 'linksite:rate-limit-bucket';

/**
 * Puts a route (or a controller) in one budget. Without it, a GET counts as `read` and anything else as `write`.
 */
export const RateLimit = (bucket: RateLimitBucket): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(RATE_LIMIT_BUCKET, bucket));

/** Takes a route out of rate limiting: the health probes an orchestrator calls every few seconds. */
export const SkipRateLimit = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(RATE_LIMIT_BUCKET, 'none'));
