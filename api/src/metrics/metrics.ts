import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { routeOf } from '../logging/http-logger';

/** The connection counts of a pg pool (node-postgres `Pool`). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Upper bounds of the request duration buckets, in seconds: 5 ms to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API's Prometheus metrics (docs/decisions/0047-logs-metrics-audit.md), in a registry of its own per app (not
 * prom-client's global one, so several apps in one test process do not collide):
 * - `http_request_duration_seconds{method, route, status}`: histogram of the time from the first middleware to the
 *   end of the answer; `route` is the route template (`/api/main/update/:id`) or `unmatched`, never a raw path,
 *   so the label set stays small;
 * - `db_pool_clients{state="total"|"idle"|"waiting"}`: the pg pool's connections and the queries waiting for one,
 *   read at each scrape;
 * - `cache_hits_total{cache}` / `cache_misses_total{cache}`: counted through CacheMetrics by the public-read cache;
 * - `linksite_remote_browser_errors_total{remote, version}`: errors the browsers reported of a remote's release,
 *   counted through RemoteErrorMetrics, which bounds the label pairs;
 * - prom-client's default process metrics (CPU, memory, event-loop lag, handles, GC).
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the arrival of a request to the end of its answer, by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly cacheHits = new Counter({
    name: 'cache_hits_total',
    help: 'Reads answered from a cache, by cache',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });
  readonly cacheMisses = new Counter({
    name: 'cache_misses_total',
    help: 'Reads a cache could not answer, by cache',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });
  readonly remoteBrowserErrors = new Counter({
    name: 'linksite_remote_browser_errors_total',
    help: "Errors browsers reported of a remote's code, by remote and release version ('-' when unknown)",
    labelNames: ['remote', 'version'] as const,
    registers: [this.registry],
  });

  /** @param pool the pg pool to report, read lazily at each scrape (undefined until the database connected). */
  constructor(pool: () => PoolCounts | undefined) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'db_pool_clients',
      help: 'Database pool: open connections (total), idle ones, and queries waiting for a connection',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const counts = pool();
        if (!counts) return;
        this.set({ state: 'total' }, counts.totalCount);
        this.set({ state: 'idle' }, counts.idleCount);
        this.set({ state: 'waiting' }, counts.waitingCount);
      },
    });
  }

  /** Express middleware timing every request into `http_request_duration_seconds` when its answer ends. */
  readonly middleware = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const end = this.duration.startTimer();
    response.once('close', () =>
      end({ method: request.method ?? 'OTHER', route: routeOf(request) ?? 'unmatched', status: response.statusCode }),
    );
    next();
  };
}
