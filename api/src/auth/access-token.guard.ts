import { CanActivate, ExecutionContext, Injectable, Logger, Optional } from '@nestjs/common';
import type { Response } from 'express';
import { DisabledAccounts } from '../admins/disabled-accounts';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { AccessTokenVerifier, IssuerUnavailable } from './access-token-verifier';
import { bearerToken, type AuthenticatedRequest } from './authenticated-request';

/**
 * Lets a request through only with a valid bearer access token (docs/decisions/0005-authentication.md), and puts its
 * principal on `request.user` (read it with `@CurrentUser()`).
 * - No token, or a token AccessTokenVerifier refuses: 401 `messages.unauthorized` with `WWW-Authenticate: Bearer`
 *   (plus `error="invalid_token"` when a token was sent, RFC 6750 §3).
 * - The issuer cannot be reached: 503 `messages.issuerUnavailable`.
 * - A valid token of an account the owner disabled (DisabledAccounts, docs/decisions/0080-people-invites-totp.md): 401
 *   `messages.accountDisabled`.
 * Runs as part of AccessPolicyGuard (global), never on its own.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  private readonly logger = new Logger('AccessTokenGuard');

  constructor(
    private readonly verifier: AccessTokenVerifier,
    @Optional() private readonly disabledAccounts?: DisabledAccounts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const response = http.getResponse<Response>();
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, messages.unauthorized);
    }
    try {
      request.user = await this.verifier.verify(token);
    } catch (error) {
      if (error instanceof IssuerUnavailable) {
        this.logger.warn(error.message);
        throw new ApiError(503, messages.issuerUnavailable);
      }
      this.logger.debug(
        `401 ${request.method} ${request.originalUrl}: ${error instanceof Error ? error.message : String(error)}`,
      );
      response.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new ApiError(401, messages.unauthorized);
    }
    if (await this.disabledAccounts?.isDisabled(request.user.sub)) {
      response.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new ApiError(401, messages.accountDisabled);
    }
    return true;
  }
}
