import { randomBytes } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import type { Account, AccountStore, InvitationLookup } from './accounts.js';
import { readForm } from './form.js';
import { INVITATION_TOKEN, secretHash } from './invitation-links.js';
import { messages } from './messages.js';
import { enrolPage, invitationErrorPage, inviteDonePage, invitePasswordPage, recoveryCodesPage } from './pages.js';
import { hashPassword } from './password-hash.js';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  recoveryCodeHash,
} from './second-factor.js';
import { setPageHeaders } from './security-headers.js';
import type { PayloadTable } from './storage/payload-table.js';

const INVITE_PATH = /^\/invite\/([^/]+)$/;
/** The cookie that ties the steps of one invitation to the browser that opened it. */
const FLOW_COOKIE = 'idp_invite';
const FLOW_COOKIE_MAX_AGE_SECONDS = 60 * 60;
/** Shortest password a person may choose (characters). */
export const MIN_PASSWORD_LENGTH = 10;

export interface InvitationPageOptions {
  accounts: AccountStore;
  /** The provider's store: accepting a link ends the account's older sessions (a reset after a lost password). */
  store: PayloadTable;
  issuer: string;
  /** Where the finished page sends the person: the shell's sign-in page. */
  signInUrl: string;
  /** IDP_OWNER_TOTP: whether an invited owner must enrol an authenticator. */
  ownerTotp: 'required' | 'optional';
}

/**
 * The invitation page `GET/POST /invite/:token` (docs/decisions/0080-people-invites-totp.md), server-rendered in Korean
 * like the sign-in page:
 * 1. the person sets a password (at least {@link MIN_PASSWORD_LENGTH} characters, typed twice);
 * 2. enrols an authenticator: the otpauth QR code and the secret as text, and one code to confirm; required for an
 *    `owner` (unless IDP_OWNER_TOTP is `optional`), skippable for the others;
 * 3. the link is spent (once, atomically) and, with an authenticator, 10 recovery codes are shown once.
 * A used, expired, replaced or unknown link gets a Korean error page (410/404). CSRF and flow binding: the token in
 * the form's action plus a cookie (`idp_invite`, HttpOnly, SameSite=Strict, path-bound to the link) whose nonce's hash
 * the store keeps with the flow; a POST without it starts nothing. Headers as every page of ours (no-store, DENY,
 * a policy allowing forms to this origin only); Referrer-Policy no-referrer keeps the token out of other sites' logs.
 */
export function invitationPages(options: InvitationPageOptions): Middleware {
  const { accounts, store, issuer, signInUrl, ownerTotp } = options;
  const secureCookie = new URL(issuer).protocol === 'https:';
  const csp = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
  type Ctx = ParameterizedContext;

  const refuse = (ctx: Ctx, lookup: InvitationLookup) => {
    const [status, message] =
      lookup.state === 'used'
        ? [410, messages.invitationUsed]
        : lookup.state === 'expired'
          ? [410, messages.invitationExpired]
          : lookup.state === 'replaced'
            ? [410, messages.invitationReplaced]
            : lookup.state === 'disabled'
              ? [410, messages.invitationForDisabledPage]
              : [404, messages.invitationInvalid];
    ctx.status = status;
    ctx.body = invitationErrorPage(message, signInUrl);
  };

  const flowCookie = (token: string, value: string, maxAge: number) =>
    [
      `${FLOW_COOKIE}=${value}`,
      `Path=/invite/${token}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secureCookie ? ['Secure'] : []),
    ].join('; ');

  const totpRequired = (account: Account) => account.role === 'owner' && ownerTotp === 'required';

  const enrolView = async (account: Account, secret: string, action: string, error?: string) =>
    enrolPage({
      action,
      qrSvg: await qrCodeSvg(otpauthUri(account.username, secret)),
      secret,
      required: totpRequired(account),
      error,
    });

  return async (ctx, next) => {
    const match = INVITE_PATH.exec(ctx.path);
    if (!match) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST') return next();
    setPageHeaders(ctx, csp);
    ctx.type = 'html';
    const token = match[1] ?? '';
    if (!INVITATION_TOKEN.test(token)) return refuse(ctx, { state: 'unknown' });
    const tokenHash = secretHash(token);
    const action = `/invite/${token}`;

    const lookup = await accounts.lookupInvitation(tokenHash);
    if (lookup.state !== 'valid') return refuse(ctx, lookup);
    const { account, invitation } = lookup;

    if (ctx.method !== 'POST') {
      // A new flow for this browser (another browser's unfinished one stops counting).
      const nonce = randomBytes(16).toString('base64url');
      if (!(await accounts.saveInvitationFlow(tokenHash, { nonceHash: secretHash(nonce) }))) {
        return refuse(ctx, await accounts.lookupInvitation(tokenHash));
      }
      ctx.append('Set-Cookie', flowCookie(token, nonce, FLOW_COOKIE_MAX_AGE_SECONDS));
      ctx.body = invitePasswordPage({ action, name: account.name, username: account.username });
      return;
    }

    const form = await readForm(ctx.req);
    const nonce = ctx.cookies.get(FLOW_COOKIE, { signed: false });
    const flow = invitation.flow;
    if (!nonce || !flow || secretHash(nonce) !== flow.nonceHash) {
      ctx.status = 400;
      ctx.body = invitationErrorPage(messages.invitationRestart, signInUrl);
      return;
    }

    if (form.has('password')) {
      const password = form.get('password') ?? '';
      const confirm = form.get('confirm') ?? '';
      const error =
        [...password].length < MIN_PASSWORD_LENGTH
          ? messages.passwordTooShort
          : password !== confirm
            ? messages.passwordMismatch
            : undefined;
      if (error) {
        ctx.status = 400;
        ctx.body = invitePasswordPage({ action, name: account.name, username: account.username, error });
        return;
      }
      const totpSecret = newTotpSecret();
      const saved = await accounts.saveInvitationFlow(tokenHash, {
        nonceHash: flow.nonceHash,
        passwordHash: await hashPassword(password),
        totpSecret,
      });
      if (!saved) return refuse(ctx, await accounts.lookupInvitation(tokenHash));
      ctx.body = await enrolView(account, totpSecret, action);
      return;
    }

    if (!flow.passwordHash || !flow.totpSecret) {
      ctx.status = 400;
      ctx.body = invitationErrorPage(messages.invitationRestart, signInUrl);
      return;
    }
    const skip = form.get('skip') === '1' && !totpRequired(account);
    let codes: string[] = [];
    let timeStep: number | undefined;
    if (!skip) {
      const code = (form.get('code') ?? '').trim();
      timeStep = code ? matchTotp(flow.totpSecret, code) : undefined;
      if (timeStep === undefined) {
        ctx.status = 400;
        ctx.body = await enrolView(
          account,
          flow.totpSecret,
          action,
          code ? messages.totpInvalid : messages.totpMissing,
        );
        return;
      }
      codes = newRecoveryCodes();
    }
    const accepted = await accounts.acceptInvitation(tokenHash, flow.nonceHash, {
      totp: timeStep === undefined ? null : { secret: flow.totpSecret, lastUsedStep: timeStep },
      recoveryCodes: codes.map((c) => recoveryCodeHash(account.id, c)),
    });
    if (!accepted) return refuse(ctx, await accounts.lookupInvitation(tokenHash));
    // A new password ends the sessions and refresh tokens made with the old one (a reset after a lost phone/password).
    await store.destroyByAccount(accepted.id);
    ctx.append('Set-Cookie', flowCookie(token, '', 0));
    ctx.body =
      codes.length > 0
        ? recoveryCodesPage({ codes, continueHref: signInUrl, continueLabel: messages.inviteGoToSite })
        : inviteDonePage(signInUrl);
  };
}
