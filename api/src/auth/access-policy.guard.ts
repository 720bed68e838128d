import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessTokenGuard } from './access-token.guard';
import { IS_PUBLIC } from './public.decorator';
import { RolesGuard } from './roles.guard';

/**
 * The one global guard (APP_GUARD, docs/decisions/0005-authentication.md): a route marked `@Public()` (on the handler
 * or its controller) is open; every other route needs a valid access token (AccessTokenGuard: 401
 * `messages.unauthorized`, 503 when the issuer is down) carrying a site role the route is open to (RolesGuard: `owner`
 * everywhere, `editor`/`staff` where `@Roles(...)` names them; 403 otherwise; docs/decisions/0079-roles.md).
 */
@Injectable()
export class AccessPolicyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accessToken: AccessTokenGuard,
    private readonly roles: RolesGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    return (await this.accessToken.canActivate(context)) && this.roles.canActivate(context);
  }
}
