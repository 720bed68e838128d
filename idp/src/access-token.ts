import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { PersistedKeys } from './persisted-keys.js';

/** The claims of our access tokens this provider reads back (Keycloak's shape). */
export interface AccessTokenClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  azp?: string;
  exp?: number;
  realm_access?: { roles?: unknown };
}

export type AccessTokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: string };

/**
 * Checks a bearer access token this provider issued, as the API does: RS256 with the provider's own signing key
 * (`DATA_DIR/idp/keys.json`, matched by `kid`), `iss` = the issuer, `exp` in the future, and, when asked, `aud`
 * containing `audience` and `azp` = `clientId`. A token of another issuer (another key, or the same key under another
 * issuer name) fails. `reason` is English, for WWW-Authenticate's error_description.
 */
export class AccessTokenVerifier {
  private readonly publicKey: KeyObject;

  constructor(
    private readonly keys: PersistedKeys,
    private readonly issuer: string,
  ) {
    this.publicKey = createPublicKey({ key: keys.signing, format: 'jwk' });
  }

  /** The bearer token of an `Authorization` header value, or undefined. */
  static bearer(header: string | undefined): string | undefined {
    return /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i.exec(header ?? '')?.[1];
  }

  verify(token: string | undefined, expect: { audience?: string; clientId?: string } = {}): AccessTokenCheck {
    const parts = token?.split('.');
    if (!token || parts?.length !== 3) return { ok: false, reason: 'no bearer access token' };
    const [h, p, s] = parts as [string, string, string];
    let header: { alg?: string; kid?: string };
    let claims: AccessTokenClaims;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed token' };
    }
    if (typeof claims !== 'object' || claims === null) return { ok: false, reason: 'malformed token' };
    const signatureOk =
      header.alg === 'RS256' &&
      header.kid === this.keys.signing.kid &&
      verify('RSA-SHA256', Buffer.from(`${h}.${p}`), this.publicKey, Buffer.from(s, 'base64url'));
    if (!signatureOk) return { ok: false, reason: 'invalid signature' };
    if (claims.iss !== this.issuer) return { ok: false, reason: 'wrong issuer' };
    if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000)
      return { ok: false, reason: 'token expired' };
    if (expect.audience !== undefined) {
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.includes(expect.audience)) return { ok: false, reason: 'token for another audience' };
    }
    if (expect.clientId !== undefined && claims.azp !== expect.clientId) {
      return { ok: false, reason: 'token for another client' };
    }
    if (typeof claims.sub !== 'string') return { ok: false, reason: 'no subject' };
    return { ok: true, claims };
  }
}

/** The realm roles a token carries (`realm_access.roles`), strings only. */
export function realmRoles(claims: AccessTokenClaims): string[] {
  const roles = claims.realm_access?.roles;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}
