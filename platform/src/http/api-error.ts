import { ko } from '../messages/ko';

/** An API failure carrying the Korean sentence to show the user (DECISIONS D1). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** The Korean message of any thrown value, for error notices. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return ko.unknownError;
}
