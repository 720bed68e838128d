import type { Middleware, ParameterizedContext } from 'koa';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Account, AccountStore } from './accounts.js';
import { clientAddress } from './client-address.js';
import { DEVICE_COOKIE, DeviceCookies } from './device-cookie.js';
import { readForm } from './form.js';
import { LoginLimiter, accountKey, type Attempt } from './login-limiter.js';
import { messages } from './messages.js';
import { enrolPage, errorPage, loginPage, recoveryCodesPage, totpPage } from './pages.js';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from './password-hash.js';
import {
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  recoveryCodeHash,
} from './second-factor.js';
import { setPageHeaders } from './security-headers.js';
import type { PayloadTable } from './storage/payload-table.js';

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|totp))?$/;

/** Model name of the rows that remember a sign-in between its password and its second factor. */
const SIGN_IN_STEP_MODEL = 'SignInStep';
/** How long the second step waits for its code (ms). */
const SIGN_IN_STEP_TTL_MS = 10 * 60 * 1000;

/** A sign-in whose password was right and whose second factor is asked for (stored under the interaction uid). */
interface SignInStep extends Record<string, unknown> {
  accountId: string;
  /** As typed at the password step: the limits' account key. */
  username: string;
  /** The password attempt, counted as a failure until the second factor succeeds (login-limiter.ts). */
  passwordAttempt: Attempt;
  /** `verify`: the account's authenticator; `enrol`: an owner without one enrols `secret` first. */
  kind: 'verify' | 'enrol';
  secret?: string;
}

/** What {@link interactionRoutes} needs besides the provider. */
export interface InteractionOptions {
  accounts: AccountStore;
  /** The provider's store: the second step of a sign-in is kept there (replicas on one database share it). */
  store: PayloadTable;
  /** Origins of the shell (the form's redirect back to the app must be allowed by form-action). */
  appOrigins: readonly string[];
  /** IDP_OWNER_TOTP: whether an owner without an authenticator must enrol one before the sign-in completes. */
  ownerTotp: 'required' | 'optional';
  /** Peers whose X-Forwarded-For is believed (client-address.ts); none by default. */
  trustedProxies?: readonly string[];
  /** Signs and checks device cookies (device-cookie.ts), keyed by the persisted cookie keys. */
  deviceCookies: DeviceCookies;
  limiter?: LoginLimiter;
}

/**
 * Our own sign-in pages at `/interaction/:uid` (GET: the form), `/interaction/:uid/login` (POST: username and
 * password) and `/interaction/:uid/totp` (POST: the second factor). The uid in the action plus the library's
 * interaction cookie (path-bound to it) tie the forms to this browser's authorization request: the CSRF protection.
 *
 * - Wrong credentials: the form again, 401. A disabled account, with the right password: 403
 *   (docs/decisions/0078-team-runs-the-site.md).
 * - An account with an authenticator (docs/decisions/0080-people-invites-totp.md): after the right password, a second
 *   form asks for the 6-digit TOTP code (RFC 6238, ±1 step) or one of its recovery codes (each good once). A code is
 *   not accepted twice (the last accepted time step is kept per account). An `owner` without one, while IDP_OWNER_TOTP
 *   is `required`, enrols one there (QR code, secret, one code to confirm) and is shown 10 recovery codes before the
 *   sign-in completes.
 * - Too many failures: 429 with Retry-After (docs/decisions/0011-administrator-sign-in.md), as login-limiter.ts
 *   decides: per client address as client-address.ts finds it (X-Forwarded-For only from `trustedProxies`,
 *   docs/decisions/0040-trusted-under-attack.md), and per account in lanes, where a browser holding a device cookie of
 *   the account (set here by its earlier successful sign-in, renewed by each one) is judged by its own failures only
 *   (docs/decisions/0087-lockout-no-stranger-holds.md). Wrong second-factor codes count in the same lanes, and the
 *   password attempt before them stays counted until the second factor succeeds, so knowing the password buys no fresh
 *   guesses.
 */
export function interactionRoutes(provider: Provider, options: InteractionOptions): Middleware {
  const { accounts, store, appOrigins, ownerTotp, trustedProxies = [], deviceCookies } = options;
  const limiter = options.limiter ?? new LoginLimiter();
  const proxies = new Set(trustedProxies);
  const httpsIssuer = new URL(provider.issuer).protocol === 'https:';
  // Chromium applies form-action to the redirects that follow a form post too, and a successful
  // sign-in ends in a redirect to the app (its registered redirect URI), so the app origins are allowed.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigins.join(' ')}; frame-ancestors 'none'`;

  type Ctx = ParameterizedContext;

  const tooMany = (ctx: Ctx, seconds: number, page: (error: string) => string) => {
    ctx.status = 429;
    ctx.set('Retry-After', String(seconds));
    ctx.body = page(messages.tooManyAttempts(seconds));
  };

  /** Ends the interaction as `account`; returns where the browser goes next, and renews its device cookie. */
  const complete = async (ctx: Ctx, account: Account, amr: string[]): Promise<string> => {
    const redirectTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.id, amr } },
      { mergeWithLastSubmission: false },
    );
    // A new device cookie with every sign-in (OWASP: a fresh nonce each time), after the library's own cookies.
    const issued = deviceCookies.issue(accountKey(account.username));
    ctx.append('Set-Cookie', DeviceCookies.header(issued.value, ctx.secure || httpsIssuer));
    return redirectTo;
  };

  const enrolView = async (account: Account, secret: string, action: string, error?: string) =>
    enrolPage({ action, qrSvg: await qrCodeSvg(otpauthUri(account.username, secret)), secret, required: true, error });

  const passwordStep = async (ctx: Ctx, uid: string) => {
    const action = `/interaction/${uid}/login`;
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
      return tooMany(ctx, gate.retryAfterSeconds, (error) => loginPage({ action, username, error }));
    }

    // Always derive a hash, so an unknown username (or an account still without a password) costs the same time.
    const account = await accounts.findByUsername(username);
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? (await UNKNOWN_ACCOUNT_HASH));
    if (!passwordOk || !account?.passwordHash || account.status !== 'active') {
      const after = limiter.failed(gate.attempt);
      if (!after.allowed) {
        return tooMany(ctx, after.retryAfterSeconds, (error) => loginPage({ action, username, error }));
      }
      const disabled = passwordOk && account?.status === 'disabled';
      ctx.status = disabled ? 403 : 401;
      ctx.body = loginPage({
        action,
        username,
        error: disabled ? messages.accountDisabled : messages.invalidCredentials,
      });
      return;
    }

    const secondAction = `/interaction/${uid}/totp`;
    const enrol = !account.totp && account.role === 'owner' && ownerTotp === 'required';
    if (account.totp || enrol) {
      const step: SignInStep = {
        accountId: account.id,
        username,
        passwordAttempt: gate.attempt,
        kind: enrol ? 'enrol' : 'verify',
        ...(enrol ? { secret: newTotpSecret() } : {}),
      };
      await store.upsert({
        model: SIGN_IN_STEP_MODEL,
        id: uid,
        payload: step,
        grantId: null,
        userCode: null,
        uid: null,
        expiresAt: Date.now() + SIGN_IN_STEP_TTL_MS,
      });
      ctx.body = step.secret ? await enrolView(account, step.secret, secondAction) : totpPage({ action: secondAction });
      return;
    }

    limiter.succeeded(gate.attempt);
    ctx.status = 303;
    ctx.redirect(await complete(ctx, account, ['pwd']));
  };

  const secondFactorStep = async (ctx: Ctx, uid: string) => {
    const action = `/interaction/${uid}/totp`;
    const form = await readForm(ctx.req);
    const step = (await store.find(SIGN_IN_STEP_MODEL, uid)) as SignInStep | undefined;
    const account = step && (await accounts.findById(step.accountId));
    if (!step || !account || account.status !== 'active') {
      ctx.status = 400;
      ctx.body = errorPage(messages.signInExpired);
      return;
    }
    const page = (error?: string) =>
      step.kind === 'enrol' && step.secret
        ? enrolView(account, step.secret, action, error)
        : totpPage({ action, error });

    const code = (form.get('code') ?? '').trim();
    if (!code) {
      ctx.status = 400;
      ctx.body = await page(messages.totpMissing);
      return;
    }
    const ip = clientAddress(ctx.req, proxies);
    const device = deviceCookies.verify(ctx.cookies.get(DEVICE_COOKIE, { signed: false }), accountKey(step.username));
    const gate = limiter.begin(step.username, ip, device);
    if (!gate.allowed) {
      ctx.status = 429;
      ctx.set('Retry-After', String(gate.retryAfterSeconds));
      ctx.body = await page(messages.tooManyAttempts(gate.retryAfterSeconds));
      return;
    }

    let accepted = false;
    let recoveryCodes: string[] | undefined;
    if (step.kind === 'enrol' && step.secret) {
      const timeStep = matchTotp(step.secret, code);
      if (timeStep !== undefined) {
        recoveryCodes = newRecoveryCodes();
        const hashes = recoveryCodes.map((c) => recoveryCodeHash(account.id, c));
        accepted = await accounts.enrolTotp(account.id, step.secret, timeStep, hashes);
      }
    } else if (account.totp) {
      if (looksLikeRecoveryCode(code)) {
        accepted = await accounts.useRecoveryCode(account.id, recoveryCodeHash(account.id, code));
      } else {
        const timeStep = matchTotp(account.totp.secret, code, account.totp.lastUsedStep);
        // Atomic with every other sign-in of the account: the same code sent twice at once is accepted once.
        accepted = timeStep !== undefined && (await accounts.useTotpStep(account.id, timeStep));
      }
    }

    if (!accepted) {
      const after = limiter.failed(gate.attempt);
      if (!after.allowed) {
        const pageText = await page(messages.tooManyAttempts(after.retryAfterSeconds));
        ctx.status = 429;
        ctx.set('Retry-After', String(after.retryAfterSeconds));
        ctx.body = pageText;
        return;
      }
      ctx.status = 401;
      ctx.body = await page(messages.totpInvalid);
      return;
    }

    limiter.succeeded(step.passwordAttempt);
    limiter.succeeded(gate.attempt);
    await store.destroy(SIGN_IN_STEP_MODEL, uid);
    const redirectTo = await complete(ctx, account, ['pwd', 'otp']);
    if (recoveryCodes) {
      // Shown once, before the browser goes on to the app.
      ctx.status = 200;
      ctx.body = recoveryCodesPage({ codes: recoveryCodes, continueHref: redirectTo });
      return;
    }
    ctx.status = 303;
    ctx.redirect(redirectTo);
  };

  return async (ctx, next) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match) return next();
    const [, uid = '', action] = match;
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

    if (!action) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      ctx.body = loginPage({ action: `/interaction/${uid}/login` });
      return;
    }
    if (ctx.method !== 'POST') return next();
    if (action === 'login') return passwordStep(ctx, uid);
    return secondFactorStep(ctx, uid);
  };
}
