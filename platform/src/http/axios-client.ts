import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtime-config';
import { toApiError } from './api-error';
import type { HttpAuth } from './http-client';

/** Marks a request already retried after a refresh, so a second 401 is final (a string key: axios copies it). */
type RetriableRequest = InternalAxiosRequestConfig & { retriedAfterRefresh?: boolean };

/**
 * The axios instance behind `http` (http-client.ts), in a module of its own so that pages which only read public
 * data (the store, docs/decisions/0034-visitor-loads-what-it-shows.md) never download axios: `http` loads this module
 * on its first call. Paths are relative to `apiBaseUrl`; signed in, every call carries
 * `Authorization: Bearer <access token>`; a 401 to a call that carried a token is retried once with a refreshed token,
 * a second 401 (or a failed refresh) signs out.
 * @param auth the authentication registered now (read on every request, so a later sign-in counts)
 */
export function createAxiosClient(auth: () => HttpAuth | null): AxiosInstance {
  const client = axios.create({ timeout: 15000 });

  client.interceptors.request.use(async (request: InternalAxiosRequestConfig) => {
    request.baseURL = getRuntimeConfig().apiBaseUrl;
    const httpAuth = auth();
    const token = httpAuth ? await httpAuth.getAccessToken() : null;
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    const httpAuth = auth();
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
    return client.request(request);
  });

  return client;
}
