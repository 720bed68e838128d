import { DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { AdminsModule } from './admins/admins.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BackupModule } from './backup/backup.module';
import { BookingsModule } from './bookings/bookings.module';
import { CommonModule } from './common/common.module';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { CoverModule } from './cover/cover.module';
import { DATABASE_TARGET, type DatabaseTarget } from './database/database-target';
import { connectionLanes } from './database/embedded-pool';
import { connectModule } from './database/connect-module';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { LinksModule } from './links/links.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { PeopleModule } from './people/people.module';
import type { HttpLogger } from 'pino-http';
import { PlansModule } from './plans/plans.module';
import { PopupsModule } from './popups/popups.module';
import { PublicCacheModule } from './public-cache/public-cache.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RedisModule } from './redis/redis.module';
import { SiteHeadModule } from './site-head/site-head.module';
import { SiteModule } from './site/site.module';
import { TagsModule } from './tags/tags.module';

export type { DatabaseTarget };

/**
 * The API's root module. The database is decided before Nest starts (main.ts starts the embedded
 * server when DATABASE_URL is unset), so it is passed in. When TypeORM connects, the pending migrations
 * run under the migration lock (MIGRATIONS_RUN=true) or their absence is checked (false); a pending
 * migration is not retried like a refused connection, it stops the start at once.
 * `httpLogger`: the request logger main.ts already writes with (logging/); tests leave it out.
 * Every request runs in its connection lane (database/embedded-pool.ts,
 * docs/decisions/0091-responsive-embedded-default.md): a module middleware, so it is mounted at init, after
 * configure-app.ts's body parsers, whose stream events would not carry the lane on.
 */
@Module({})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(connectionLanes).forRoutes('{*path}');
  }

  static forRoot(config: AppConfig, database: DatabaseTarget, httpLogger?: HttpLogger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot(httpLogger),
        CommonModule,
        RedisModule,
        // Before AuthModule: the rate limit's global guard runs ahead of the access policy's.
        RateLimitModule,
        AuthModule,
        connectModule(database.url, database.embedded, config.migrationsRun),
        PublicCacheModule,
        LinksModule,
        PlansModule,
        PopupsModule,
        BookingsModule,
        TagsModule,
        ImagesModule,
        CoverModule,
        SiteHeadModule,
        SiteModule,
        HealthModule,
        MetricsModule,
        AdminsModule,
        BackupModule,
        AnalyticsModule,
        AuditModule,
        PeopleModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_TARGET, useValue: database },
      ],
      exports: [APP_CONFIG, DATABASE_TARGET],
      global: true,
    };
  }
}
