// Test helper (jest only): drives the real platform auth store through a fake Keycloak instance.
import { initAuth, resetAuth, setRuntimeConfig, setSessionUser, type RuntimeConfig } from '@linksite/platform';
import { TEST_RUNTIME_CONFIG } from '@linksite/platform/src/testing/fake-http';
import { fakeKeycloak, type FakeClaims } from '@linksite/platform/src/testing/fake-keycloak';

export const testConfig: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  remotes: { mf_store: 'http://localhost:8081/remoteEntry.js', mf_plans: 'http://localhost:8082/remoteEntry.js' },
  footer: { home: 'https://home.example', social: 'https://www.instagram.com/x', video: 'https://www.youtube.com/@x' },
};

export const ADMIN: FakeClaims = {
  preferred_username: 'admin',
  name: '관리자',
  email: 'admin@localhost',
  roles: ['admin'],
};
/** A member of the team with one site role (docs/decisions/0079-roles.md). */
export const EDITOR: FakeClaims = {
  preferred_username: 'editor1',
  name: '편집자',
  email: 'e@localhost',
  roles: ['editor'],
};
export const STAFF: FakeClaims = {
  preferred_username: 'staff1',
  name: '스태프',
  email: 's@localhost',
  roles: ['staff'],
};
export const VIEWER: FakeClaims = {
  preferred_username: 'viewer',
  name: '방문자',
  email: 'viewer@localhost',
  roles: [],
};

/**
 * Fresh config, storages and auth store; with `who`, check-sso finds that user (null: nobody). With
 * `keepSessionStorage`, sessionStorage stays as it is (a page reloaded in the same tab).
 */
export async function signIn(
  who: FakeClaims | null,
  config: RuntimeConfig = testConfig,
  { keepSessionStorage = false }: { keepSessionStorage?: boolean } = {},
) {
  resetAuth();
  if (!keepSessionStorage) window.sessionStorage.clear();
  window.localStorage.clear();
  setSessionUser(null);
  setRuntimeConfig(config);
  const keycloak = fakeKeycloak(who);
  await initAuth(config.auth, keycloak.factory);
  return keycloak;
}
