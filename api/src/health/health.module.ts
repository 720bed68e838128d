import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';

/**
 * Liveness and readiness (health.controller.ts) on `@nestjs/terminus` (docs/decisions/0047-logs-metrics-audit.md).
 * Terminus's own error log is off: a failed readiness check is already one `error` line of the request logger (503,
 * with its request id).
 */
@Module({ imports: [TerminusModule.forRoot({ logger: false })], controllers: [HealthController] })
export class HealthModule {}
