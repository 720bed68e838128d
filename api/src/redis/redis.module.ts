import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { messages } from '../common/messages';

/**
 * The optional Redis connection shared by the API processes (ARCHITECTURE "Shared state for several processes"): the
 * rate-limit counters. Not the public-read cache's invalidation, which PostgreSQL carries inside each write's
 * transaction (public-cache/invalidation-channel.ts, docs/decisions/0089-invalidation-cannot-be-lost.md). `client` is
 * null without REDIS_URL; the embedded defaults then keep everything in the process.
 *
 * Commands fail at once while Redis is unreachable (no offline queue, one try), so a caller can fall back to its
 * per-process behaviour instead of waiting; the client keeps reconnecting in the background. Keys carry
 * REDIS_KEY_PREFIX (default `linksite:`), so several sites or test runs can share one server.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis | null;
  private lastError = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          keyPrefix: config.redisKeyPrefix,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          retryStrategy: (times) => Math.min(times * 200, 2000),
        })
      : null;
    // Without a listener ioredis prints every failed reconnection; one line a minute says enough.
    this.client?.on('error', (error: Error) => {
      if (Date.now() - this.lastError < 60_000) return;
      this.lastError = Date.now();
      this.logger.warn(messages.redisUnavailable(error.message));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.client?.disconnect();
  }
}

@Global()
@Module({ providers: [RedisConnection], exports: [RedisConnection] })
export class RedisModule {}
