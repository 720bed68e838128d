import type { AxiosAdapter, AxiosInstance } from 'axios';
import { getRuntimeConfig } from '../config/runtime-config';

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

/** The methods of the HTTP client: axios's, with its request options and `{ data, status, headers }` answers. */
export type HttpClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'delete' | 'request'>;

let client: Promise<AxiosInstance> | undefined;
let testAdapter: AxiosAdapter | undefined;

/** The axios instance, its module loaded on the first call (a separate chunk in the browser). */
function loadClient(): Promise<AxiosInstance> {
  client ??= import('./axios-client').then(({ createAxiosClient }) => {
    const instance = createAxiosClient(() => httpAuth);
    if (testAdapter) instance.defaults.adapter = testAdapter;
    return instance;
  });
  return client;
}

/**
 * The one HTTP client of every app's administrator screens and writes. Paths are relative to `apiBaseUrl`
 * (`http.get('/store')` → `GET /api/store`). Signed in, every call carries `Authorization: Bearer <access token>`; a
 * 401 to a call that carried a token is retried once with a freshly refreshed token, and a second 401 (or a failed
 * refresh) signs the user out. Every failure is rejected as an {@link ApiError} carrying the server's Korean `message`.
 *
 * axios itself loads with the first call, so a page that makes none (the public store, which reads with
 * `getPublic`) never downloads it (docs/decisions/0034-visitor-loads-what-it-shows.md).
 */
export const http = {
  get: (url, config) => loadClient().then((instance) => instance.get(url, config)),
  post: (url, data, config) => loadClient().then((instance) => instance.post(url, data, config)),
  put: (url, data, config) => loadClient().then((instance) => instance.put(url, data, config)),
  delete: (url, config) => loadClient().then((instance) => instance.delete(url, config)),
  request: (config) => loadClient().then((instance) => instance.request(config)),
} as HttpClient;

/** jest only (platform/src/testing/fake-http.ts): every later call of `http` goes through `adapter`. */
export function setHttpTestAdapter(adapter: AxiosAdapter): void {
  testAdapter = adapter;
  // Already loaded: set it on the instance (this callback runs before those of calls made after this one).
  void client?.then((instance) => {
    instance.defaults.adapter = adapter;
  });
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
