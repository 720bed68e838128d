/**
 * The security headers of the site's static servers (docs/decisions/0041-security-headers.md): `npm start`'s server and
 * the shell's site server (scripts/serve-app.mjs) send them on every answer they make themselves (not on the API's
 * answers they proxy: the API has its own, helmet). Behind the gateway the shell's pages carry this policy as the site
 * server sent it (the gateway adds none of its own; e2e/deploy/gateway.e2e.ts checks it equals the policy of the
 * gateway's /config.json).
 *
 * The Content-Security-Policy is built from the runtime configuration the page runs with (the `/config.json` document
 * of scripts/runtime-config.mjs, docs/decisions/0008-runtime-configuration.md): the origins of the remotes' entries
 * (scripts, styles, manifests, images and fonts of each remote), the API's origin when `apiBaseUrl` is absolute, the
 * identity server's origin (token requests, the hidden check-SSO iframe) and Google Analytics' origins when an
 * `analyticsId` is set. No 'unsafe-eval' (but for `npm run dev`'s eval source-mapped builds) and no 'unsafe-inline' for
 * scripts: production builds use neither, and the one inline script keycloak-js's documentation suggests for
 * silent-check-sso.html lives in silent-check-sso.js instead. The one inline script the site runs is the served `/`'s
 * early click listener (scripts/first-screen/early-clicks.mjs, docs/decisions/0073-every-tap-counted.md), allowed by
 * the sha256 hash of its exact text, computed from that text when the server starts. No 'unsafe-inline' for styles
 * either: production builds extract CSS into files (build/webpack-app.js, mini-css-extract-plugin), each remote's
 * loaded from its own origin; `npm run dev`'s builds inject `<style>` elements (style-loader) and get 'unsafe-inline'
 * in style-src. Inline `style="…"` attributes are refused everywhere (`style-src-attr 'none'`; React sets styles
 * through the CSSOM, which CSP does not govern).
 *
 * `frame-ancestors 'none'` everywhere (no clickjacking of the admin console) except silent-check-sso.html, which
 * keycloak-js frames from the site's own page: `frame-ancestors 'self'`.
 */
import { EARLY_CLICKS_SCRIPT_HASH } from './first-screen/early-clicks.mjs';

/** The one page the site frames itself (keycloak-js check-sso, platform/src/auth/auth-store.ts). */
export const SELF_FRAMED_PATH = '/silent-check-sso.html';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Powerful features no screen of the site uses are turned off for the page and every frame in it. The camera is the
 * site's own (`self`, never a frame from elsewhere): the door check-in screen /popup/checkin reads the visitors' QR
 * codes with it (docs/decisions/0081-camera-check-in.md). The API's answers and the remotes' static servers keep it off
 * (`camera=()`).
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/** Sent only over HTTPS (a browser ignores it over plain HTTP, and it must not pin a plain-HTTP development host). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Google's documented origins for GA4 through gtag.js (platform/src/analytics/gtag.ts). */
const ANALYTICS_SCRIPT = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const ANALYTICS_IMG = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/** Same rule as platform/src/analytics/gtag.ts: only a GA4 id loads anything. */
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/i;

/** The origin of an absolute http(s) URL; null for a relative one (served by the page's own origin, 'self'). */
function originOf(url) {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The distinct origins among `urls`, in first-seen order, relative URLs left out. */
function origins(urls) {
  return [...new Set(urls.map(originOf).filter(Boolean))];
}

/**
 * The Content-Security-Policy header value for a page run with `config`.
 *
 * @param {{ apiBaseUrl: string, remotes: Record<string, string>, analyticsId: string | null, auth: { url: string } }} config
 *   the `/config.json` document (scripts/runtime-config.mjs `buildRuntimeConfig`, or the gateway's)
 * @param {{ framedBySelf?: boolean, development?: boolean }} [options] framedBySelf: `frame-ancestors 'self'` instead
 *   of 'none' (silent-check-sso.html only); development: the `npm run dev` builds (`dist-dev`), whose
 *   `eval-cheap-module-source-map` modules run through eval and whose CSS is injected as `<style>`, get 'unsafe-eval'
 *   and style 'unsafe-inline' (never a production build)
 * @returns {string} directives joined by `; `
 */
export function contentSecurityPolicy(config, { framedBySelf = false, development = false } = {}) {
  const remotes = origins(Object.values(config.remotes ?? {}));
  const api = origins([config.apiBaseUrl]);
  const identity = origins([config.auth?.url]);
  const analytics = MEASUREMENT_ID.test(config.analyticsId ?? '');
  const list = (...sources) => [...new Set(sources.flat())].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(
      "'self'",
      EARLY_CLICKS_SCRIPT_HASH,
      development ? "'unsafe-eval'" : [],
      remotes,
      analytics ? ANALYTICS_SCRIPT : [],
    )}`,
    `style-src ${list("'self'", development ? "'unsafe-inline'" : [], remotes)}`,
    `style-src-attr 'none'`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', remotes, api, analytics ? ANALYTICS_IMG : [])}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", remotes, api, identity, analytics ? ANALYTICS_CONNECT : [])}`,
    `frame-src ${list("'self'", identity)}`,
    `form-action ${list("'self'", identity)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors ${framedBySelf ? "'self'" : "'none'"}`,
  ].join('; ');
}

/**
 * Every security header of one answer of a static server.
 *
 * @param {Parameters<typeof contentSecurityPolicy>[0]} config the `/config.json` document the page runs with
 * @param {{ path: string, https: boolean, development?: boolean }} request path: URL path without the query; https:
 *   whether the browser reached the site over HTTPS (directly or through a proxy's `X-Forwarded-Proto`);
 *   development: see {@link contentSecurityPolicy}
 * @returns {Record<string, string>} header name → value
 */
export function securityHeaders(config, { path, https, development = false }) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, { framedBySelf: path === SELF_FRAMED_PATH, development }),
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Whether the browser reached the site over HTTPS: a TLS socket, or a TLS-terminating proxy in front that says so in
 * the first `X-Forwarded-Proto` entry. A client lying about it only gets an HSTS header over plain HTTP, which
 * browsers ignore.
 *
 * @param {{ secure: boolean, headers: Record<string, string | string[] | undefined> }} req an Express request
 */
export function cameOverHttps(req) {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0];
  return req.secure || forwarded.trim().toLowerCase() === 'https';
}
