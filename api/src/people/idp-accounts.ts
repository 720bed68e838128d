import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { identityAdminOf, type IdentityAdmin } from './identity-admin';

/** The roles of docs/decisions/0079-roles.md, as the identity provider names them. */
export const ACCOUNT_ROLES = ['owner', 'editor', 'staff'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** An account's state: signing in, invited and not yet signed up, or disabled by the owner. */
export const ACCOUNT_STATUSES = ['active', 'invited', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** How long one call to the identity provider's account API may take. */
const IDP_TIMEOUT_MS = 5000;

const accountSchema = z.object({
  id: z.string().min(1),
  username: z.string(),
  name: z.string(),
  email: z.string().nullish(),
  role: z.enum(ACCOUNT_ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  totp: z.boolean(),
  createdAt: z.string(),
  invitationExpiresAt: z.string().nullish(),
});
const invitationSchema = z.object({ url: z.string().url(), expiresAt: z.string() });
const listSchema = z.object({ accounts: z.array(accountSchema) });
const invitedSchema = z.object({ account: accountSchema, invitation: invitationSchema });
const updatedSchema = z.object({ account: accountSchema });

/** An account as the identity provider's account API answers it (idp/README.md "Account administration API"). */
export type IdpAccount = z.infer<typeof accountSchema>;
/** A one-time invitation link (24 h) and when it expires (ISO 8601). */
export type IdpInvitation = z.infer<typeof invitationSchema>;

/** The identity provider cannot be reached, answered 5xx, or answered something that is not its account API. → 503 */
export class IdpUnavailable extends Error {
  override name = 'IdpUnavailable';
}

/** The identity provider refused the call (4xx): its status and its Korean `message`, when it sent one. */
export class IdpRefused extends Error {
  override name = 'IdpRefused';
  constructor(
    readonly status: number,
    readonly sentence: string | null,
  ) {
    super(`identity provider answered ${status}`);
  }
}

/**
 * The embedded identity provider's account administration API (idp/README.md "Account administration API";
 * docs/decisions/0080-people-invites-totp.md), called with the owner's own bearer access token, which the provider
 * verifies itself. The base URL is the API's OIDC discovery URL (identity-admin.ts). Answers are checked against their
 * shape; nothing of a body (invitation links, email addresses) is ever logged, only the method, the route and the
 * status.
 */
@Injectable()
export class IdpAccounts {
  private readonly logger = new Logger('IdpAccounts');
  /** Where accounts are administered: the embedded provider's API, or Keycloak's console. */
  readonly admin: IdentityAdmin;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.admin = identityAdminOf(config.oidc);
  }

  /** `GET /accounts` → every account. */
  async list(token: string): Promise<IdpAccount[]> {
    return (await this.call(token, 'GET', '', undefined, listSchema)).accounts;
  }

  /** `POST /accounts/invitations` → the new (invited) account and its one-time link. 409: the username is taken. */
  async invite(
    token: string,
    body: { username: string; name: string; email?: string; role: AccountRole },
  ): Promise<{ account: IdpAccount; invitation: IdpInvitation }> {
    return this.call(token, 'POST', '/invitations', body, invitedSchema);
  }

  /** `POST /accounts/:id/invitations` → a new one-time link that lets the person set a new password. */
  async reinvite(token: string, id: string): Promise<{ account: IdpAccount; invitation: IdpInvitation }> {
    return this.call(token, 'POST', `/${encodeURIComponent(id)}/invitations`, undefined, invitedSchema);
  }

  /** `PATCH /accounts/:id` `{ role?, disabled? }` → the account; 409 for the last active owner. */
  async update(token: string, id: string, patch: { role?: AccountRole; disabled?: boolean }): Promise<IdpAccount> {
    return (await this.call(token, 'PATCH', `/${encodeURIComponent(id)}`, patch, updatedSchema)).account;
  }

  /**
   * One call. @throws IdpUnavailable (unreachable, timeout, 5xx, not JSON, wrong shape), IdpRefused (4xx), or an
   * Error in Keycloak mode (the controller answers before calling).
   */
  private async call<T>(token: string, method: string, path: string, body: unknown, shape: z.ZodType<T>): Promise<T> {
    if (this.admin.kind !== 'embedded') throw new Error('accounts are administered in Keycloak');
    const route = `${method} /accounts${path.replace(/^\/[^/]+/, '/:id')}`;
    let response: Response;
    try {
      response = await fetch(`${this.admin.accountsUrl}${path}`, {
        method,
        signal: AbortSignal.timeout(IDP_TIMEOUT_MS),
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new IdpUnavailable(
        `${route}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.status >= 500 || answer === undefined) {
      throw new IdpUnavailable(`${route}: HTTP ${response.status}${answer === undefined ? ', not JSON' : ''}`);
    }
    if (!response.ok) {
      this.logger.log(`${route}: ${response.status}`);
      const sentence = (answer as { message?: unknown } | null)?.message;
      throw new IdpRefused(response.status, typeof sentence === 'string' && sentence.trim() ? sentence : null);
    }
    const parsed = shape.safeParse(answer);
    if (!parsed.success) {
      throw new IdpUnavailable(
        `${route}: HTTP ${response.status} with an answer of another shape (${parsed.error.issues[0]?.path.join('.')})`,
      );
    }
    return parsed.data;
  }
}
