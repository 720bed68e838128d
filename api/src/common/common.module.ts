import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock, FileClock, WallClock } from './clock';
import { DatabaseRetryInterceptor } from './database-retry.interceptor';
import { ShutdownState } from './shutdown-state';

/**
 * Cross-cutting providers available to every feature module. The Clock is the real time, or with TEST_CLOCK_FILE the
 * instant a test writes in that file (FileClock). Reads that met a database outage are retried once
 * (DatabaseRetryInterceptor, docs/decisions/0044-survivable-faults.md (a)).
 */
@Global()
@Module({
  providers: [
    {
      provide: Clock,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.testClockFile ? new FileClock(config.testClockFile) : new Clock()),
    },
    WallClock,
    ShutdownState,
    { provide: APP_INTERCEPTOR, useClass: DatabaseRetryInterceptor },
  ],
  exports: [Clock, WallClock, ShutdownState],
})
export class CommonModule {}
