import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/authenticated-request';
import { IS_PUBLIC } from '../auth/public.decorator';
import { Clock } from '../common/clock';
import { routeOf } from '../logging/http-logger';
import { AUDIT_SUBJECTS, NOT_AUDITED, type AuditSubject } from './audit-subjects';
import { AuditService } from './audit.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A positive integer id, or null. */
const asId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * Records every successful administrator write in `audit_entry` (docs/decisions/0047-logs-metrics-audit.md): a global
 * interceptor, so a write route added later is recorded without anyone listing it. It runs after the guards, on routes
 * that are not `@Public()` and are not reads, for a request with a verified principal:
 * 1. before the handler: the entity's row as JSON (audit-subjects.ts says which table and id);
 * 2. the handler runs and commits its own transaction;
 * 3. right after it answered successfully: the row again (`after`; null once deleted) and one `audit_entry` row with
 *    who (`sub`, `preferred_username`), when (the app's Clock), what (method, route template, entity, id), status and
 *    request id.
 * The entry is written right after the write's commit, not inside its transaction (the services own their
 * transactions): a crash between the two loses the entry, and a concurrent write to the same row in between can show
 * in `before`/`after`. A failed write (any 4xx/5xx) is not recorded. A failure to record is logged, never turned
 * into an error for a write that already happened.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const route = routeOf(request);
    const what = `${request.method} ${route}`;
    if (context.getType() !== 'http' || isPublic || READS.has(request.method) || !request.user || !route) {
      return next.handle();
    }
    if (NOT_AUDITED.has(what)) return next.handle();
    return from(this.around(context, next, request, route, AUDIT_SUBJECTS[what]));
  }

  private async around(
    context: ExecutionContext,
    next: CallHandler,
    request: AuthenticatedRequest,
    route: string,
    subject: AuditSubject | undefined,
  ): Promise<unknown> {
    const paramId = subject?.id === 'param' ? asId(request.params.id) : subject?.id === 'single' ? 1 : null;
    const before = subject ? await this.audit.snapshot(subject, paramId) : null;
    const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
    const productId = asId((result as { product?: { id?: unknown } } | undefined)?.product?.id);
    const entityId = subject?.id === 'product' ? productId : paramId;
    try {
      const after = subject ? await this.audit.snapshot(subject, entityId) : null;
      await this.audit.record({
        at: this.clock.now(),
        actorSub: request.user!.sub,
        actorName: request.user!.username,
        method: request.method,
        route,
        entity: subject?.entity ?? null,
        entityId,
        before,
        after,
        status: this.statusOf(context, request.method),
        requestId: typeof request.id === 'string' ? request.id : null,
      });
    } catch (error) {
      this.logger.error(`audit entry not written for ${request.method} ${route}`, (error as Error).stack);
    }
    return result;
  }

  /**
   * The status the answer will have: Nest applies a route's default (201 for POST) or `@HttpCode` after the
   * interceptors, so a still-default 200 is replaced by it.
   */
  private statusOf(context: ExecutionContext, method: string): number {
    const current = context.switchToHttp().getResponse<Response>().statusCode;
    if (current !== 200) return current;
    return this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()) ?? (method === 'POST' ? 201 : 200);
  }
}
