import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { ErrorEnvelope } from '../api/contract';
import { getRuntimeConfig } from '../config/runtime-config';
import { ko } from '../messages/ko';
import { ApiError } from './api-error';

/** Supplies the bearer token; registered by the auth store (authentication issue). Null: anonymous call. */
export type AccessTokenProvider = () => Promise<string | null> | string | null;

let accessTokenProvider: AccessTokenProvider | null = null;

/** Seam for authentication: the auth store registers how to get a fresh access token. */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenProvider = provider;
}

/**
 * The one HTTP client of every app. Paths are relative to `apiBaseUrl` (`http.get('/store')` → `GET /api/store`).
 * Every failure is rejected as an {@link ApiError} carrying the server's Korean `message`.
 */
export const http = axios.create({ timeout: 15000 });

http.interceptors.request.use(async (request: InternalAxiosRequestConfig) => {
  request.baseURL = getRuntimeConfig().apiBaseUrl;
  const token = accessTokenProvider ? await accessTokenProvider() : null;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));

/** Turns an axios failure into an ApiError with a Korean message (DECISIONS D1). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError && error.response) {
    const body = error.response.data as Partial<ErrorEnvelope> | undefined;
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
