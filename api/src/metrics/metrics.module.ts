import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CacheMetrics } from './cache-metrics';
import { ApiMetrics, type PoolCounts } from './metrics';
import { RemoteErrorMetrics } from './remote-error-metrics';

/** The pg pool behind a TypeORM PostgreSQL data source (`driver.master`), once connected. */
const poolOf = (dataSource: DataSource | undefined): PoolCounts | undefined =>
  (dataSource?.driver as unknown as { master?: PoolCounts } | undefined)?.master;

/**
 * Prometheus metrics (docs/decisions/0047-logs-metrics-audit.md): ApiMetrics (the registry, the request timer, the pool
 * gauge), CacheMetrics for caches to count hits and misses, and RemoteErrorMetrics for the analytics ingest to count
 * the errors browsers report of a remote. Global, so any module can inject them. Without a DataSource (specs of the
 * wiring alone) the pool gauge stays empty. configure-app.ts mounts the timer and the /metrics endpoint.
 */
@Global()
@Module({
  providers: [
    {
      provide: ApiMetrics,
      inject: [{ token: DataSource, optional: true }],
      useFactory: (dataSource?: DataSource) => new ApiMetrics(() => poolOf(dataSource)),
    },
    CacheMetrics,
    RemoteErrorMetrics,
  ],
  exports: [ApiMetrics, CacheMetrics, RemoteErrorMetrics],
})
export class MetricsModule {}
