import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** Cross-cutting providers available to every feature module. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class CommonModule {}
