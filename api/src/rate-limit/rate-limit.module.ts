import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis.module';
import { RATE_LIMIT_BUCKETS } from './rate-limit.decorator';
import { bucketOf, RateLimitGuard } from './rate-limit.guard';
import { SharedThrottlerStorage } from './shared-throttler-storage';

/** The window every budget counts in, in milliseconds. */
export const WINDOW_MS = 60_000;

/**
 * Rate limits of the whole API (issue 15 "Rate limits"): one throttler per budget (`read`, `write`, `ingest`,
 * `booking`), each applying only to the routes in its budget, with RATE_LIMIT_<BUDGET>_PER_MINUTE requests a minute
 * per client and route; counters in Redis when REDIS_URL is set (shared by every API process), else in memory.
 * The guard is global and runs before the access policy, so a flood is refused before any token is verified.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, RedisConnection],
      useFactory: (config: AppConfig, redis: RedisConnection) => ({
        throttlers: RATE_LIMIT_BUCKETS.map((name) => ({
          name,
          ttl: WINDOW_MS,
          limit: config.rateLimitsPerMinute[name],
          skipIf: (context) => bucketOf(context) !== name,
        })),
        storage: new SharedThrottlerStorage(redis.client),
        setHeaders: false,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}
