import { rolesAllow, siteRolesOf, type SiteRole } from '@linksite/contract/api-rules';
import type Keycloak from 'keycloak-js';
import type { KeycloakConfig, KeycloakTokenParsed } from 'keycloak-js';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { AuthConfig } from '../config/runtime-config';
import { setHttpAuth } from '../http/http-client';
import { ko } from '../messages/ko';
import { clearReturnPath } from './return-path';
import { SESSION_USER_KEY, sessionUserStore, setSessionUser } from './session-user';
import { hasSignedInBefore, isSignInCallback, setSignedInBefore } from './signed-in-flag';

/** Who is signed in, read from the access token's claims (Keycloak's shape, docs/decisions/0005-authentication.md). */
export interface AuthProfile {
  username: string;
  name: string;
  email: string;
  /** `realm_access.roles`. */
  roles: string[];
}

export interface AuthState {
  /** `init()` has finished (signed in or not, or failed). Guards wait for it. */
  initialized: boolean;
  /** docs/product.md#4-states-and-transitions: true only while both an id token and an access token exist. */
  authenticated: boolean;
  /** Initialising or redirecting to the identity server. */
  loading: boolean;
  profile: AuthProfile | null;
  /**
   * The site roles of the profile's realm roles, most powerful first (owner, editor, staff; the legacy
   * `adminRole` counts as owner: siteRolesOf in @linksite/contract/api-rules, the rule the API applies). [] signed out.
   */
  siteRoles: SiteRole[];
  /**
   * A member of the site's team: the profile holds at least one site role, so the console opens
   * (docs/decisions/0079-roles.md).
   */
  isAdmin: boolean;
  /** Korean message when the identity server could not be reached; null otherwise. */
  error: string | null;
}

/** The part of keycloak-js the store uses (so tests can hand in a small fake). */
export type KeycloakClient = Pick<
  Keycloak,
  | 'init'
  | 'login'
  | 'logout'
  | 'updateToken'
  | 'clearToken'
  | 'token'
  | 'idToken'
  | 'tokenParsed'
  | 'idTokenParsed'
  | 'timeSkew'
  | 'onTokenExpired'
  | 'onAuthSuccess'
  | 'onAuthRefreshSuccess'
  | 'onAuthRefreshError'
  | 'onAuthLogout'
>;

/** Creates the Keycloak instance; injected in tests, keycloak-js otherwise (loaded on demand). */
export type KeycloakFactory = (config: KeycloakConfig) => KeycloakClient | Promise<KeycloakClient>;

const createKeycloak: KeycloakFactory = async (config) => {
  const { default: KeycloakClass } = await import('keycloak-js');
  return new KeycloakClass(config);
};

const signedOut = { authenticated: false, profile: null, siteRoles: [] as SiteRole[], isAdmin: false } as const;
const initialState: AuthState = { initialized: false, loading: false, error: null, ...signedOut };

/** The one auth store of the page (the platform is a federation singleton, so remotes read this same store). */
export const authStore = createStore<AuthState>(() => initialState);

/** Seconds before expiry at which the token is refreshed ahead of time; below updateToken's 5 s, so it refreshes. */
const REFRESH_AHEAD_SECONDS = 4;

let keycloak: KeycloakClient | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let started: Promise<void> | null = null;
let settings: AuthConfig | null = null;
/** What `prepareAuth` was given, for a later `startAuth` (an admin route, `/login`, the 관리자 button). */
let prepared: { config: AuthConfig; factory: KeycloakFactory } | null = null;

const origin = () => window.location.origin;

function profileOf(token: KeycloakTokenParsed | undefined, idToken: KeycloakTokenParsed | undefined): AuthProfile {
  const claim = (name: string): string => {
    const value = token?.[name] ?? idToken?.[name];
    return typeof value === 'string' ? value : '';
  };
  const roles = token?.realm_access?.roles ?? idToken?.realm_access?.roles ?? [];
  return { username: claim('preferred_username'), name: claim('name'), email: claim('email'), roles: [...roles] };
}

/**
 * Refreshes the access token a few seconds before it expires (with `updateToken(5)`,
 * docs/product.md#4-states-and-transitions, docs/product.md#9-constants-and-limits), so calls never go out with an
 * expired token; keycloak-js's own `onTokenExpired` only fires once it has expired. Off when automatic refresh is
 * turned off in config.
 */
function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  const exp = keycloak?.tokenParsed?.exp;
  if (!keycloak || !settings?.autoRefresh || typeof exp !== 'number') return;
  const instance = keycloak;
  const dueAt = (exp + (instance.timeSkew ?? 0) - REFRESH_AHEAD_SECONDS) * 1000;
  refreshTimer = setTimeout(
    () => {
      instance.updateToken(5).catch(() => markSignedOut());
    },
    Math.max(0, dueAt - Date.now()),
  );
}

/** Copies the instance's tokens into the store. */
function publish(): void {
  if (!keycloak || !settings) return;
  const authenticated = Boolean(keycloak.idToken && keycloak.token);
  scheduleRefresh();
  if (!authenticated) {
    clearTimeout(refreshTimer);
    authStore.setState(signedOut);
    return;
  }
  const profile = profileOf(keycloak.tokenParsed, keycloak.idTokenParsed);
  setSignedInBefore(true);
  const siteRoles = siteRolesOf(profile.roles, settings.adminRole);
  authStore.setState({ authenticated, profile, siteRoles, isAdmin: siteRoles.length > 0 });
}

/** Forgets the signed-in user locally: tokens, store, sessionStorage `user`. */
function markSignedOut(): void {
  clearTimeout(refreshTimer);
  keycloak?.clearToken();
  authStore.setState(signedOut);
  setSessionUser(null);
}

/**
 * Creates THE Keycloak instance of the page and runs `check-sso` (docs/decisions/0005-authentication.md, ARCHITECTURE
 * "Identity"): keycloak mode `{ url, realm, clientId }`, oidc mode `{ oidcProvider: url, clientId }`; PKCE S256, no
 * login iframe, silent check through `/silent-check-sso.html`. Called once by the shell; later calls return the first
 * call's promise. Never rejects: a failure leaves `initialized` true, signed out, with `error` set. Registers the
 * bearer token, refresh and sign-out with the HTTP client.
 */
export function initAuth(config: AuthConfig, factory: KeycloakFactory = createKeycloak): Promise<void> {
  if (started) return started;
  settings = config;
  authStore.setState({ loading: true });
  started = (async () => {
    try {
      const keycloakConfig: KeycloakConfig =
        config.mode === 'keycloak'
          ? { url: config.url, realm: config.realm ?? '', clientId: config.clientId }
          : { oidcProvider: config.url, clientId: config.clientId };
      const instance = await factory(keycloakConfig);
      keycloak = instance;
      // docs/product.md#4-states-and-transitions, docs/product.md#9-constants-and-limits: reload the token with 5 s
      // minimum validity when it expires, unless turned off.
      instance.onTokenExpired = () => {
        if (!config.autoRefresh) return;
        instance.updateToken(5).catch(() => markSignedOut());
      };
      instance.onAuthSuccess = publish;
      instance.onAuthRefreshSuccess = publish;
      instance.onAuthLogout = publish;
      setHttpAuth({ getAccessToken, refreshAccessToken, signOut: markSignedOut });
      await instance.init({
        onLoad: 'check-sso',
        pkceMethod: 'S256',
        checkLoginIframe: false,
        silentCheckSsoRedirectUri: `${origin()}/silent-check-sso.html`,
        redirectUri: `${origin()}/`,
      });
      publish();
      // check-sso found nobody (the session ended elsewhere): the next public page need not ask again.
      if (!authStore.getState().authenticated) setSignedInBefore(false);
      authStore.setState({ initialized: true, loading: false, error: null });
    } catch (error) {
      console.error('[auth] init failed', error);
      authStore.setState({ ...signedOut, initialized: true, loading: false, error: ko.authUnavailable });
    }
  })();
  return started;
}

/**
 * Keeps the auth config for later and starts auth at once (`initAuth`) only when this browser has signed in here
 * before (the localStorage flag of `signed-in-flag.ts`, or a sessionStorage `user` in this tab) or the page is the
 * identity server's sign-in answer;
 * otherwise a public route loads no keycloak-js and makes no request to the identity server
 * (docs/decisions/0034-visitor-loads-what-it-shows.md). Called once by the shell at start-up. Returns the start's
 * promise, or null when auth was left for later.
 */
export function prepareAuth(config: AuthConfig, factory: KeycloakFactory = createKeycloak): Promise<void> | null {
  prepared = { config, factory };
  if (started) return started;
  // A `user` in this tab's sessionStorage is a sign-in from before the flag existed (or the flag was blocked).
  const hasSessionUser = sessionUserStore.getState().user !== null;
  if (hasSignedInBefore() || hasSessionUser || isSignInCallback()) return initAuth(config, factory);
  return null;
}

/**
 * Starts auth with what `prepareAuth` kept, unless it has started already (then the first start's promise).
 * Called by the admin-route guard and `/login`; `login()` calls it too. Without `prepareAuth` (a test that
 * never configured auth) nothing starts and the promise resolves at once.
 */
export function startAuth(): Promise<void> {
  if (started) return started;
  if (!prepared) return Promise.resolve();
  return initAuth(prepared.config, prepared.factory);
}

/** True once auth has started (`initAuth`/`startAuth`), i.e. keycloak-js is loading or loaded. */
export function authStarted(): boolean {
  return started !== null;
}

/**
 * Starts single sign-on, coming back to `redirectPath`. It must be one of the redirect URIs the identity server
 * registers: `/`, `/login`, `/admin` (idp/README.md; Keycloak allows `/*`). The default `/login` sends the
 * signed-in administrator on to the kept return path, or to `/admin` (docs/decisions/0055-form-flow.md,
 * `return-path.ts`).
 */
export async function login(redirectPath = '/login'): Promise<void> {
  if (!started && !prepared) throw new Error('prepareAuth() or initAuth() must run before login()');
  await startAuth();
  if (!keycloak) {
    window.alert(ko.authUnavailable);
    return;
  }
  authStore.setState({ loading: true });
  // The answer comes back to a page that must start auth at once to finish the sign-in.
  setSignedInBefore(true);
  try {
    await keycloak.login({ redirectUri: `${origin()}${redirectPath}` });
  } catch (error) {
    console.error('[auth] login failed', error);
    authStore.setState({ loading: false });
    window.alert(ko.authUnavailable);
  }
}

/**
 * Logout (docs/product.md#4-states-and-transitions, docs/decisions/0005-authentication.md): alert `로그아웃 되었습니다.`, remove
 * `user` from sessionStorage and localStorage, then RP-initiated logout at the identity server, which sends the browser
 * back to `/`.
 */
export async function logout(): Promise<void> {
  window.alert(ko.loggedOut);
  setSessionUser(null);
  clearReturnPath();
  window.localStorage.removeItem(SESSION_USER_KEY);
  setSignedInBefore(false);
  if (!keycloak) return;
  try {
    await keycloak.logout({ redirectUri: `${origin()}/` });
  } catch (error) {
    // The identity server is unreachable: at least forget the user here.
    console.error('[auth] logout failed', error);
    markSignedOut();
  }
}

/**
 * The access token for an API call, or null when nobody is signed in. With automatic refresh on, a token about
 * to expire (under 5 s left, docs/product.md#9-constants-and-limits) is refreshed first, so calls keep working across
 * the expiry.
 */
export async function getAccessToken(): Promise<string | null> {
  if (!keycloak || !authStore.getState().authenticated) return null;
  if (settings?.autoRefresh) await keycloak.updateToken(5).catch(() => undefined);
  return keycloak.token ?? null;
}

/** Forces a refresh (`updateToken(-1)`); the new access token, or null when the refresh failed. */
export async function refreshAccessToken(): Promise<string | null> {
  if (!keycloak) return null;
  try {
    await keycloak.updateToken(-1);
    return keycloak.token ?? null;
  } catch {
    return null;
  }
}

/** Reads the auth store in React; remotes use this too (they never create a Keycloak instance). */
export function useAuth<T>(select: (state: AuthState) => T): T {
  return useStore(authStore, select);
}

/**
 * Whether the signed-in user may use what is open to `roles` besides the owner (docs/decisions/0079-roles.md: the same
 * rule as the API's RolesGuard and the shell's screens, `rolesAllow`). A remote hides what the role cannot use with it,
 * e.g. `useMayUse(['editor'])` around an edit button; `useMayUse([])` is the owner alone.
 */
export function useMayUse(roles: readonly SiteRole[]): boolean {
  return useStore(authStore, (state) => rolesAllow(state.siteRoles, roles));
}

/** Forgets the instance and resets the store (tests, harnesses). */
export function resetAuth(): void {
  keycloak = null;
  started = null;
  settings = null;
  prepared = null;
  setHttpAuth(null);
  authStore.setState(initialState, true);
}
