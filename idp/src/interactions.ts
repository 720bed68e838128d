import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { verifyPassword, type AdminAccount } from './admin-account.js';
import { clientAddress } from './client-address.js';
import { DEVICE_COOKIE, DeviceCookies } from './device-cookie.js';
import { LoginLimiter, accountKey } from './login-limiter.js';
import { messages } from './messages.js';
import { errorPage, loginPage } from './pages.js';
import { setPageHeaders } from './security-headers.js';

const MAX_FORM_BYTES = 8 * 1024;
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?$/;

async function readForm(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    // A client error, answered by security-headers.ts with the error page and 413 (not a 500).
    if (size > MAX_FORM_BYTES) throw Object.assign(new Error(messages.formTooLarge), { status: 413, expose: true });
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** What {@link interactionRoutes} needs besides the provider and the account. */
export interface InteractionOptions {
  /** Origins of the shell (the form's redirect back to the app must be allowed by form-action). */
  appOrigins: readonly string[];
  /** Peers whose X-Forwarded-For is believed (client-address.ts); none by default. */
  trustedProxies?: readonly string[];
  /** Signs and checks device cookies (device-cookie.ts), keyed by the persisted cookie keys. */
  deviceCookies: DeviceCookies;
  limiter?: LoginLimiter;
}

/**
 * Our own sign-in pages at `/interaction/:uid` (GET: the form) and `/interaction/:uid/login` (POST).
 * The uid in the action plus the library's interaction cookie (path-bound to it) tie the form to this
 * browser's authorization request, which is the CSRF protection.
 * Wrong credentials: the form again, 401. Too many failures: 429 with Retry-After (issue 3, item 1), as
 * login-limiter.ts decides: per client address as client-address.ts finds it (X-Forwarded-For only from
 * `trustedProxies`, issue 15), and per account in lanes, where a browser holding a device cookie of the account (set
 * here by its earlier successful sign-in, renewed by each one) is judged by its own failures only (issue 28 item 2).
 */
export function interactionRoutes(
  provider: Provider,
  account: AdminAccount,
  { appOrigins, trustedProxies = [], deviceCookies, limiter = new LoginLimiter() }: InteractionOptions,
): Middleware {
  const proxies = new Set(trustedProxies);
  const httpsIssuer = new URL(provider.issuer).protocol === 'https:';
  // Chromium applies form-action to the redirects that follow a form post too, and a successful
  // sign-in ends in a redirect to the app (its registered redirect URI), so the app origins are allowed.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigins.join(' ')}; frame-ancestors 'none'`;
  return async (ctx, next) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match) return next();
    const [, uid, login] = match;
    setPageHeaders(ctx, csp);
    ctx.type = 'html';

    let details;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      ctx.status = 400;
      ctx.body = errorPage(messages.interactionExpired);
      return;
    }
    if (details.uid !== uid || details.prompt.name !== 'login') {
      ctx.status = 400;
      ctx.body = errorPage(messages.interactionExpired);
      return;
    }
    const action = `/interaction/${uid}/login`;

    if (!login) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      ctx.body = loginPage({ action });
      return;
    }
    if (ctx.method !== 'POST') return next();

    const form = await readForm(ctx.req);
    const username = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    if (!username || !password) {
      ctx.status = 400;
      ctx.body = loginPage({ action, username, error: messages.missingCredentials });
      return;
    }
    const ip = clientAddress(ctx.req, proxies);
    const device = deviceCookies.verify(ctx.cookies.get(DEVICE_COOKIE, { signed: false }), accountKey(username));

    const gate = limiter.begin(username, ip, device);
    if (!gate.allowed) {
      ctx.status = 429;
      ctx.set('Retry-After', String(gate.retryAfterSeconds));
      ctx.body = loginPage({
        action,
        username,
        error: messages.tooManyAttempts(gate.retryAfterSeconds),
      });
      return;
    }

    // Always derive the hash, so a wrong username costs the same time as a wrong password.
    const passwordOk = await verifyPassword(password, account.passwordHash);
    if (!passwordOk || username !== account.username) {
      const after = limiter.failed(gate.attempt);
      if (!after.allowed) {
        ctx.status = 429;
        ctx.set('Retry-After', String(after.retryAfterSeconds));
        ctx.body = loginPage({
          action,
          username,
          error: messages.tooManyAttempts(after.retryAfterSeconds),
        });
        return;
      }
      ctx.status = 401;
      ctx.body = loginPage({ action, username, error: messages.invalidCredentials });
      return;
    }

    limiter.succeeded(gate.attempt);
    const redirectTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.id, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    // A new device cookie with every sign-in (OWASP: a fresh nonce each time), after the library's own cookies.
    const issued = deviceCookies.issue(accountKey(username));
    ctx.append('Set-Cookie', DeviceCookies.header(issued.value, ctx.secure || httpsIssuer));
    ctx.status = 303;
    ctx.redirect(redirectTo);
  };
}
