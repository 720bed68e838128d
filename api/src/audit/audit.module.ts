import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditController } from './audit.controller';
import { AuditInterceptor } from './audit.interceptor';
import { AuditService } from './audit.service';

/**
 * The audit trail of administrator writes (docs/decisions/0047-logs-metrics-audit.md): the global AuditInterceptor
 * records each one in `audit_entry`, `GET /api/audit` pages through them.
 */
@Module({
  controllers: [AuditController],
  providers: [AuditService, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  // The people module writes its own entries: accounts live in the identity provider, not in a table to snapshot.
  exports: [AuditService],
})
export class AuditModule {}
