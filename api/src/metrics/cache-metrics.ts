import { Injectable } from '@nestjs/common';
import { ApiMetrics } from './metrics';

/**
 * The hook a cache counts its reads through, for the hit rate on /metrics (docs/decisions/0047-logs-metrics-audit.md):
 * `cache_hits_total{cache}` and `cache_misses_total{cache}`; rate = hits / (hits + misses).
 * Inject it anywhere (MetricsModule is global) and call `hit('store')` / `miss('store')`; `cache` is a short fixed
 * name of the cache, never a key or anything from the request.
 */
@Injectable()
export class CacheMetrics {
  constructor(private readonly metrics: ApiMetrics) {}

  /** One read answered from the cache named `cache`. */
  hit(cache: string): void {
    this.metrics.cacheHits.inc({ cache });
  }

  /** One read the cache named `cache` could not answer (absent or stale). */
  miss(cache: string): void {
    this.metrics.cacheMisses.inc({ cache });
  }
}
