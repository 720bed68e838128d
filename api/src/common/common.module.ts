import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock, FileClock, WallClock } from './clock';
import { ShutdownState } from './shutdown-state';

/**
 * Cross-cutting providers available to every feature module. The Clock is the real time, or with TEST_CLOCK_FILE the
 * instant a test writes in that file (FileClock).
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
  ],
  exports: [Clock, WallClock, ShutdownState],
})
export class CommonModule {}
