import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessPolicyGuard } from './access-policy.guard';
import { AccessTokenGuard } from './access-token.guard';
import { AccessTokenVerifier } from './access-token-verifier';
import { RolesGuard } from './roles.guard';

/**
 * Access token verification and the global access policy (docs/decisions/0005-authentication.md): every route needs a
 * token with a site role it is open to (`@Roles`, owner-only by default) unless it is `@Public()`. One
 * AccessTokenVerifier, so discovery and the key set are fetched once.
 */
@Global()
@Module({
  providers: [AccessTokenVerifier, AccessTokenGuard, RolesGuard, { provide: APP_GUARD, useClass: AccessPolicyGuard }],
  exports: [AccessTokenVerifier],
})
export class AuthModule {}
