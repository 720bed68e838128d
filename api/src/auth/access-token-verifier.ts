import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Clock, WallClock } from '../common/clock';
import { APP_CONFIG, type AppConfig, type OidcConfig } from '../config/app-config';
import { issuedToClient, notAnAccessToken, principalFromClaims, type Principal } from './principal';

/** How long one discovery or JWKS request to the issuer may take. */
const ISSUER_TIMEOUT_MS = 5000;

/** The token cannot be trusted: missing, malformed, expired, badly signed, wrong issuer or client. → 401. */
export class InvalidAccessToken extends Error {
  override name = 'InvalidAccessToken';
}

/** The issuer's discovery document or key set could not be fetched, so no token can be checked. → 503. */
export class IssuerUnavailable extends Error {
  override name = 'IssuerUnavailable';
}

/**
 * Where to fetch the key set from (ARCHITECTURE.md "Identity": in containers discovery may be fetched from an
 * internal URL while `iss` stays the public one). The discovery document fetched internally still names public
 * URLs, so a `jwks_uri` under the public issuer is moved under the internal discovery URL (same path below
 * it), and one merely on the issuer's origin gets the internal origin. Any other `jwks_uri` is used as it is.
 * @throws TypeError when `jwksUri` is not an absolute URL.
 */
export function internalJwksUrl(jwksUri: string, oidc: Pick<OidcConfig, 'issuer' | 'discoveryUrl'>): URL {
  const url = new URL(jwksUri);
  if (oidc.discoveryUrl === oidc.issuer) return url;
  const publicBase = oidc.issuer.replace(/\/+$/, '');
  if (jwksUri.startsWith(`${publicBase}/`)) {
    return new URL(oidc.discoveryUrl.replace(/\/+$/, '') + jwksUri.slice(publicBase.length));
  }
  if (url.origin === new URL(oidc.issuer).origin) {
    const internal = new URL(oidc.discoveryUrl);
    url.protocol = internal.protocol;
    url.host = internal.host;
  }
  return url;
}

const explain = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Verifies bearer access tokens against the issuer's JWKS with `jose` (docs/decisions/0005-authentication.md): RS256
 * signature, `iss` = OIDC_ISSUER, `exp` present and not passed (OIDC_CLOCK_TOLERANCE_SECONDS of leeway, "now" from the
 * Clock), an access token and no other kind (header `typ` `at+jwt`, as oidc-provider writes it, or `JWT` with
 * Keycloak's `typ: Bearer` claim; principal.ts `notAnAccessToken`), and `azp` (or RFC 9068's `client_id`) =
 * OIDC_CLIENT_ID, never `aud` alone: an ID token, whose `aud` is the client, opens nothing
 * (docs/decisions/0086-access-tokens-only.md).
 *
 * Discovery (`<OIDC_DISCOVERY_URL>/.well-known/openid-configuration` → `jwks_uri`) is fetched on the first
 * token, not at start-up, so the API starts while the issuer is still starting; the result is kept, and a
 * failed attempt is retried by the next request. jose caches the key set and refetches it (at most every 30 s)
 * when a token names an unknown key, which is how key rotation reaches us.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly logger = new Logger('AccessTokenVerifier');
  private readonly oidc: OidcConfig;
  private keySet: Promise<JWTVerifyGetKey> | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(WallClock) private readonly clock: Clock,
  ) {
    this.oidc = config.oidc;
  }

  /**
   * @returns the token's principal `{ sub, username, name, email, roles, siteRoles }`.
   * @throws InvalidAccessToken for a token that is malformed, expired, not signed by the issuer's keys, from
   *   another issuer, not an access token (an ID or refresh token), for another client, or without `sub`.
   * @throws IssuerUnavailable when discovery or the key set cannot be fetched.
   */
  async verify(token: string): Promise<Principal> {
    // Junk and other issuers' tokens are refused without asking our issuer anything; jwtVerify checks again.
    let unverifiedIssuer: unknown;
    try {
      unverifiedIssuer = decodeJwt(token).iss;
    } catch (error) {
      throw new InvalidAccessToken(explain(error));
    }
    if (unverifiedIssuer !== this.oidc.issuer)
      throw new InvalidAccessToken(`token from issuer ${String(unverifiedIssuer)}`);
    const getKey = await this.keys();
    let payload;
    let protectedHeader;
    try {
      ({ payload, protectedHeader } = await jwtVerify(token, getKey, {
        issuer: this.oidc.issuer,
        algorithms: ['RS256'],
        clockTolerance: this.oidc.clockToleranceSeconds,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof IssuerUnavailable) throw error;
      throw new InvalidAccessToken(explain(error));
    }
    const kind = notAnAccessToken(protectedHeader, payload);
    if (kind) throw new InvalidAccessToken(`${kind}, not an access token`);
    if (!issuedToClient(payload, this.oidc.clientId)) {
      throw new InvalidAccessToken(
        `token issued to azp=${String(payload.azp)} aud=${JSON.stringify(payload.aud)}, not ${this.oidc.clientId}`,
      );
    }
    const principal = principalFromClaims(payload, this.oidc.adminRole);
    if (!principal) throw new InvalidAccessToken('token without sub');
    return principal;
  }

  /** The issuer's key set, discovered once; a failed discovery is forgotten so the next call tries again. */
  private keys(): Promise<JWTVerifyGetKey> {
    this.keySet ??= this.discover().catch((error: unknown) => {
      this.keySet = undefined;
      throw error;
    });
    return this.keySet;
  }

  private async discover(): Promise<JWTVerifyGetKey> {
    const url = `${this.oidc.discoveryUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    let document: { issuer?: unknown; jwks_uri?: unknown };
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = (await response.json()) as typeof document;
    } catch (error) {
      throw new IssuerUnavailable(`discovery ${url}: ${explain(error)}`);
    }
    if (typeof document?.jwks_uri !== 'string') throw new IssuerUnavailable(`discovery ${url}: no jwks_uri`);
    let jwksUrl: URL;
    try {
      jwksUrl = internalJwksUrl(document.jwks_uri, this.oidc);
    } catch {
      throw new IssuerUnavailable(`discovery ${url}: jwks_uri ${document.jwks_uri} is not a URL`);
    }
    if (document.issuer !== this.oidc.issuer) {
      // Every token will fail the iss check: say why once, here, rather than in every 401.
      this.logger.warn(
        `Discovery at ${url} names issuer ${String(document.issuer)}, but OIDC_ISSUER is ${this.oidc.issuer}`,
      );
    }
    const remote = createRemoteJWKSet(jwksUrl, { timeoutDuration: ISSUER_TIMEOUT_MS });
    // A token naming no known key is the token's fault (401); failing to fetch the keys is not (503).
    return async (header, token) => {
      try {
        return await remote(header, token);
      } catch (error) {
        if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
        throw new IssuerUnavailable(`key set ${jwksUrl.href}: ${explain(error)}`);
      }
    };
  }
}
