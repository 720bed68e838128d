import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, setRuntimeConfig, type Link } from '@linksite/platform';

export type Route = (request: InternalAxiosRequestConfig) => { status: number; data: unknown };

/**
 * A fake axios adapter on the one shared client (the only mocked layer is HTTP). Routes are keyed
 * `METHOD /path` (path relative to apiBaseUrl), e.g. `PUT /main/update/order/1/2/0`.
 */
export function serve(routes: Record<string, Route>): jest.Mock {
  const adapter = jest.fn<ReturnType<AxiosAdapter>, Parameters<AxiosAdapter>>(async (request) => {
    const key = `${(request.method ?? 'get').toUpperCase()} ${request.url ?? ''}`;
    const route = routes[key];
    const { status, data } = route ? route(request) : { status: 404, data: { statusCode: 404, message: `없는 경로: ${key}` } };
    const response = { status, data, statusText: String(status), headers: {}, config: request };
    const valid = request.validateStatus ? request.validateStatus(status) : status < 400;
    if (!valid) throw new AxiosError('fail', 'ERR_BAD_RESPONSE', request, null, response);
    return response;
  });
  http.defaults.adapter = adapter;
  return adapter;
}

/** The calls the adapter received, as `METHOD /path`. */
export function calls(adapter: jest.Mock): string[] {
  return adapter.mock.calls.map(([request]: [InternalAxiosRequestConfig]) => `${request.method?.toUpperCase()} ${request.url}`);
}

export function useTestConfig(): void {
  setRuntimeConfig({
    apiBaseUrl: '/api',
    remotes: {},
    searchUrl: 'https://search.example/?q={keyword}',
    footer: { home: 'https://h', social: 'https://s', video: 'https://v' },
    analyticsId: null,
    auth: { mode: 'oidc', url: 'http://localhost:8090', clientId: 'linksite-shell', autoRefresh: true, adminRole: 'admin' },
  });
}

export function link(id: number, pname: string, pcode: number, extra: Partial<Link> = {}): Link {
  return { id, pname, tag: '', tags: [], link: null, imagelink: null, pcode, ...extra };
}
