import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Account, AccountStore } from './accounts.js';
import type { IdpConfig } from './config.js';
import type { PersistedKeys } from './persisted-keys.js';
import { adapterFor } from './storage/oidc-adapter.js';
import type { PayloadTable } from './storage/payload-table.js';
import { errorPage, logoutDonePage, logoutPage } from './pages.js';
import { PAGE_WITHOUT_FORM_CSP, setPageHeaders } from './security-headers.js';

/**
 * Scopes our first-party client is granted without a consent screen (docs/decisions/0005-authentication.md: same claims
 * as Keycloak).
 */
const FIRST_PARTY_SCOPES = ['openid', 'profile', 'email'];

/**
 * Profile claims of an account, in Keycloak's shape: `realm_access.roles` is `[role]` (owner, editor or staff;
 * docs/decisions/0078-team-runs-the-site.md). An account without an e-mail address has no `email` claim.
 */
export function profileClaims(account: Account) {
  return {
    sub: account.id,
    preferred_username: account.username,
    name: account.name,
    ...(account.email ? { email: account.email, email_verified: true } : {}),
    realm_access: { roles: [account.role] },
  };
}

/**
 * Whether a sign-in proven by `amr` (the authentication methods of a session or token) is short of what `account`
 * needs: with IDP_OWNER_TOTP `required`, an owner must have signed in with a second factor (`otp`). A session or
 * refresh token made before (from a password-only sign-in before the upgrade, or before the account became an owner)
 * then no longer counts.
 */
export function lacksSecondFactor(config: IdpConfig, account: Account, amr: unknown): boolean {
  return config.ownerTotp === 'required' && account.role === 'owner' && !(Array.isArray(amr) && amr.includes('otp'));
}

/**
 * oidc-provider's default interaction policy plus one check in its `login` prompt: a browser session of an owner
 * without a second factor (see {@link lacksSecondFactor}) is asked to sign in again (`prompt=none`: login_required).
 */
function interactionPolicyFor(config: IdpConfig, accounts: AccountStore) {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'second_factor',
      'an owner signs in with a second factor',
      'login_required',
      async (ctx) => {
        const { session } = ctx.oidc;
        if (!session?.accountId || config.ownerTotp !== 'required') return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const account = await accounts.findById(session.accountId);
        return account && lacksSecondFactor(config, account, session.amr)
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT;
      },
    ),
  );
  return policy;
}

/**
 * RFC 8707 resource indicators must be absolute URIs; Keycloak-style audiences (`linksite-api`) are not.
 * The token's `aud` stays the configured audience; only the internal indicator is wrapped in a URN.
 */
export function resourceIndicatorFor(audience: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(audience) ? audience : `urn:linksite:resource:${encodeURIComponent(audience)}`;
}

const epochTime = () => Math.floor(Date.now() / 1000);
const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Builds the oidc-provider instance: one public client with PKCE S256, JWT access tokens for the API
 * (resource indicator = IDP_API_AUDIENCE, also when the client sends none, as keycloak-js does),
 * refresh tokens without offline_access, no consent screen, RP-initiated logout without a confirmation step.
 * Sessions, grants and refresh tokens live in `store` (storage/open-payload-table.ts), so they survive a restart.
 */
export function createProvider(
  config: IdpConfig,
  keys: PersistedKeys,
  accounts: AccountStore,
  store: PayloadTable,
): Provider {
  const { clientId, apiAudience } = config;
  const resource = resourceIndicatorFor(apiAudience);

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_name: '링크 & 일정',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: config.redirectUris,
        post_logout_redirect_uris: config.postLogoutRedirectUris,
      },
    ],
    adapter: adapterFor(store),
    jwks: { keys: [keys.signing] },
    cookies: { keys: keys.cookieKeys },
    pkce: { required: () => true },
    scopes: [...FIRST_PARTY_SCOPES, 'offline_access'],
    // keycloak-js asks for `openid` only and reads the profile from the tokens, as Keycloak puts it there.
    claims: {
      openid: ['sub', 'preferred_username', 'name', 'email', 'email_verified', 'realm_access'],
      profile: ['preferred_username', 'name'],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    // Only an active account exists for the library: a disabled (or deleted) one can neither sign in, nor use a
    // session, nor refresh (the refresh grant looks the account up and answers invalid_grant).
    // An owner's code or refresh token from a sign-in without a second factor (while IDP_OWNER_TOTP is required) is
    // not honoured either: the token grant answers invalid_grant, and the app signs in again.
    async findAccount(_ctx, sub, token) {
      const account = await accounts.findById(sub);
      if (!account || account.status !== 'active') return undefined;
      if (token && lacksSecondFactor(config, account, (token as { amr?: unknown }).amr)) return undefined;
      // The ID token carries who signed in, not what they may do: roles travel in the access token only (the shell
      // reads them there; an ID token, which also travels in logout URLs, opens nothing at the API:
      // docs/decisions/0086-access-tokens-only.md).
      return {
        accountId: sub,
        claims: (use: string) => {
          const { realm_access: _roles, ...identity } = profileClaims(account);
          return use === 'id_token' ? identity : profileClaims(account);
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || typeof token.accountId !== 'string')
        return undefined;
      const account = await accounts.findById(token.accountId);
      if (!account || account.status !== 'active') return { azp: token.clientId };
      const { sub: _sub, ...claims } = profileClaims(account);
      return { azp: token.clientId, ...claims };
    },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== clientId) return existing;
      // First-party client: grant what it may ask for, so the consent prompt never shows.
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId });
      const requested = [...(ctx.oidc.requestParamScopes ?? [])].filter((s) => FIRST_PARTY_SCOPES.includes(s));
      grant.addOIDCScope([...new Set([...FIRST_PARTY_SCOPES, ...requested])].join(' '));
      grant.addResourceScope(resource, FIRST_PARTY_SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    async issueRefreshToken(_ctx, client) {
      return client.clientId === clientId && client.grantTypeAllowed('refresh_token');
    },
    clientBasedCORS(_ctx, origin) {
      return config.appOrigins.includes(origin);
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: interactionPolicyFor(config, accounts),
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // Framed by no one; its policy stops there, as the page runs the library's inline script and form.
          setPageHeaders(ctx, "frame-ancestors 'none'");
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        async postLogoutSuccessSource(ctx) {
          setPageHeaders(ctx, PAGE_WITHOUT_FORM_CSP);
          ctx.type = 'html';
          ctx.body = logoutDonePage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: FIRST_PARTY_SCOPES.join(' '),
            audience: apiAudience,
            accessTokenTTL: config.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: config.accessTokenTtl,
      IdToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: config.sessionTtl,
      Grant: Math.max(config.refreshTokenTtl, config.sessionTtl),
      // A rotated refresh token keeps the expiry of the one it replaces: REFRESH_TOKEN_TTL is a maximum from sign-in.
      RefreshToken(ctx) {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(rotated.remainingTTL, 1) : config.refreshTokenTtl;
      },
    },
    async renderError(ctx, out) {
      setPageHeaders(ctx, PAGE_WITHOUT_FORM_CSP);
      ctx.type = 'html';
      ctx.body = errorPage(typeof out.error_description === 'string' ? out.error_description : String(out.error ?? ''));
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // X-Forwarded-* (protocol for secure cookies) only behind a configured proxy; the login limits read the client
  // address through client-address.ts, never ctx.ip, so a client's own X-Forwarded-For changes nothing
  // (docs/decisions/0040-trusted-under-attack.md).
  provider.proxy = config.trustedProxies.length > 0;
  makeRefreshTokensJwtShaped(provider, config);
  return provider;
}

/**
 * keycloak-js decodes the refresh token as a JWT (keycloak/keycloak-js#149) and fails on an opaque one.
 * The value stays an opaque handle the library looks up in its store; it is merely shaped
 * `header.payload.handle` with base64url JSON parts (`exp`, `iat`, `typ: "Refresh"`, ...), like Keycloak's.
 * Nobody verifies it as a JWT, hence `alg: "none"`.
 */
function makeRefreshTokensJwtShaped(provider: Provider, config: IdpConfig): void {
  type RefreshTokenLike = {
    generateTokenId(): string;
    exp?: number;
    iat?: number;
    expiration: number;
    accountId?: string;
    clientId?: string;
    sid?: string;
    scope?: string;
  };
  const proto = provider.RefreshToken.prototype as unknown as RefreshTokenLike;
  const opaque = proto.generateTokenId;
  proto.generateTokenId = function generateJwtShapedId(this: RefreshTokenLike) {
    const handle = opaque.call(this);
    this.iat ??= epochTime();
    this.exp ??= this.iat + this.expiration;
    const header = { alg: 'none', typ: 'JWT' };
    const payload = {
      exp: this.exp,
      iat: this.iat,
      iss: config.issuer,
      aud: config.issuer,
      sub: this.accountId,
      typ: 'Refresh',
      azp: this.clientId,
      sid: this.sid,
      scope: this.scope,
    };
    return `${b64json(header)}.${b64json(payload)}.${handle}`;
  };
}

export type { KoaContextWithOIDC };
