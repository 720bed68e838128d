import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { verifyPassword, type AdminAccount } from './admin-account.js';
import { clientAddress } from './client-address.js';
import { LoginLimiter } from './login-limiter.js';
import { messages } from './messages.js';
import { errorPage, loginPage } from './pages.js';

const MAX_FORM_BYTES = 8 * 1024;
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?$/;

async function readForm(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Our own sign-in pages at `/interaction/:uid` (GET: the form) and `/interaction/:uid/login` (POST).
 * The uid in the action plus the library's interaction cookie (path-bound to it) tie the form to this
 * browser's authorization request, which is the CSRF protection.
 * Wrong credentials: the form again, 401. Too many failures: 429 (issue 3, item 1), counted per client address as
 * client-address.ts finds it: X-Forwarded-For only from `trustedProxies` (issue 15).
 */
export function interactionRoutes(
  provider: Provider,
  account: AdminAccount,
  appOrigins: readonly string[],
  trustedProxies: readonly string[] = [],
  limiter = new LoginLimiter(),
): Middleware {
  const proxies = new Set(trustedProxies);
  // Chromium applies form-action to the redirects that follow a form post too, and a successful
  // sign-in ends in a redirect to the app (its registered redirect URI), so the app origins are allowed.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigins.join(' ')}; frame-ancestors 'none'`;
  return async (ctx, next) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match) return next();
    const [, uid, login] = match;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', csp);
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
    const ip = clientAddress(ctx.req, proxies);

    const gate = await limiter.check(username, ip);
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
    if (!username || !password) {
      ctx.status = 400;
      ctx.body = loginPage({ action, username, error: messages.missingCredentials });
      return;
    }

    // Always derive the hash, so a wrong username costs the same time as a wrong password.
    const passwordOk = await verifyPassword(password, account.passwordHash);
    if (!passwordOk || username !== account.username) {
      const after = await limiter.recordFailure(username, ip);
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

    await limiter.recordSuccess(username, ip);
    const redirectTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.id, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    ctx.status = 303;
    ctx.redirect(redirectTo);
  };
}
