import type { Middleware, ParameterizedContext } from 'koa';
import { AccessTokenVerifier, realmRoles } from './access-token.js';
import { AccountError, accountView, isRole, type AccountStore, type AccountView, type Role } from './accounts.js';
import { readBody } from './form.js';
import { invitationUrl, newInvitationToken, secretHash } from './invitation-links.js';
import { messages } from './messages.js';
import type { PayloadTable } from './storage/payload-table.js';

/** Roles that may call the administration API: `owner`, and `admin`, the single administrator's role before roles. */
const ADMINISTRATOR_ROLES = ['owner', 'admin'];
const USERNAME = /^[a-z0-9._-]{3,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AdminApiOptions {
  accounts: AccountStore;
  /** The provider's store: disabling an account removes its sessions, grants and refresh tokens there. */
  store: PayloadTable;
  verifier: AccessTokenVerifier;
  issuer: string;
  /** IDP_API_AUDIENCE: the `aud` a caller's access token must carry. */
  apiAudience: string;
  /** INVITATION_TTL, seconds. */
  invitationTtl: number;
}

/** `{ url, expiresAt }` of a new invitation link (the token appears here once and is never stored). */
export interface InvitationLink {
  url: string;
  /** ISO 8601. */
  expiresAt: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Validates `POST /accounts/invitations`'s body. @throws HttpError 400 with the Korean reason. */
function invitationInput(body: unknown): { username: string; name: string; email: string; role: Role } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const username = typeof b.username === 'string' ? b.username.trim() : '';
  if (!USERNAME.test(username)) throw new HttpError(400, messages.usernameInvalid);
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if ([...name].length < 1 || [...name].length > 40) throw new HttpError(400, messages.nameInvalid);
  let email = '';
  if (b.email !== undefined && b.email !== null && b.email !== '') {
    email = typeof b.email === 'string' ? b.email.trim() : '';
    if (email.length > 254 || !EMAIL.test(email)) throw new HttpError(400, messages.emailInvalid);
  }
  if (!isRole(b.role)) throw new HttpError(400, messages.roleInvalid);
  return { username, name, email, role: b.role };
}

/** Validates `PATCH /accounts/:id`'s body. @throws HttpError 400. */
function patchInput(body: unknown): { role?: Role; disabled?: boolean } {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const patch: { role?: Role; disabled?: boolean } = {};
  if (b.role !== undefined) {
    if (!isRole(b.role)) throw new HttpError(400, messages.roleInvalid);
    patch.role = b.role;
  }
  if (b.disabled !== undefined) {
    if (typeof b.disabled !== 'boolean') throw new HttpError(400, messages.disabledInvalid);
    patch.disabled = b.disabled;
  }
  if (patch.role === undefined && patch.disabled === undefined) throw new HttpError(400, messages.patchEmpty);
  return patch;
}

/**
 * The account administration API (docs/decisions/0080-people-invites-totp.md), JSON in the manner of Keycloak's admin
 * REST API. The NestJS API calls it for the owner, forwarding the owner's bearer access token, which must be one of
 * ours (RS256 with this provider's key, `iss` = the issuer, `aud` ∋ IDP_API_AUDIENCE, not expired) carrying `owner` (or
 * the legacy `admin`) in `realm_access.roles`, and whose account is still an active owner: 401 otherwise (no, bad or
 * expired token, or the account disabled), 403 for another role. Every error is `{ message }` in Korean; answers are
 * `no-store`.
 *
 * - `GET /accounts` → 200 `{ accounts: AccountView[] }` (oldest first).
 * - `POST /accounts/invitations` `{ username, name, email?, role }` → 201 `{ account, invitation: { url, expiresAt } }`:
 *   a new `invited` account and its one-time link `<issuer>/invite/<token>`, valid INVITATION_TTL seconds (24 h).
 *   400 validation (username 3–32 of [a-z0-9._-], name 1–40 characters, role owner|editor|staff, e-mail shape),
 *   409 username taken.
 * - `POST /accounts/:id/invitations` → 201 `{ account, invitation }`: a new link for an existing account (a reset);
 *   its older links stop working. 404 unknown account, 409 disabled account.
 * - `PATCH /accounts/:id` `{ role?, disabled? }` → 200 `{ account }`. Disabling removes the account's sessions, grants
 *   and refresh tokens at once (a refresh fails from then on; access tokens already issued live out ACCESS_TOKEN_TTL).
 *   409 when it would leave no active owner; 404 unknown account.
 */
export function adminApi(options: AdminApiOptions): Middleware {
  const { accounts, store, verifier, issuer, apiAudience, invitationTtl } = options;
  type Ctx = ParameterizedContext;

  const authorize = async (ctx: Ctx): Promise<void> => {
    const checked = verifier.verify(AccessTokenVerifier.bearer(ctx.get('Authorization')), { audience: apiAudience });
    if (!checked.ok) {
      ctx.set(
        'WWW-Authenticate',
        `Bearer realm="${issuer}", error="invalid_token", error_description="${checked.reason}"`,
      );
      throw new HttpError(401, messages.apiUnauthorized);
    }
    const caller = await accounts.findById(checked.claims.sub ?? '');
    if (!caller || caller.status !== 'active') {
      ctx.set(
        'WWW-Authenticate',
        `Bearer realm="${issuer}", error="invalid_token", error_description="account disabled"`,
      );
      throw new HttpError(401, messages.apiUnauthorized);
    }
    if (!realmRoles(checked.claims).some((r) => ADMINISTRATOR_ROLES.includes(r)) || caller.role !== 'owner') {
      throw new HttpError(403, messages.apiForbidden);
    }
  };

  const json = async (ctx: Ctx): Promise<unknown> => {
    const text = await readBody(ctx.req).catch(() => {
      throw new HttpError(413, messages.apiBodyTooLarge);
    });
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HttpError(400, messages.apiBadJson);
    }
  };

  const newLink = () => {
    const token = newInvitationToken();
    const expiresAt = Date.now() + invitationTtl * 1000;
    return {
      tokenHash: secretHash(token),
      expiresAt,
      link: {
        url: invitationUrl(issuer, token),
        expiresAt: new Date(expiresAt).toISOString(),
      } satisfies InvitationLink,
    };
  };

  const route = async (ctx: Ctx, segments: string[]): Promise<void> => {
    const [id, sub, ...rest] = segments;
    const allow = (...methods: string[]) => {
      if (!methods.includes(ctx.method)) {
        ctx.set('Allow', methods.join(', '));
        throw new HttpError(405, messages.apiMethodNotAllowed);
      }
    };
    if (rest.length > 0) throw new HttpError(404, messages.apiNotFound);

    if (id === undefined) {
      allow('GET');
      await authorize(ctx);
      const list: AccountView[] = (await accounts.list()).map(accountView);
      ctx.body = { accounts: list };
      return;
    }
    if (id === 'invitations' && sub === undefined) {
      allow('POST');
      await authorize(ctx);
      const input = invitationInput(await json(ctx));
      const { tokenHash, expiresAt, link } = newLink();
      const account = await accounts.invite(input, tokenHash, expiresAt);
      ctx.status = 201;
      ctx.body = { account: accountView(account), invitation: link };
      return;
    }
    if (!UUID.test(id)) throw new HttpError(404, messages.accountNotFound);
    if (sub === 'invitations') {
      allow('POST');
      await authorize(ctx);
      const { tokenHash, expiresAt, link } = newLink();
      const account = await accounts.reissueInvitation(id, tokenHash, expiresAt);
      ctx.status = 201;
      ctx.body = { account: accountView(account), invitation: link };
      return;
    }
    if (sub !== undefined) throw new HttpError(404, messages.apiNotFound);
    allow('PATCH');
    await authorize(ctx);
    const { account, disabledNow } = await accounts.update(id, patchInput(await json(ctx)));
    if (disabledNow) await store.destroyByAccount(account.id);
    ctx.body = { account: accountView(account) };
  };

  return async (ctx, next) => {
    if (ctx.path !== '/accounts' && !ctx.path.startsWith('/accounts/')) return next();
    ctx.set('Cache-Control', 'no-store');
    try {
      await route(ctx, ctx.path.split('/').slice(2).filter(Boolean));
    } catch (error) {
      if (error instanceof HttpError || error instanceof AccountError) {
        ctx.status = error.status;
        ctx.body = { message: error.message };
        return;
      }
      console.error('IdP account API error:', error);
      ctx.status = 500;
      ctx.body = { message: messages.apiServerError };
    }
  };
}
