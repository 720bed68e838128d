import helmet from 'helmet';
import type { Middleware } from 'koa';
import { errorPage } from './pages.js';

/**
 * Content-Security-Policy of our pages without a form (the error and "logged out" pages): the login page's policy
 * (interactions.ts) without its form-action: nothing loads but the inline style, nothing may be submitted or framed.
 */
export const PAGE_WITHOUT_FORM_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'";

/**
 * Headers of every HTML page of ours (docs/decisions/0096-smaller-hardening.md): not cached, not framed
 * (`X-Frame-Options: DENY` for older browsers and the policy's `frame-ancestors 'none'`), and `csp` as its
 * Content-Security-Policy.
 */
export function setPageHeaders(ctx: { set(field: string, value: string): void }, csp: string): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Content-Security-Policy', csp);
}

/**
 * Helmet's defaults for every answer of the provider, its own (discovery, token, JWKS, redirects) and ours:
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `Cross-Origin-Opener-Policy` and
 * `Cross-Origin-Resource-Policy: same-origin`, `X-DNS-Prefetch-Control: off`, `X-Permitted-Cross-Domain-Policies: none`
 * and the rest. Left to each page ({@link setPageHeaders}): the Content-Security-Policy (the logout page runs the
 * library's inline script) and frame protection (the silent check-sso iframe is sent through `/auth`). HSTS is the
 * business of whatever serves the public https address.
 */
const helmetHeaders = helmet({ contentSecurityPolicy: false, xFrameOptions: false, strictTransportSecurity: false });

/**
 * The provider's first middleware: helmet's headers on every answer (docs/decisions/0096-smaller-hardening.md: "The
 * IdP's pages lack `X-Content-Type-Options` and `Referrer-Policy`"), and an error that escapes the middlewares after it
 * answered with our Korean error page and these headers. (Koa's own error answer would drop every header, nosniff
 * included, and say "Internal Server Error" in English.) A client error (`status` 4xx with `expose`) keeps its status
 * and shows its message; anything else is a 500 without details, reported on the app's `error` event as Koa would.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    helmetHeaders(ctx.req, ctx.res, () => undefined);
    try {
      await next();
    } catch (error) {
      if (ctx.headerSent) throw error;
      const { status, expose, message } = error as { status?: unknown; expose?: unknown; message?: unknown };
      const clientError = typeof status === 'number' && status >= 400 && status < 500 && expose === true;
      for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
      helmetHeaders(ctx.req, ctx.res, () => undefined);
      setPageHeaders(ctx, PAGE_WITHOUT_FORM_CSP);
      ctx.status = clientError ? status : 500;
      const detail = clientError && typeof message === 'string' ? message : undefined;
      if (ctx.accepts('json', 'html') === 'html') {
        ctx.type = 'html';
        ctx.body = errorPage(detail);
      } else {
        ctx.body = { error: clientError ? 'invalid_request' : 'server_error', error_description: detail };
      }
      if (!clientError) ctx.app.emit('error', error, ctx);
    }
  };
}
