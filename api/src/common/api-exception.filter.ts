import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, ErrorEnvelope } from './api-error';
import { messages } from './messages';
import { isDatabaseUnavailable } from '../database/database-unavailable';

/**
 * `Retry-After` (seconds) of a 503 sent while the database is unreachable or restarting
 * (docs/decisions/0044-survivable-faults.md (a)).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const messageByStatus: Record<number, string> = {
  400: messages.badRequest,
  401: messages.unauthorized,
  403: messages.forbidden,
  404: messages.routeNotFound,
  405: messages.methodNotAllowed,
  409: messages.conflict,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
  422: messages.unprocessable,
  429: messages.tooManyRequests,
  503: messages.serviceUnavailable,
};

/** Errors raised by Express middleware (body-parser) carry an HTTP status and a type. */
interface MiddlewareError {
  status?: number;
  statusCode?: number;
}

/**
 * The one exception filter (docs/decisions/0001-response-envelope.md, STYLE.md): every error becomes
 * `{ statusCode, message: '<one Korean sentence>', errors? }` with `message` always a string.
 * - ApiError: passed through (its message is already Korean).
 * - Other HttpExceptions (Nest's 404 for unknown routes, 405, 413…): the Korean sentence for the status.
 * - Express middleware errors with a 4xx status (body too large…; Nest itself turns malformed JSON into
 *   a 400 BadRequestException): that status, Korean message — a caller's mistake is never a 500.
 * - The database unreachable or restarting (database/database-unavailable.ts: ECONNREFUSED, 57P01, 57P03,
 * "Connection terminated…"): 503 `messages.databaseUnavailable` with `Retry-After: 2`, not a 500
 * (docs/decisions/0044-survivable-faults.md (a)).
 * - Anything else: 500 `messages.serverError`, logged with its stack.
 * Every envelope also carries `requestId`, the request's `X-Request-Id` (logging/request-id.ts;
 * docs/decisions/0047-logs-metrics-audit.md), when the request logger gave it one.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const requestId: unknown = host.switchToHttp().getRequest<Request>().id;
    const envelope = this.toEnvelope(exception);
    const body = typeof requestId === 'string' ? { ...envelope, requestId } : envelope;
    if (response.headersSent) {
      response.end();
      return;
    }
    if (body.statusCode === 503 && isDatabaseUnavailable(exception)) {
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    response.status(body.statusCode).json(body);
  }

  toEnvelope(exception: unknown): ErrorEnvelope {
    if (exception instanceof ApiError) return exception.getResponse() as ErrorEnvelope;
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      if (statusCode >= 500) this.logger.error(exception.message, exception.stack);
      return { statusCode, message: messageByStatus[statusCode] ?? this.fallback(statusCode) };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: messages.databaseUnavailable };
    }
    const middleware = exception as MiddlewareError | null;
    const status = middleware?.status ?? middleware?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, message: messageByStatus[status] ?? messages.badRequest };
    }
    this.logger.error(
      exception instanceof Error ? exception.message : String(exception),
      exception instanceof Error ? exception.stack : undefined,
    );
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: messages.serverError };
  }

  private fallback(status: number): string {
    return status >= 500 ? messages.serverError : messages.badRequest;
  }
}
