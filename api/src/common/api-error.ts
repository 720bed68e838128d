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
}

/**
 * An HTTP error whose message is already the Korean sentence for the user (from common/messages.ts).
 * The global filter passes it through unchanged; any other HttpException gets a Korean message by status.
 */
export class ApiError extends HttpException {
  constructor(status: number, message: string, errors?: FieldError[]) {
    super({ statusCode: status, message, ...(errors ? { errors } : {}) } satisfies ErrorEnvelope, status);
  }
}
