import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ApiError } from './api-error';
import { messages } from './messages';

/** What `@ApiQuery()` leaves on a handler, as far as read here. */
interface DocumentedParameter {
  name?: string;
  in?: string;
  isArray?: boolean;
  schema?: { type?: string };
}

/** The query parameters a handler reads, each with whether it takes several values. */
type QueryParameters = ReadonlyMap<string, { many: boolean }>;

/**
 * The query parameters of a handler: those its OpenAPI description declares (`@ApiQuery()`, array ones marked as
 * taking several values) and those it reads by name (`@Query('days')`), so a parameter the document forgets is
 * covered all the same.
 */
function queryParameters(controller: object, handler: ReturnType<ExecutionContext['getHandler']>): QueryParameters {
  const found = new Map<string, { many: boolean }>();
  const documented = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) ?? []) as DocumentedParameter[];
  for (const parameter of documented) {
    if (parameter.in !== 'query' || !parameter.name) continue;
    found.set(parameter.name, { many: parameter.isArray === true || parameter.schema?.type === 'array' });
  }
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<
    string,
    { data?: unknown }
  >;
  for (const [key, { data }] of Object.entries(args)) {
    const [type] = key.split(':');
    if (Number(type) === RouteParamtypes.QUERY && typeof data === 'string' && !found.has(data)) {
      found.set(data, { many: false });
    }
  }
  return found;
}

/**
 * Global interceptor (docs/decisions/0096-smaller-hardening.md): a query parameter the route reads, given more than
 * once (`?days=7&days=30`, which Express makes an array) or in bracket form (`?days[]=7`, `?days[x]=7`, which Express's
 * simple query parser keeps under the key `days[]`, so the handler saw no `days` and answered its default) → 400
 * `messages.queryNotSingle(name)` naming it, in the shape of a bad scalar's 400 (`{ statusCode, message, requestId }`),
 * before the handler. One rule for every route instead of one check per handler. The parameters are the route's own
 * ({@link queryParameters}); a parameter documented as an array (`@ApiQuery({ isArray: true })`) may repeat, and a
 * parameter the route does not read is left alone, as before.
 */
@Injectable()
export class SingleQueryValueInterceptor implements NestInterceptor {
  private readonly parametersOf = new WeakMap<object, QueryParameters>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const handler = context.getHandler();
    let parameters = this.parametersOf.get(handler);
    if (!parameters) {
      parameters = queryParameters(context.getClass(), handler);
      this.parametersOf.set(handler, parameters);
    }
    if (parameters.size > 0) {
      const query = (context.switchToHttp().getRequest<Request>().query ?? {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(query)) {
        const bracket = key.indexOf('[');
        const name = bracket < 0 ? key : key.slice(0, bracket);
        const parameter = parameters.get(name);
        if (parameter && !parameter.many && (bracket >= 0 || typeof value !== 'string')) {
          throw new ApiError(400, messages.queryNotSingle(name));
        }
      }
    }
    return next.handle();
  }
}
