import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiServiceUnavailableResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { messages } from '../common/messages';
import { AccessTokenGuard } from './access-token.guard';
import { AdminGuard } from './admin.guard';

/**
 * Marks a route (or a whole controller) administrator-only (DECISIONS D3/D5: every write, every popup read,
 * `POST /api/login`): a valid access token (401 otherwise) with the administrator realm role (403 otherwise).
 * There is no opposite `@Public()`: routes are open unless marked, and the authorization matrix
 * (test/authorization-matrix.int.spec.ts) fails for any non-GET or /api/popup route that answers without it.
 */
export const AdminOnly = (): MethodDecorator & ClassDecorator =>
  applyDecorators(
    UseGuards(AccessTokenGuard, AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: messages.unauthorized }),
    ApiForbiddenResponse({ description: messages.forbidden }),
    ApiServiceUnavailableResponse({ description: messages.issuerUnavailable }),
  );
