import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { ShutdownState } from './shutdown-state';

/** Cross-cutting providers available to every feature module. */
@Global()
@Module({ providers: [Clock, ShutdownState], exports: [Clock, ShutdownState] })
export class CommonModule {}
