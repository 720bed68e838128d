import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The API answers JSON and images only: nothing in it may load anything or be framed
 * (docs/decisions/0041-security-headers.md).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The Swagger UI page (/api/docs when API_DOCS=true) loads its own scripts, styles and images from the API and
 * draws some inline styles and data: images; still no framing, plugins or foreign origins.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function helmetWith(csp: string): RequestHandler {
  const directives: Record<string, string[]> = {};
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name] = values;
  }
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Card images (/api/images/…) are shown by the web apps on other origins in development and behind the gateway.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}

/** The headers one helmet configuration writes: set (name, value), in helmet's order, and removed. */
interface HeaderWrites {
  set: [string, string][];
  removed: string[];
}

/**
 * What `middleware` writes on an answer, read once by running it on a recording response. Helmet's output depends on
 * its options only (no nonces or per-request functions in ours), so the same writes are then replayed on every answer
 * for a fraction of the cost of helmet's dozen middleware calls (docs/decisions/0039-measured-not-asserted.md: the
 * API's per-request cost).
 */
function recordedWrites(middleware: RequestHandler): HeaderWrites {
  const writes: HeaderWrites = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: unknown) => writes.set.push([name, String(value)]),
    removeHeader: (name: string) => writes.removed.push(name),
  };
  let called = false;
  middleware({} as Request, recorder as unknown as Response, () => (called = true));
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be recorded');
  return writes;
}

/** Replays `writes` on `response`. */
function replay(writes: HeaderWrites, response: ServerResponse): void {
  for (const [name, value] of writes.set) response.setHeader(name, value);
  for (const name of writes.removed) response.removeHeader(name);
}

const API_WRITES = recordedWrites(helmetWith(API_CSP));

/**
 * Helmet's headers on every API answer (docs/decisions/0041-security-headers.md): `Content-Security-Policy` {@link
 * API_CSP} (or {@link DOCS_CSP} under `docsPath`, so Swagger UI still runs), `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: SAMEORIGIN`, `Referrer-Policy: strict-origin-when-cross-origin`,
 * `Cross-Origin-Resource-Policy: cross-origin` (images are read cross-origin), `Strict-Transport-Security` (browsers
 * heed it over HTTPS only) and helmet's other defaults; written as helmet wrote them once at start ({@link
 * recordedWrites}).
 * @param docsPath the OpenAPI UI's path prefix, e.g. `/api/docs` (it also covers `/api/docs-json`).
 */
export function securityHeaders(docsPath: string): RequestHandler {
  const docs = recordedWrites(helmetWith(DOCS_CSP));
  return (req, res, next) => {
    replay(req.path.startsWith(docsPath) ? docs : API_WRITES, res);
    next();
  };
}
