import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { SiteRole } from '../common/shared-rules';

/** Metadata key of {@link Roles}, read by RolesGuard and by the authorization matrix. */
export const ROLES = 'linksite:roles';

/** OpenAPI extension listing the roles an operation is open to (`owner` always among them). */
export const ROLES_EXTENSION = 'x-linksite-roles';

/**
 * Opens a route (or a whole controller; the handler's wins) to roles besides `owner` (docs/decisions/0079-roles.md).
 * Deny by default: a route without it is the owner's alone, so a route added without a thought is not handed to door
 * staff. `@Public()` routes take no token and ignore roles.
 * @example `@Roles('editor')` on the link writes; `@Roles('staff')` on check-in.
 */
export const Roles = (...roles: Exclude<SiteRole, 'owner'>[]): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(ROLES, roles), ApiExtension(ROLES_EXTENSION, ['owner', ...roles]));
