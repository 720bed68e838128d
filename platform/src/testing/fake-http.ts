// jest only: the HTTP layer of the web tests (never imported by app code).
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { setHttpTestAdapter } from '../http/http-client';

export type Answer = { status: number; data: unknown };
export type Route = (request: InternalAxiosRequestConfig) => Answer;

/**
 * Replaces the HTTP layer only: `http`'s axios adapter, and the browser's `fetch` that public reads (`getPublic`) use,
 * both answered from `routes`, keyed `METHOD /path` (`GET /plan/list`; the path without `apiBaseUrl` and query, the
 * query as `request.params`). Unknown routes answer 404. Returns the adapter mock, which sees the requests of both.
 */
export function serve(routes: Record<string, Route>): jest.Mock {
  const adapter = jest.fn<ReturnType<AxiosAdapter>, Parameters<AxiosAdapter>>(async (request) => {
    const route = routes[`${(request.method ?? 'get').toUpperCase()} ${request.url}`];
    const { status, data } = route
      ? route(request)
      : { status: 404, data: { statusCode: 404, message: '없는 주소입니다.' } };
    const response = { status, data, statusText: String(status), headers: {}, config: request };
    // Like axios itself: a status the request's validateStatus accepts resolves (a 409 a caller expects, say).
    const valid = request.validateStatus ? request.validateStatus(status) : status < 400;
    if (!valid) throw new AxiosError('fail', 'ERR_BAD_RESPONSE', request, null, response);
    return response;
  });
  setHttpTestAdapter(adapter);
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const base = getRuntimeConfig().apiBaseUrl;
    const basePath = new URL(base, 'http://localhost').pathname;
    const request = {
      method: (init?.method ?? 'GET').toLowerCase(),
      baseURL: base,
      url: url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname,
      params: Object.fromEntries(url.searchParams),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    } as unknown as InternalAxiosRequestConfig;
    const answer = await adapter(request).catch((error: AxiosError) => error.response!);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => answer.data,
    } as Response;
  });
  return adapter;
}

/** The requests sent through the fake adapter, as `METHOD /path`, with parsed JSON bodies. */
export function sent(adapter: jest.Mock): { route: string; body: unknown }[] {
  return adapter.mock.calls.map(([request]: [InternalAxiosRequestConfig]) => ({
    route: `${(request.method ?? 'get').toUpperCase()} ${request.url}`,
    body: typeof request.data === 'string' ? JSON.parse(request.data) : request.data,
  }));
}

/** A complete runtime configuration for tests: no remotes, the embedded identity provider's defaults. */
export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  remotes: {},
  searchUrl: 'https://search.example/?q={keyword}',
  footer: { home: 'https://h', social: 'https://s', video: 'https://v' },
  analyticsId: null,
  auth: {
    mode: 'oidc',
    url: 'http://localhost:8090',
    clientId: 'linksite-shell',
    autoRefresh: true,
    adminRole: 'admin',
  },
};

/** Sets {@link TEST_RUNTIME_CONFIG} as the page's `/config.json`. */
export function useTestRuntimeConfig(): void {
  setRuntimeConfig(TEST_RUNTIME_CONFIG);
}
