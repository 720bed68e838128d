import { AxiosError, type AxiosAdapter } from 'axios';
import type { AuthConfig } from '../config/runtime-config';
import { setRuntimeConfig } from '../config/runtime-config';
import { http } from '../http/http-client';
import { ADMIN_CLAIMS, fakeKeycloak } from '../testing/fake-keycloak';
import { authStarted, authStore, initAuth, login, logout, prepareAuth, resetAuth, startAuth } from './auth-store';
import { sessionUserStore, setSessionUser } from './session-user';
import { hasSignedInBefore, SIGNED_IN_FLAG_KEY } from './signed-in-flag';

const oidc: AuthConfig = {
  mode: 'oidc',
  url: 'http://localhost:8090',
  clientId: 'linksite-shell',
  autoRefresh: true,
  adminRole: 'admin',
};

const user = { id: 1, username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin'] };

beforeEach(() => {
  resetAuth();
  window.sessionStorage.clear();
  window.localStorage.clear();
  setSessionUser(null);
  setRuntimeConfig({
    apiBaseUrl: '/api',
    remotes: {},
    searchUrl: 'https://search.example/?q={keyword}',
    footer: { home: 'https://h', social: 's', video: 'v' },
    analyticsId: null,
    auth: oidc,
  });
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('auth store', () => {
  it('runs check-sso with PKCE against the generic OIDC provider and reads the profile', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    expect(keycloak.config).toEqual({ oidcProvider: 'http://localhost:8090', clientId: 'linksite-shell' });
    expect(keycloak.init).toHaveBeenCalledWith({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      checkLoginIframe: false,
      silentCheckSsoRedirectUri: 'http://localhost/silent-check-sso.html',
      redirectUri: 'http://localhost/',
    });
    expect(authStore.getState()).toEqual({
      initialized: true,
      authenticated: true,
      loading: false,
      error: null,
      isAdmin: true,
      // The legacy administrator role of sites from before roles is the owner (docs/decisions/0079-roles.md).
      siteRoles: ['owner'],
      profile: { username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin', 'offline_access'] },
    });
  });

  it.each([
    [['staff', 'offline_access'], ['staff']],
    [['editor'], ['editor']],
    [
      ['staff', 'owner', 'editor'],
      ['owner', 'editor', 'staff'],
    ],
  ])('reads the site roles of realm roles %j: %j, each a member of the team', async (roles, siteRoles) => {
    await initAuth(oidc, fakeKeycloak({ ...ADMIN_CLAIMS, roles }).factory);
    expect(authStore.getState()).toMatchObject({ authenticated: true, isAdmin: true, siteRoles });
  });

  it('uses url, realm and clientId in Keycloak mode, and creates the instance only once', async () => {
    const keycloak = fakeKeycloak();
    const config: AuthConfig = { ...oidc, mode: 'keycloak', url: 'https://sso.example', realm: 'linksite' };
    await Promise.all([initAuth(config, keycloak.factory), initAuth(config, keycloak.factory)]);
    expect(keycloak.config).toEqual({ url: 'https://sso.example', realm: 'linksite', clientId: 'linksite-shell' });
    expect(keycloak.init).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['only an access token', { id: false, access: true }],
    ['only an id token', { id: true, access: false }],
  ])('is not authenticated with %s', async (_label, tokens) => {
    await initAuth(oidc, fakeKeycloak(ADMIN_CLAIMS, tokens).factory);
    expect(authStore.getState()).toMatchObject({
      initialized: true,
      authenticated: false,
      profile: null,
      isAdmin: false,
    });
  });

  it('is signed in without the administrator role when the role is missing', async () => {
    await initAuth({ ...oidc, adminRole: 'site-admin' }, fakeKeycloak().factory);
    expect(authStore.getState()).toMatchObject({ authenticated: true, isAdmin: false, siteRoles: [] });
  });

  it('ends initialized and signed out with a Korean error when the identity server fails', async () => {
    const keycloak = fakeKeycloak();
    keycloak.init.mockRejectedValue(new Error('discovery failed'));
    await initAuth(oidc, keycloak.factory);
    expect(authStore.getState()).toMatchObject({
      initialized: true,
      authenticated: false,
      loading: false,
      error: '로그인 서버에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
    });
  });

  it('refreshes with updateToken(5) when the token expires, with automatic refresh on', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    keycloak.expired = true;
    keycloak.onTokenExpired?.();
    expect(keycloak.updateToken).toHaveBeenCalledWith(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(keycloak.refreshes).toBe(1);
  });

  it('refreshes the token 4 s before it expires, then again before the new one expires', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T00:00:00Z') });
    try {
      const keycloak = fakeKeycloak();
      await initAuth(oidc, keycloak.factory);
      keycloak.expired = true;
      jest.advanceTimersByTime(55_000);
      expect(keycloak.updateToken).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1_000);
      expect(keycloak.updateToken).toHaveBeenCalledWith(5);
      await Promise.resolve();
      expect(keycloak.refreshes).toBe(1);
      keycloak.expired = true;
      jest.advanceTimersByTime(56_000);
      await Promise.resolve();
      expect(keycloak.refreshes).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not refresh ahead of expiry when automatic refresh is off', async () => {
    jest.useFakeTimers();
    try {
      const keycloak = fakeKeycloak();
      await initAuth({ ...oidc, autoRefresh: false }, keycloak.factory);
      jest.advanceTimersByTime(120_000);
      expect(keycloak.updateToken).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not refresh on expiry when automatic refresh is off', async () => {
    const keycloak = fakeKeycloak();
    await initAuth({ ...oidc, autoRefresh: false }, keycloak.factory);
    keycloak.onTokenExpired?.();
    expect(keycloak.updateToken).not.toHaveBeenCalled();
  });

  it('marks the user signed out when the refresh on expiry fails', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    setSessionUser(user);
    keycloak.refreshFails = true;
    keycloak.expired = true;
    keycloak.onTokenExpired?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(authStore.getState()).toMatchObject({ authenticated: false, profile: null });
    expect(window.sessionStorage.getItem('user')).toBeNull();
  });

  it('logs in with a redirect back to the given path', async () => {
    const keycloak = fakeKeycloak(null);
    await initAuth(oidc, keycloak.factory);
    await login();
    expect(keycloak.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost/login' });
    await login('/');
    expect(keycloak.login).toHaveBeenLastCalledWith({ redirectUri: 'http://localhost/' });
  });

  it('logs out: alert, user removed from both storages, RP-initiated logout back to /', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    setSessionUser(user);
    window.localStorage.setItem('user', JSON.stringify(user));
    await logout();
    expect(window.alert).toHaveBeenCalledWith('로그아웃 되었습니다.');
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(sessionUserStore.getState().user).toBeNull();
    expect(keycloak.logout).toHaveBeenCalledWith({ redirectUri: 'http://localhost/' });
  });
});

describe('http client with the auth store', () => {
  type Call = { url?: string; authorization: unknown };

  /** A fake API: answers 401 to every token in `refused` ('' = no token), else 200 with the caller's token. */
  function api(refused: string[]): { adapter: AxiosAdapter; calls: Call[] } {
    const calls: Call[] = [];
    const adapter: AxiosAdapter = async (request) => {
      const authorization = request.headers.get('Authorization');
      calls.push({ url: request.url, authorization });
      const token = String(authorization ?? '').replace('Bearer ', '');
      const response = { data: {}, status: 200, statusText: 'OK', headers: {}, config: request };
      if (refused.includes(token)) {
        const body = { statusCode: 401, message: '로그인이 필요합니다.' };
        throw new AxiosError('401', 'ERR_BAD_REQUEST', request, null, { ...response, status: 401, data: body });
      }
      return { ...response, data: { product: token } };
    };
    return { adapter, calls };
  }

  it('sends the bearer token when signed in', async () => {
    await initAuth(oidc, fakeKeycloak().factory);
    const { adapter, calls } = api([]);
    await expect(http.get('/plan/list', { adapter })).resolves.toMatchObject({ data: { product: 'access-0' } });
    expect(calls[0]?.authorization).toBe('Bearer access-0');
  });

  it('sends no token when signed out, and a 401 then neither refreshes nor retries', async () => {
    const keycloak = fakeKeycloak(null);
    await initAuth(oidc, keycloak.factory);
    const { adapter, calls } = api(['']);
    await expect(http.get('/popup/list', { adapter })).rejects.toMatchObject({
      status: 401,
      message: '로그인이 필요합니다.',
    });
    expect(calls).toEqual([{ url: '/popup/list', authorization: undefined }]);
    expect(keycloak.updateToken).not.toHaveBeenCalled();
  });

  it('refreshes once on a 401 (forced) and retries the call with the new token', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    const { adapter, calls } = api(['access-0']);
    const response = await http.post('/login', null, { adapter });
    expect(response.data).toEqual({ product: 'access-1' });
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer access-0', 'Bearer access-1']);
    expect(keycloak.updateToken).toHaveBeenCalledWith(-1);
    expect(authStore.getState().authenticated).toBe(true);
  });

  it('signs the user out after a second 401 and rejects with the Korean message', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    setSessionUser(user);
    const { adapter, calls } = api(['access-0', 'access-1']);
    await expect(http.post('/login', null, { adapter })).rejects.toMatchObject({
      status: 401,
      message: '로그인이 필요합니다.',
    });
    expect(calls).toHaveLength(2);
    expect(authStore.getState()).toMatchObject({ authenticated: false, profile: null, isAdmin: false });
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(sessionUserStore.getState().user).toBeNull();
  });

  it('refreshes a token about to expire before the call', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    keycloak.expired = true;
    const { adapter, calls } = api([]);
    await http.get('/popup/list', { adapter });
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer access-1']);
  });

  it('signs the user out when the refresh itself fails', async () => {
    const keycloak = fakeKeycloak();
    await initAuth(oidc, keycloak.factory);
    keycloak.refreshFails = true;
    const { adapter, calls } = api(['access-0']);
    await expect(http.post('/login', null, { adapter })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(authStore.getState().authenticated).toBe(false);
  });
});

describe('lazy start (docs/decisions/0034-visitor-loads-what-it-shows.md)', () => {
  it('a browser that never signed in here: prepareAuth creates no instance until startAuth', async () => {
    const keycloak = fakeKeycloak(null);
    const factory = jest.fn(keycloak.factory);
    expect(prepareAuth(oidc, factory)).toBeNull();
    expect(factory).not.toHaveBeenCalled();
    expect(authStarted()).toBe(false);
    expect(authStore.getState()).toMatchObject({ initialized: false, loading: false });

    await startAuth();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(keycloak.init).toHaveBeenCalledWith(expect.objectContaining({ onLoad: 'check-sso' }));
    expect(authStore.getState()).toMatchObject({ initialized: true, authenticated: false });
    await startAuth();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a browser that signed in here before: prepareAuth runs check-sso at once', async () => {
    window.localStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    const keycloak = fakeKeycloak();
    await prepareAuth(oidc, keycloak.factory);
    expect(keycloak.init).toHaveBeenCalledTimes(1);
    expect(authStore.getState()).toMatchObject({ initialized: true, authenticated: true, isAdmin: true });
    expect(hasSignedInBefore()).toBe(true);
  });

  it('starts at once when this tab holds a sessionStorage user (signed in before the flag existed)', async () => {
    setSessionUser(user);
    const keycloak = fakeKeycloak();
    await prepareAuth(oidc, keycloak.factory);
    expect(keycloak.init).toHaveBeenCalledTimes(1);
    expect(hasSignedInBefore()).toBe(true);
  });

  it("starts at once on the identity server's sign-in answer, even without the flag", async () => {
    window.history.replaceState(null, '', '/login#state=s1&session_state=x&code=c1');
    try {
      const keycloak = fakeKeycloak();
      await prepareAuth(oidc, keycloak.factory);
      expect(keycloak.init).toHaveBeenCalledTimes(1);
      expect(hasSignedInBefore()).toBe(true);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('clears the flag when check-sso finds nobody (the session ended elsewhere)', async () => {
    window.localStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    await prepareAuth(oidc, fakeKeycloak(null).factory);
    expect(authStore.getState()).toMatchObject({ initialized: true, authenticated: false });
    expect(hasSignedInBefore()).toBe(false);
  });

  it('keeps the flag when the identity server cannot be reached', async () => {
    window.localStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    const keycloak = fakeKeycloak();
    keycloak.init.mockRejectedValue(new Error('discovery failed'));
    await prepareAuth(oidc, keycloak.factory);
    expect(authStore.getState().error).not.toBeNull();
    expect(hasSignedInBefore()).toBe(true);
  });

  it('login() starts auth when nothing has, sets the flag, then redirects; logout clears it', async () => {
    const keycloak = fakeKeycloak(null);
    prepareAuth(oidc, keycloak.factory);
    await login();
    expect(keycloak.init).toHaveBeenCalledTimes(1);
    expect(keycloak.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost/login' });
    expect(hasSignedInBefore()).toBe(true);
    await logout();
    expect(hasSignedInBefore()).toBe(false);
  });

  it('startAuth without prepareAuth starts nothing; login() without either throws', async () => {
    await startAuth();
    expect(authStarted()).toBe(false);
    await expect(login()).rejects.toThrow('prepareAuth() or initAuth() must run before login()');
  });
});
