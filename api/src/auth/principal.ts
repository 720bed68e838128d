import type { JWTPayload } from 'jose';

/**
 * The signed-in user, read from a verified access token in Keycloak's claim shape (DECISIONS D5):
 * `sub`, `preferred_username` → username, `name`, `email`, `realm_access.roles` → roles.
 * Missing or non-string claims become null (roles: []); only `sub` is required.
 */
export interface Principal {
  sub: string;
  username: string | null;
  name: string | null;
  email: string | null;
  roles: string[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The principal of a verified payload, or null when it has no usable `sub`. */
export function principalFromClaims(claims: JWTPayload): Principal | null {
  const sub = text(claims.sub);
  if (!sub) return null;
  const realmAccess = claims.realm_access as { roles?: unknown } | undefined;
  const roles = Array.isArray(realmAccess?.roles)
    ? realmAccess.roles.filter((r): r is string => typeof r === 'string')
    : [];
  return {
    sub,
    username: text(claims.preferred_username),
    name: text(claims.name),
    email: text(claims.email),
    roles,
  };
}

/**
 * Whether the token was issued to our client (DECISIONS D5): `azp` equals it, or, when the token has no
 * `azp`, `aud` is or contains it.
 */
export function issuedToClient(claims: JWTPayload, clientId: string): boolean {
  if (claims.azp !== undefined) return claims.azp === clientId;
  return Array.isArray(claims.aud) ? claims.aud.includes(clientId) : claims.aud === clientId;
}
