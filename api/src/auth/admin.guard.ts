import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AuthenticatedRequest } from './authenticated-request';

/**
 * Requires the administrator realm role (ADMIN_ROLE, default `admin`, in `realm_access.roles`) on the principal
 * AccessTokenGuard verified (DECISIONS D5): without it 403 `messages.forbidden`. Runs after
 * AccessTokenGuard; with no principal (guard missing) it answers 401 rather than let the request through.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly role: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.role = config.oidc.adminRole;
  }

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) throw new ApiError(401, messages.unauthorized);
    if (!user.roles.includes(this.role)) throw new ApiError(403, messages.forbidden);
    return true;
  }
}
