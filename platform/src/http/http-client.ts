import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { ErrorBody } from '@linksite/contract';
import { getRuntimeConfig } from '../config/runtime-config';
import { ko } from '../messages/ko';
import { ApiError } from './api-error';

/**
 * What the HTTP client needs from authentication; registered by the auth store (`initAuth`). Without it every
 * call is anonymous.
 */
export interface HttpAuth {
  /** A valid access token, or null when nobody is signed in. */
  getAccessToken(): Promise<string | null>;
  /** Forces a refresh; the new token, or null when it failed. */
  refreshAccessToken(): Promise<string | null>;
  /** The server refused even a fresh token: forget the signed-in user. */
  signOut(): void;
}

let httpAuth: HttpAuth | null = null;

/** Seam for authentication: the auth store registers itself here (the client never imports the store). */
export function setHttpAuth(auth: HttpAuth | null): void {
  httpAuth = auth;
}

/** Marks a request already retried after a refresh, so a second 401 is final (a string key: axios copies it). */
type RetriableRequest = InternalAxiosRequestConfig & { retriedAfterRefresh?: boolean };

/**
 * The one HTTP client of every app. Paths are relative to `apiBaseUrl` (`http.get('/store')` → `GET /api/store`).
 * Signed in, every call carries `Authorization: Bearer <access token>`. A 401 to a call that carried a token is
 * retried once with a freshly refreshed token; a second 401 (or a failed refresh) signs the user out.
 * Every failure is rejected as an {@link ApiError} carrying the server's Korean `message`.
 */
export const http = axios.create({ timeout: 15000 });

http.interceptors.request.use(async (request: InternalAxiosRequestConfig) => {
  request.baseURL = getRuntimeConfig().apiBaseUrl;
  const token = httpAuth ? await httpAuth.getAccessToken() : null;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

http.interceptors.response.use(undefined, async (error: unknown) => {
  const request = error instanceof AxiosError ? (error.config as RetriableRequest | undefined) : undefined;
  const sentToken = Boolean(request?.headers?.has('Authorization'));
  if (!(error instanceof AxiosError) || error.response?.status !== 401 || !httpAuth || !request || !sentToken) {
    throw toApiError(error);
  }
  const token = request.retriedAfterRefresh ? null : await httpAuth.refreshAccessToken();
  if (!token) {
    httpAuth.signOut();
    throw toApiError(error);
  }
  request.retriedAfterRefresh = true;
  request.headers.set('Authorization', `Bearer ${token}`);
  return http.request(request);
});

/** Turns an axios failure into an ApiError with a Korean message (DECISIONS D1). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError && error.response) {
    const body = error.response.data as Partial<ErrorBody> | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : ko.unknownError;
    return new ApiError(message, error.response.status, body?.errors ?? []);
  }
  return new ApiError(ko.networkError, 0);
}

/**
 * URL of an API path as the browser must request it: `/api/images/<key>` becomes `<apiBaseUrl>/images/<key>`
 * (unchanged when apiBaseUrl is `/api`). Absolute http(s) URLs are returned as they are.
 */
export function resolveApiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = getRuntimeConfig().apiBaseUrl;
  const rest = path.startsWith('/api/') ? path.slice('/api'.length) : path.startsWith('/') ? path : `/${path}`;
  return `${base}${rest}`;
}
