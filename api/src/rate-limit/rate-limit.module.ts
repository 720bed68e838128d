import { Module, type ExecutionContext } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis.module';
import { addressTracker, bookingPhone, deviceTracker, phoneTracker } from './booking-trackers';
import { RATE_LIMIT_BUCKETS } from './rate-limit.decorator';
import { bucketOf, RateLimitGuard } from './rate-limit.guard';
import { SharedThrottlerStorage } from './shared-throttler-storage';

/** The window every budget counts in, in milliseconds. */
export const WINDOW_MS = 60_000;

/**
 * Rate limits of the whole API (docs/decisions/0042-rate-limits.md): one throttler per budget (`read`, `write`,
 * `ingest`, `booking`), each applying only to the routes in its budget, with RATE_LIMIT_<BUDGET>_PER_MINUTE requests a
 * minute per client and route; counters in Redis when REDIS_URL is set (shared by every API process), else in memory.
 * The guard is global and runs before the access policy, so a flood is refused before any token is verified.
 *
 * The `booking` budget counts per device, not per address (docs/decisions/0074-waiting-room.md: a carrier's NAT puts
 * many visitors behind one address at opening hour), with two more limits on the same routes: a generous ceiling per
 * address (`booking-address`, against scripts that invent devices) and, for a submit, per phone number
 * (`booking-phone`).
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, RedisConnection],
      useFactory: (config: AppConfig, redis: RedisConnection) => ({
        throttlers: [
          ...RATE_LIMIT_BUCKETS.map((name) => ({
            name,
            ttl: WINDOW_MS,
            limit: config.rateLimitsPerMinute[name],
            skipIf: (context: ExecutionContext) => bucketOf(context) !== name,
            ...(name === 'booking' ? { getTracker: deviceTracker } : { getTracker: addressTracker }),
          })),
          {
            name: 'booking-address',
            ttl: WINDOW_MS,
            limit: config.bookingLimitsPerMinute.address,
            skipIf: (context: ExecutionContext) => bucketOf(context) !== 'booking',
            getTracker: addressTracker,
          },
          {
            name: 'booking-phone',
            ttl: WINDOW_MS,
            limit: config.bookingLimitsPerMinute.phone,
            skipIf: (context: ExecutionContext) =>
              bucketOf(context) !== 'booking' || bookingPhone(context.switchToHttp().getRequest()) === null,
            getTracker: phoneTracker,
          },
        ],
        storage: new SharedThrottlerStorage(redis.client),
        setHeaders: false,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}
