// Test helper (jest only): drives the real platform auth store through a fake Keycloak instance.
import { initAuth, resetAuth, setRuntimeConfig, setSessionUser, type RuntimeConfig } from '@linksite/platform';
import { fakeKeycloak, type FakeClaims } from '@linksite/platform/src/testing/fake-keycloak';

export const testConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  remotes: { mf_store: 'http://localhost:8081/remoteEntry.js', mf_plans: 'http://localhost:8082/remoteEntry.js' },
  searchUrl: 'https://search.example/?q={keyword}',
  footer: { home: 'https://home.example', social: 'https://www.instagram.com/x', video: 'https://www.youtube.com/@x' },
  analyticsId: null,
  auth: { mode: 'oidc', url: 'http://localhost:8090', clientId: 'linksite-shell', autoRefresh: true, adminRole: 'admin' },
};

export const ADMIN: FakeClaims = { preferred_username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin'] };
export const VIEWER: FakeClaims = { preferred_username: 'viewer', name: '방문자', email: 'viewer@localhost', roles: [] };

/** Fresh config, storages and auth store; with `who`, check-sso finds that user (null: nobody). */
export async function signIn(who: FakeClaims | null, config: RuntimeConfig = testConfig) {
  resetAuth();
  window.sessionStorage.clear();
  window.localStorage.clear();
  setSessionUser(null);
  setRuntimeConfig(config);
  const keycloak = fakeKeycloak(who);
  await initAuth(config.auth, keycloak.factory);
  return keycloak;
}
