import { HttpException } from '@nestjs/common';
import type { ErrorResponse, FieldErrorDto } from './dto/error-response.dto';

/**
 * An error body as sent (docs/decisions/0001-response-envelope.md): the envelope, plus the current state when a write
 * lost a race.
 */
export type ErrorEnvelope = ErrorResponse & {
  /**
   * The current state when a write lost a race, so the screen can refresh (docs/decisions/0003-api-calls.md: a stale
   * reorder's 409).
   */
  product?: unknown;
};

/**
 * An HTTP error whose message is already the Korean sentence for the user (from common/messages.ts).
 * The global filter passes it through unchanged; any other HttpException gets a Korean message by status.
 */
export class ApiError extends HttpException {
  constructor(status: number, message: string, errors?: FieldErrorDto[], product?: unknown) {
    super(
      {
        statusCode: status,
        message,
        ...(errors ? { errors } : {}),
        ...(product !== undefined ? { product } : {}),
      } satisfies ErrorEnvelope,
      status,
    );
  }
}
