import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, retry, throwError, timer } from 'rxjs';
import { isDatabaseUnavailable } from '../database/database-unavailable';

/** Wait before the one retry of a read, in milliseconds: long enough for a pool to drop its dead connections. */
export const DATABASE_RETRY_DELAY_MS = 250;

/**
 * Global interceptor (CommonModule, docs/decisions/0044-survivable-faults.md (a)): an idempotent read (GET, HEAD) whose
 * handler failed because the database was unreachable or restarting (database/database-unavailable.ts) runs once more
 * after {@link DATABASE_RETRY_DELAY_MS}; a second failure, and any write's, goes to the exception filter, which answers
 * 503 with `Retry-After`. Writes are never retried here: the client cannot know whether the first attempt committed.
 */
@Injectable()
export class DatabaseRetryInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>().method;
    if (method !== 'GET' && method !== 'HEAD') return next.handle();
    // next.handle() is deferred: each subscription runs the route handler again.
    return next.handle().pipe(
      retry({
        count: 1,
        delay: (error: unknown) =>
          isDatabaseUnavailable(error) ? timer(DATABASE_RETRY_DELAY_MS) : throwError(() => error),
      }),
    );
  }
}
