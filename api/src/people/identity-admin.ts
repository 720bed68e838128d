import type { OidcConfig } from '../config/app-config';

/**
 * Where accounts are administered (docs/decisions/0080-people-invites-totp.md "People"), decided from the issuer the
 * API already trusts, so there is nothing more to configure:
 * - `keycloak` when OIDC_ISSUER is a Keycloak realm, `<base>/realms/<realm>` (Keycloak's issuer format): Keycloak's own
 *   user management does it, and `consoleUrl` is its users page, `<base>/admin/<realm>/console/#/<realm>/users`, on the
 *   public issuer's address (the owner's browser opens it). `/api/people` answers 409 with it.
 * - `embedded` otherwise (the identity provider of idp/): its account API, `<OIDC_DISCOVERY_URL>/accounts`, on the
 *   internal address in containers (the API calls it), like discovery. docs/keycloak.md "People".
 */
export type IdentityAdmin = { kind: 'embedded'; accountsUrl: string } | { kind: 'keycloak'; consoleUrl: string };

const KEYCLOAK_ISSUER = /^(https?:\/\/[^?#]*?)\/realms\/([^/?#]+)\/?$/;

/** {@link IdentityAdmin} of the API's OIDC configuration. */
export function identityAdminOf(oidc: Pick<OidcConfig, 'issuer' | 'discoveryUrl'>): IdentityAdmin {
  const keycloak = KEYCLOAK_ISSUER.exec(oidc.issuer);
  if (keycloak) {
    const [, base, realm] = keycloak;
    return { kind: 'keycloak', consoleUrl: `${base}/admin/${realm}/console/#/${realm}/users` };
  }
  return { kind: 'embedded', accountsUrl: `${oidc.discoveryUrl.replace(/\/+$/, '')}/accounts` };
}
