import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ApiError } from './api-error';
import { messages } from './messages';

/** What a route takes when its handler declares no `@ApiConsumes()`: JSON, as the OpenAPI document says. */
const DEFAULT_CONSUMES = ['application/json'];

/** True when the request carries a body (a length above 0, or chunked). */
const hasBody = (request: Request): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * Global interceptor: a POST, PUT or PATCH with a body whose `Content-Type` is not one the route consumes → 415
 * `messages.bodyTypeRefused(accepted)`, before the handler (nothing stored). The accepted types are the route's
 * `@ApiConsumes()` (multipart uploads, the gzip backup, the text/plain analytics beacon), otherwise
 * `application/json`: the same list the OpenAPI document publishes.
 * docs/decisions/0043-bad-input-corpus.md: the bad-input corpus found a form-encoded `POST /api/plan` stored as if it
 * were JSON, and a text/plain `PUT /api/main/update/{id}` answered 200 as an empty edit. A request without a body
 * passes.
 */
@Injectable()
export class RequestBodyTypeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (['POST', 'PUT', 'PATCH'].includes(request.method) && hasBody(request)) {
      const accepted =
        this.reflector.getAllAndOverride<string[] | undefined>(DECORATORS.API_CONSUMES, [
          context.getHandler(),
          context.getClass(),
        ]) ?? DEFAULT_CONSUMES;
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!accepted.includes(type)) throw new ApiError(415, messages.bodyTypeRefused(accepted.join(', ')));
    }
    return next.handle();
  }
}
