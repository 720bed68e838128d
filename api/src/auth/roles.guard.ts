import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { rolesAllow, type SiteRole } from '../common/shared-rules';
import type { AuthenticatedRequest } from './authenticated-request';
import { ROLES } from './roles.decorator';

/**
 * Lets a signed-in principal through when one of its site roles (Principal.siteRoles, docs/decisions/0079-roles.md) may
 * use the route: `owner` always, the others only where `@Roles(...)` names them (deny by default).
 * - No site role at all (a token of the realm without owner/editor/staff or the legacy ADMIN_ROLE): 403
 *   `messages.forbidden`.
 * - A site role the route is not open to: 403 `messages.roleForbidden`.
 * Runs after AccessTokenGuard; with no principal (guard missing) it answers 401 rather than let the request through.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) throw new ApiError(401, messages.unauthorized);
    if (user.siteRoles.length === 0) throw new ApiError(403, messages.forbidden);
    const allowed =
      this.reflector.getAllAndOverride<SiteRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]) ?? [];
    if (!rolesAllow(user.siteRoles, allowed)) throw new ApiError(403, messages.roleForbidden);
    return true;
  }
}
