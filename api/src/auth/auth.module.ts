import { Global, Module } from '@nestjs/common';
import { AccessTokenGuard } from './access-token.guard';
import { AccessTokenVerifier } from './access-token-verifier';
import { AdminGuard } from './admin.guard';

/**
 * Access token verification and the administrator guards (DECISIONS D5). Global, so any feature module can put
 * `@AdminOnly()` on its routes; one AccessTokenVerifier, so discovery and the key set are fetched once.
 */
@Global()
@Module({
  providers: [AccessTokenVerifier, AccessTokenGuard, AdminGuard],
  exports: [AccessTokenVerifier, AccessTokenGuard, AdminGuard],
})
export class AuthModule {}
