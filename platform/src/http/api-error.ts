import type { ErrorBody } from '@linksite/contract';
import { ko } from '../messages/ko';

/** An API failure carrying the Korean sentence to show the user (docs/decisions/0001-response-envelope.md). */
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

/**
 * The ApiError of an answer with a failing status: the server's Korean `message` and field errors from its error body
 * (ErrorBody, docs/decisions/0001-response-envelope.md), or the generic Korean message when the body has none (a
 * proxy's HTML error page, say).
 */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const error = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorBody>;
  const message = typeof error.message === 'string' && error.message ? error.message : ko.unknownError;
  return new ApiError(message, status, Array.isArray(error.errors) ? error.errors : []);
}

/**
 * Any failure of the HTTP client (`http`) as an ApiError with a Korean message
 * (docs/decisions/0001-response-envelope.md): an answer with a failing status as {@link apiErrorFromResponse}, anything
 * else (no answer, a timeout) as the network message with status 0. Reads axios's error by its `isAxiosError` mark, so
 * this module does not load axios.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const failure = error as { isAxiosError?: boolean; response?: { status: number; data: unknown } } | null;
  if (failure?.isAxiosError && failure.response)
    return apiErrorFromResponse(failure.response.status, failure.response.data);
  return new ApiError(ko.networkError, 0);
}

/** The Korean message of any thrown value, for error notices. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return ko.unknownError;
}

/**
 * Whether the same request may succeed if simply sent again (docs/decisions/0055-form-flow.md: `다시 시도` only then): the
 * server was not reached or did not answer in time (status 0), or answered 408, 429 or 5xx. A 4xx such as 404 (the
 * thing does not exist) or 400 fails the same way every time. A thrown value that is not an ApiError (a bug, a chunk
 * that failed to load) counts as retryable.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
