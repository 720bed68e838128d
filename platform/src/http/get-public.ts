import { getRuntimeConfig } from '../config/runtime-config';
import { ko } from '../messages/ko';
import { apiErrorFromResponse, ApiError } from './api-error';

/** How long a public read may take before it fails with the network message (ms): the HTTP client's timeout. */
const PUBLIC_READ_TIMEOUT_MS = 15000;

/** Query values of a public read; undefined ones are left out. */
export type PublicReadParams = Record<string, string | number | undefined>;

/**
 * A visitor's read of a public API path with the browser's own fetch, so the public page downloads no HTTP library
 * (docs/decisions/0034-visitor-loads-what-it-shows.md). `path` is relative to `apiBaseUrl`
 * (`getPublic('/store/page', { cursor })` → `GET /api/store/page?cursor=…`). Identical reads in flight at the same time
 * share one request. It never carries an access token (public routes need none, and a visitor's page must not load the
 * identity code to get one).
 * @returns the parsed JSON body of a 2xx answer
 * @throws ApiError with the server's Korean `message` for a 4xx/5xx answer, or the network message with status 0
 *   when the server was not reached within 15 s (as `http` does, docs/decisions/0001-response-envelope.md)
 */
export function getPublic<T>(path: string, params: PublicReadParams = {}): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const search = query.toString();
  const url = `${getRuntimeConfig().apiBaseUrl}${path}${search ? `?${search}` : ''}`;
  let read = inFlight.get(url);
  if (!read) {
    read = readJson(url).finally(() => inFlight.delete(url));
    inFlight.set(url, read);
  }
  return read as Promise<T>;
}

/**
 * Reads in flight by address: two parts of the page that ask for the same public read at once (the store's
 * reservation link and the banner both read `/reserve/status`) share one request and one answer, which neither
 * changes. Platform is one instance per page (a shared singleton), so this spans the remotes.
 */
const inFlight = new Map<string, Promise<unknown>>();

/** One GET of `url` (see getPublic for the answers and failures). */
async function readJson(url: string): Promise<unknown> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PUBLIC_READ_TIMEOUT_MS);
  try {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, { headers: { Accept: 'application/json' }, signal: abort.signal });
      body = await response.json().catch(() => undefined);
    } catch {
      throw new ApiError(ko.networkError, 0);
    }
    if (!response.ok) throw apiErrorFromResponse(response.status, body);
    if (body === undefined) throw new ApiError(ko.unknownError, response.status);
    return body;
  } finally {
    clearTimeout(timer);
  }
}
