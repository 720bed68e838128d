import { HttpException } from '@nestjs/common';

/** One field-level problem in an error envelope (DECISIONS D1). */
export interface FieldError {
  field: string;
  message: string;
}

/** The D1 error body: `{ statusCode, message: '<one Korean sentence>', errors? }`. */
export interface ErrorEnvelope {
  statusCode: number;
  message: string;
  errors?: FieldError[];
  /** The current state when a write lost a race, so the screen can refresh (DECISIONS D3: a stale reorder's 409). */
  product?: unknown;
}

/**
 * An HTTP error whose message is already the Korean sentence for the user (from common/messages.ts).
 * The global filter passes it through unchanged; any other HttpException gets a Korean message by status.
 */
export class ApiError extends HttpException {
  constructor(status: number, message: string, errors?: FieldError[], product?: unknown) {
    super(
      { statusCode: status, message, ...(errors ? { errors } : {}), ...(product !== undefined ? { product } : {}) } satisfies ErrorEnvelope,
      status,
    );
  }
}
