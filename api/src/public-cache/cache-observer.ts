/**
 * The in-process caches of the API (docs/decisions/0035-public-read-caching.md): serialized public reads, and image
 * variants in memory.
 */
export type CacheName = 'public-reads' | 'image-variants';

/**
 * Told of every lookup of an in-process cache: the single place where metrics are wired (a `CacheMetrics` service
 * counting hits and misses per cache, say). Provide another implementation under {@link CACHE_OBSERVER}; the default
 * does nothing. Calls are synchronous and on the request's path, so an implementation must be cheap and must not throw.
 */
export interface CacheObserver {
  /** A lookup answered from memory. */
  hit(cache: CacheName): void;
  /** A lookup that had to read the database (absent, expired, or the cache is off or not trusted just now). */
  miss(cache: CacheName): void;
}

/** Nest injection token of the {@link CacheObserver}. */
export const CACHE_OBSERVER = Symbol('CACHE_OBSERVER');

/** The default {@link CacheObserver}: counts nothing. */
export const noCacheObserver: CacheObserver = { hit: () => undefined, miss: () => undefined };
