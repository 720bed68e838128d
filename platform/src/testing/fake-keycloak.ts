// Test helper (jest only; no app imports it): a stand-in for keycloak-js handed to `initAuth` as its factory.
import type { KeycloakConfig, KeycloakTokenParsed } from 'keycloak-js';
import type { KeycloakClient, KeycloakFactory } from '../auth/auth-store';

export interface FakeClaims {
  preferred_username?: string;
  name?: string;
  email?: string;
  roles?: string[];
}

export interface FakeKeycloak extends KeycloakClient {
  init: jest.Mock;
  login: jest.Mock;
  logout: jest.Mock;
  updateToken: jest.Mock;
  clearToken: jest.Mock;
  /** Config the factory was called with. */
  config?: KeycloakConfig;
  /** How many times the token was refreshed; the access token is `access-<n>`. */
  refreshes: number;
  /** When true, refreshing fails as keycloak-js does (rejects, tokens cleared). */
  refreshFails: boolean;
  /** When true, `updateToken(n)` refreshes; otherwise only the forced `updateToken(-1)` does. */
  expired: boolean;
}

export const ADMIN_CLAIMS: FakeClaims = {
  preferred_username: 'admin',
  name: '관리자',
  email: 'admin@localhost',
  roles: ['admin', 'offline_access'],
};

/**
 * @param signedIn claims of the user `check-sso` finds, or null for nobody.
 * @param tokens which tokens init leaves (docs/product.md#4-states-and-transitions: authenticated needs both).
 */
export function fakeKeycloak(
  signedIn: FakeClaims | null = ADMIN_CLAIMS,
  tokens: { id: boolean; access: boolean } = { id: true, access: true },
): FakeKeycloak & { factory: KeycloakFactory } {
  const parsed = (claims: FakeClaims): KeycloakTokenParsed => ({
    exp: Math.floor(Date.now() / 1000) + 60,
    preferred_username: claims.preferred_username,
    name: claims.name,
    email: claims.email,
    realm_access: { roles: claims.roles ?? [] },
  });
  const fake = {
    refreshes: 0,
    refreshFails: false,
    expired: false,
    init: jest.fn(async () => {
      if (!signedIn) return false;
      if (tokens.access) {
        fake.token = 'access-0';
        fake.tokenParsed = parsed(signedIn);
      }
      if (tokens.id) {
        fake.idToken = 'id-0';
        fake.idTokenParsed = parsed(signedIn);
      }
      return true;
    }),
    login: jest.fn(async () => undefined),
    logout: jest.fn(async () => undefined),
    updateToken: jest.fn(async (minValidity: number) => {
      if (minValidity !== -1 && !fake.expired) return false;
      if (fake.refreshFails) {
        fake.clearToken();
        throw new Error('refresh failed');
      }
      fake.refreshes += 1;
      fake.token = `access-${fake.refreshes}`;
      if (signedIn) fake.tokenParsed = parsed(signedIn);
      fake.expired = false;
      fake.onAuthRefreshSuccess?.();
      return true;
    }),
    clearToken: jest.fn(() => {
      if (!fake.token) return;
      delete fake.token;
      delete fake.idToken;
      delete fake.tokenParsed;
      delete fake.idTokenParsed;
      fake.onAuthLogout?.();
    }),
  } as unknown as FakeKeycloak & { factory: KeycloakFactory };
  fake.factory = (config) => {
    fake.config = config;
    return fake;
  };
  return fake;
}
