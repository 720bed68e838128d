import { createStore } from 'zustand/vanilla';
import { ko } from '../messages/ko';

/**
 * `/config.json`, served by every app server (docs/decisions/0008-runtime-configuration.md). One build runs in any
 * environment: the API base URL and each remote's entry URL are only known here, at run time.
 */
export interface RuntimeConfig {
  /** `/api` (same origin, proxied) or an absolute URL ending in `/api`. */
  apiBaseUrl: string;
  /** Federation name (`mf_store`) → remote entry URL (`http://localhost:8081/remoteEntry.js`). */
  remotes: Record<string, string>;
  /**
   * Remotes a first `npm start` is still building (scripts/preparing-remotes.mjs,
   * docs/decisions/0066-visitor-ready-first-start.md): not in `remotes` yet; their screens say so and open by
   * themselves once ready. Absent (no remote being prepared) anywhere else.
   */
  preparing?: string[];
  /** Web search URL with a `{keyword}` placeholder (docs/decisions/0007-screen-completions.md). */
  searchUrl: string;
  footer: { home: string; social: string; video: string };
  analyticsId: string | null;
  /** Identity settings (docs/decisions/0005-authentication.md, ARCHITECTURE "Identity"). */
  auth: AuthConfig;
}

/**
 * How the shell signs the administrator in. `oidc`: a generic OpenID Connect provider (the embedded `idp/`),
 * `url` is its issuer. `keycloak`: Keycloak, `url` is its base URL and `realm` names the realm.
 */
export interface AuthConfig {
  mode: 'oidc' | 'keycloak';
  url: string;
  /** Keycloak mode only. */
  realm?: string;
  clientId: string;
  /**
   * docs/product.md#4-states-and-transitions: on expiry the token is refreshed (`updateToken(5)`) unless this is false.
   * Default true.
   */
  autoRefresh: boolean;
  /** Realm role (`realm_access.roles`) of an administrator. Default `admin`. */
  adminRole: string;
}

interface RuntimeConfigState {
  config: RuntimeConfig | null;
}

/** Holds the loaded configuration; a vanilla zustand store so non-React code can read it. */
export const runtimeConfigStore = createStore<RuntimeConfigState>(() => ({ config: null }));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Checks the shape of a parsed `/config.json`.
 * @throws Error with a Korean message naming the first bad field.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const bad = (field: string): never => {
    throw new Error(ko.configInvalid(field));
  };
  if (!isObject(raw)) return bad('(전체)');
  if (!isText(raw.apiBaseUrl)) bad('apiBaseUrl');
  if (!isObject(raw.remotes)) bad('remotes');
  const remotes = raw.remotes as Record<string, unknown>;
  for (const [name, url] of Object.entries(remotes)) if (!isText(url)) bad(`remotes.${name}`);
  if (!isText(raw.searchUrl) || !raw.searchUrl.includes('{keyword}')) bad('searchUrl');
  if (!isObject(raw.footer)) bad('footer');
  const footer = raw.footer as Record<string, unknown>;
  for (const key of ['home', 'social', 'video'] as const) if (!isText(footer[key])) bad(`footer.${key}`);
  const preparing = raw.preparing ?? [];
  if (!Array.isArray(preparing) || !preparing.every(isText)) bad('preparing');
  const analyticsId = raw.analyticsId ?? null;
  if (analyticsId !== null && typeof analyticsId !== 'string') bad('analyticsId');
  const auth = parseAuthConfig(raw.auth, bad);
  return {
    ...(raw as object),
    apiBaseUrl: (raw.apiBaseUrl as string).replace(/\/+$/, ''),
    remotes: remotes as Record<string, string>,
    preparing: preparing as string[],
    searchUrl: raw.searchUrl as string,
    footer: footer as RuntimeConfig['footer'],
    analyticsId: analyticsId as string | null,
    auth,
  };
}

function parseAuthConfig(raw: unknown, bad: (field: string) => never): AuthConfig {
  if (!isObject(raw)) return bad('auth');
  if (raw.mode !== 'oidc' && raw.mode !== 'keycloak') bad('auth.mode');
  if (!isText(raw.url) || !/^https?:\/\//i.test(raw.url)) bad('auth.url');
  if (raw.mode === 'keycloak' && !isText(raw.realm)) bad('auth.realm');
  if (!isText(raw.clientId)) bad('auth.clientId');
  const autoRefresh = raw.autoRefresh ?? true;
  if (typeof autoRefresh !== 'boolean') bad('auth.autoRefresh');
  const adminRole = raw.adminRole ?? 'admin';
  if (!isText(adminRole)) bad('auth.adminRole');
  return {
    mode: raw.mode as AuthConfig['mode'],
    url: (raw.url as string).replace(/\/+$/, ''),
    ...(raw.mode === 'keycloak' ? { realm: raw.realm as string } : {}),
    clientId: raw.clientId as string,
    autoRefresh: autoRefresh as boolean,
    adminRole: adminRole as string,
  };
}

/**
 * Fetches, validates and stores `/config.json`. Called once by each app's bootstrap.
 * @throws Error with a Korean message when the file is missing or malformed.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let raw: unknown;
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch {
    throw new Error(ko.configLoadFailed);
  }
  const config = parseRuntimeConfig(raw);
  setRuntimeConfig(config);
  return config;
}

/** Stores a configuration directly (tests, harnesses). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  runtimeConfigStore.setState({ config });
}

/** The loaded configuration. @throws Error when `loadRuntimeConfig()` has not finished. */
export function getRuntimeConfig(): RuntimeConfig {
  const { config } = runtimeConfigStore.getState();
  if (!config) throw new Error(ko.configNotLoaded);
  return config;
}
