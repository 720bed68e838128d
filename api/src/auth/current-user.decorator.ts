import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request';
import type { Principal } from './principal';

/**
 * The verified principal `{ sub, username, name, email, roles }` of a route that is not `@Public()` (the global AccessPolicyGuard verified it)
 * (put there by AccessTokenGuard). On a route without the guard it is undefined.
 */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
