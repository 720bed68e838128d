import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The API answers JSON and images only: nothing in it may load anything or be framed (issue 15 Build 1). */
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

/**
 * Helmet's headers on every API answer (issue 15 Build 1): `Content-Security-Policy` {@link API_CSP} (or
 * {@link DOCS_CSP} under `docsPath`, so Swagger UI still runs), `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: SAMEORIGIN`, `Referrer-Policy: strict-origin-when-cross-origin`,
 * `Cross-Origin-Resource-Policy: cross-origin` (images are read cross-origin), `Strict-Transport-Security`
 * (browsers heed it over HTTPS only) and helmet's other defaults.
 * @param docsPath the OpenAPI UI's path prefix, e.g. `/api/docs` (it also covers `/api/docs-json`).
 */
export function securityHeaders(docsPath: string): RequestHandler {
  const api = helmetWith(API_CSP);
  const docs = helmetWith(DOCS_CSP);
  return (req, res, next) => (req.path.startsWith(docsPath) ? docs(req, res, next) : api(req, res, next));
}
