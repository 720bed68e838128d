import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CacheMetrics } from '../metrics/cache-metrics';
import { CACHE_OBSERVER, type CacheObserver, noCacheObserver } from './cache-observer';
import { InvalidateOnWriteInterceptor } from './invalidate-on-write.interceptor';
import { PublicCache } from './public-cache';
import { PublicReadInterceptor } from './public-read.interceptor';

/**
 * The in-process caches (api/README.md "Public-read cache"): PublicCache (serialized public reads, invalidated across
 * processes), the CACHE_OBSERVER told of every hit and miss (the metrics' CacheMetrics: `cache_hits_total` /
 * `cache_misses_total` on /metrics; a no-op where MetricsModule is not loaded), and the two global interceptors: the
 * one read path of `@PublicRead()` routes, and the invalidation after every administrator write.
 */
@Global()
@Module({
  providers: [
    PublicCache,
    {
      provide: CACHE_OBSERVER,
      inject: [{ token: CacheMetrics, optional: true }],
      useFactory: (metrics?: CacheMetrics): CacheObserver => metrics ?? noCacheObserver,
    },
    { provide: APP_INTERCEPTOR, useClass: PublicReadInterceptor },
    { provide: APP_INTERCEPTOR, useClass: InvalidateOnWriteInterceptor },
  ],
  exports: [PublicCache, CACHE_OBSERVER],
})
export class PublicCacheModule {}
