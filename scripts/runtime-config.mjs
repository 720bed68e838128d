/**
 * Builds the shell's `/config.json` (docs/decisions/0008-runtime-configuration.md) from environment variables, so one
 * build runs in any environment. It is the one writer of that document: the shell's site server (scripts/serve-app.mjs)
 * answers `/config.json` with it on this machine and behind the gateway (deploy/gateway/nginx.conf.template), and
 * builds the pages' Content-Security-Policy from it (scripts/security-headers.mjs).
 *
 * A remote's entry URL is, first found: REMOTE_<NAME>_URL (e.g. REMOTE_MF_STORE_URL, one remote served elsewhere);
 * REMOTE_URL_TEMPLATE with `{name}` replaced by the federation name (`/remotes/{name}/remoteEntry.js` behind the
 * gateway, or an absolute `https://cdn.example.com/remotes/{name}/remoteEntry.js`); else the same host name the
 * browser used, on the remote's own port (`http://<hostname>:8081/remoteEntry.js`), so the site also works when
 * opened from another machine on the network.
 *
 * Other variables: PUBLIC_API_BASE_URL (default `/api`), SEARCH_URL (`{keyword}` is replaced, default Naver search),
 * FOOTER_HOME_URL, FOOTER_SOCIAL_URL, FOOTER_VIDEO_URL, ANALYTICS_ID, and the identity settings of `identitySettings`
 * (AUTH_MODE, OIDC_ISSUER or KEYCLOAK_URL + KEYCLOAK_REALM, OIDC_CLIENT_ID, ADMIN_ROLE, AUTH_AUTO_REFRESH).
 */
import { identitySettings, siteLayout } from './site-layout.mjs';

/** The federation name's place in REMOTE_URL_TEMPLATE. */
const NAME_PLACEHOLDER = '{name}';

/**
 * `/config.json`'s `apiBaseUrl`: PUBLIC_API_BASE_URL, by default `/api` (the site's own origin, proxied to the API).
 * The same for every request (it never follows the host name the browser used).
 * @param {NodeJS.ProcessEnv} env
 */
export function apiBaseUrlOf(env = process.env) {
  return env.PUBLIC_API_BASE_URL || '/api';
}

/**
 * @param {string} hostname host name the browser asked for (without port)
 * @param {NodeJS.ProcessEnv} env
 * @param {import('./release-config.mjs').ReleaseConfig} [releases] the running configuration of remote releases
 *   (scripts/release-config.mjs): a remote with a pinned `live` release is named at that release's remoteEntry.js
 *   (`…/releases/<version>/remoteEntry.js`, relative or absolute as the entry is), so every screen of the site, not
 *   only `/`, follows a rollback
 * @param {string[]} [preparing] remotes a first `npm start` is still building (scripts/preparing-remotes.mjs): left
 *   out of `remotes` and listed under `preparing`, so their screens say they are being prepared
 * @returns the `/config.json` document (platform/src/config/runtime-config.ts `RuntimeConfig`)
 * @throws Error `설정 오류: …` when REMOTE_URL_TEMPLATE has no `{name}`, or when the identity settings are incomplete
 *   (scripts/site-layout.mjs `identitySettings`)
 */
export function buildRuntimeConfig(hostname, env = process.env, releases = {}, preparing = []) {
  const { apps } = siteLayout(env);
  const template = env.REMOTE_URL_TEMPLATE;
  if (template && !template.includes(NAME_PLACEHOLDER)) {
    throw new Error(`설정 오류: REMOTE_URL_TEMPLATE 에는 ${NAME_PLACEHOLDER} 이 있어야 합니다 (받은 값: ${template}).`);
  }
  const remotes = {};
  for (const app of apps.filter((a) => a.name !== 'shell' && !preparing.includes(a.name))) {
    const override = env[`REMOTE_${app.name.toUpperCase()}_URL`];
    const entry =
      override || template?.replaceAll(NAME_PLACEHOLDER, app.name) || `http://${hostname}:${app.port}/remoteEntry.js`;
    const live = releases[app.name]?.live;
    // The release's folder beside the entry, keeping the entry's form (absolute, or a path on the page's origin).
    remotes[app.name] = live ? entry.replace(/[^/]*$/, `releases/${live}/remoteEntry.js`) : entry;
  }
  const identity = identitySettings(env);
  return {
    apiBaseUrl: apiBaseUrlOf(env),
    remotes,
    ...(preparing.length > 0 ? { preparing } : {}),
    searchUrl: env.SEARCH_URL || 'https://search.naver.com/search.naver?query={keyword}',
    footer: {
      home: env.FOOTER_HOME_URL || 'https://linktr.ee/',
      social: env.FOOTER_SOCIAL_URL || 'https://www.instagram.com/',
      video: env.FOOTER_VIDEO_URL || 'https://www.youtube.com/',
    },
    analyticsId: env.ANALYTICS_ID || null,
    auth: {
      mode: identity.mode,
      url: identity.url,
      ...(identity.realm ? { realm: identity.realm } : {}),
      clientId: identity.clientId,
      autoRefresh: identity.autoRefresh,
      adminRole: identity.adminRole,
    },
  };
}
