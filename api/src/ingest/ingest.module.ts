import { type DynamicModule, Module } from '@nestjs/common';
import type { HttpLogger } from 'pino-http';
import { AnalyticsIngestService } from '../analytics/analytics-ingest.service';
import { CommonModule } from '../common/common.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { connectModule } from '../database/connect-module';
import { HealthModule } from '../health/health.module';
import { LoggingModule } from '../logging/logging.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { RedisModule } from '../redis/redis.module';

/**
 * The root module of the ingest process (ingest-main.ts, docs/decisions/0072-cheap-analytics-ingest.md): the beacon's
 * service (analytics/analytics-ingest.service.ts) with what it needs (the clock, the metrics, the rate limits'
 * storage: Redis when REDIS_URL is set, so its per-client budget is the API's), health (`/api/health/live`,
 * `/api/health/ready`) and logging, on its own pool to the API's PostgreSQL server. It never migrates: a pending
 * migration refuses its start (the API or the migrate job runs them), and it runs none of the API's periodic jobs.
 */
@Module({})
export class IngestModule {
  /** @param databaseUrl a PostgreSQL server's address (DATABASE_URL): never the embedded one, which admits one session. */
  static forRoot(config: AppConfig, databaseUrl: string, httpLogger?: HttpLogger): DynamicModule {
    return {
      module: IngestModule,
      imports: [
        LoggingModule.forRoot(httpLogger),
        CommonModule,
        RedisModule,
        RateLimitModule,
        connectModule(databaseUrl, false, false),
        HealthModule,
        MetricsModule,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }, AnalyticsIngestService],
      exports: [APP_CONFIG],
      global: true,
    };
  }
}
