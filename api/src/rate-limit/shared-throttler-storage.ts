import { Logger } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type Redis from 'ioredis';
import { messages } from '../common/messages';

/**
 * Where the rate-limit counters live: in Redis when it is configured, so every API process spends one budget
 * (@nest-lab/throttler-storage-redis, one Lua script per hit); in this process's memory otherwise. When Redis does not
 * answer, the count falls back to this process's memory for that request (docs/decisions/0044-survivable-faults.md:
 * rate limiting degrades to per-process, nothing else fails).
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new ThrottlerStorageService();
  private readonly redis: ThrottlerStorageRedisService | null;
  private lastWarning = 0;

  constructor(client: Redis | null) {
    this.redis = client ? new ThrottlerStorageRedisService(client) : null;
  }

  /** True when counters are shared through Redis (it may still be down right now). */
  get shared(): boolean {
    return this.redis !== null;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    if (this.redis) {
      try {
        return await this.redis.increment(key, ttl, limit, blockDuration, throttlerName);
      } catch (error) {
        if (Date.now() - this.lastWarning > 60_000) {
          this.lastWarning = Date.now();
          this.logger.warn(messages.rateLimitPerProcess(error instanceof Error ? error.message : String(error)));
        }
      }
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  /** Stops the in-memory store's sweep timer. */
  close(): void {
    this.memory.onApplicationShutdown();
  }
}
