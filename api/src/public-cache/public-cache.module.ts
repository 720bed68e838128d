import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CACHE_OBSERVER, noCacheObserver } from './cache-observer';
import { InvalidateOnWriteInterceptor } from './invalidate-on-write.interceptor';
import { PublicCache } from './public-cache';

/**
 * The in-process caches of issue 14 item 4: PublicCache (serialized public reads, invalidated across processes) and the
 * CACHE_OBSERVER told of every hit and miss (a no-op until metrics provide their own), with the interceptor that
 * invalidates after every administrator write.
 */
@Global()
@Module({
  providers: [
    PublicCache,
    { provide: CACHE_OBSERVER, useValue: noCacheObserver },
    { provide: APP_INTERCEPTOR, useClass: InvalidateOnWriteInterceptor },
  ],
  exports: [PublicCache, CACHE_OBSERVER],
})
export class PublicCacheModule {}
