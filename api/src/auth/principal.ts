import type { JWTPayload } from 'jose';
import { siteRolesOf, type SiteRole } from '../common/shared-rules';

/**
 * The signed-in user, read from a verified access token in Keycloak's claim shape
 * (docs/decisions/0005-authentication.md): `sub`, `preferred_username` → username, `name`, `email`,
 * `realm_access.roles` → roles, and the site roles those grant (siteRolesOf: owner/editor/staff, the legacy ADMIN_ROLE
 * counted as owner; docs/decisions/0079-roles.md). Missing or non-string claims become null (roles: []); only `sub` is
 * required.
 */
export interface Principal {
  sub: string;
  username: string | null;
  name: string | null;
  email: string | null;
  roles: string[];
  /** The site roles `roles` grant, most powerful first; [] for none (RolesGuard then answers 403). */
  siteRoles: SiteRole[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The principal of a verified payload, or null when it has no usable `sub`.
 * @param legacyOwnerRole ADMIN_ROLE (default `admin`), the administrator role of sites from before roles.
 */
export function principalFromClaims(claims: JWTPayload, legacyOwnerRole: string): Principal | null {
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
    siteRoles: siteRolesOf(roles, legacyOwnerRole),
  };
}

/**
 * Whether the access token was issued to our client (docs/decisions/0005-authentication.md): its authorized party,
 * `azp` (Keycloak's and the embedded provider's access tokens) or else RFC 9068's `client_id`, equals it. `aud` is not
 * a client: an ID token's `aud` is the client it was issued to, so taking `aud` for the client let an ID token through
 * (docs/decisions/0086-access-tokens-only.md).
 */
export function issuedToClient(claims: JWTPayload, clientId: string): boolean {
  return (claims.azp ?? claims.client_id) === clientId;
}

/**
 * Why a verified token is not an access token, or null when it is one (docs/decisions/0086-access-tokens-only.md). The
 * header `typ` is `at+jwt` (RFC 9068; the embedded provider) or `JWT` (Keycloak) or absent; Keycloak also writes the
 * token's kind in the `typ` claim, `Bearer` for an access token (`ID` for an ID token, `Refresh`, `Logout`, … for the
 * others).
 * @returns a short English reason for the log, e.g. `a token of type ID`
 */
export function notAnAccessToken(header: { typ?: unknown }, claims: JWTPayload): string | null {
  if (header.typ !== undefined) {
    const typ = String(header.typ)
      .toLowerCase()
      .replace(/^application\//, '');
    if (typ !== 'at+jwt' && typ !== 'jwt') return `a token of media type ${String(header.typ)}`;
  }
  if (claims.typ !== undefined && claims.typ !== 'Bearer') return `a token of type ${String(claims.typ)}`;
  return null;
}
