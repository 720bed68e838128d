/**
 * Builds the shell's `/config.json` (DECISIONS D8) from environment variables, so one build runs
 * in any environment. Remote entry URLs default to the same host name the browser used, on each
 * remote's own port, so the site also works when opened from another machine on the network.
 *
 * Variables: PUBLIC_API_BASE_URL (default `/api`), REMOTE_<NAME>_URL (e.g. REMOTE_MF_STORE_URL),
 * SEARCH_URL (`{keyword}` is replaced, default Naver search), FOOTER_HOME_URL, FOOTER_SOCIAL_URL,
 * FOOTER_VIDEO_URL, ANALYTICS_ID, and the identity settings of `identitySettings` (AUTH_MODE,
 * OIDC_ISSUER or KEYCLOAK_URL + KEYCLOAK_REALM, OIDC_CLIENT_ID, ADMIN_ROLE, AUTH_AUTO_REFRESH).
 */
import { identitySettings, siteLayout } from './site-layout.mjs';

/**
 * @param {string} hostname host name the browser asked for (without port)
 * @param {NodeJS.ProcessEnv} env
 * @param {import('./release-config.mjs').ReleaseConfig} [releases] the running configuration of remote releases
 *   (scripts/release-config.mjs): a remote with a pinned `live` release is named at that release's remoteEntry.js
 *   (`…/releases/<version>/remoteEntry.js`), so every screen of the site, not only `/`, follows a rollback
 */
export function buildRuntimeConfig(hostname, env = process.env, releases = {}) {
  const { apps } = siteLayout(env);
  const remotes = {};
  for (const app of apps.filter((a) => a.name !== 'shell')) {
    const override = env[`REMOTE_${app.name.toUpperCase()}_URL`];
    const entry = override || `http://${hostname}:${app.port}/remoteEntry.js`;
    const live = releases[app.name]?.live;
    // The release's folder beside the entry, keeping the entry's form (absolute, or a path on the page's origin).
    remotes[app.name] = live ? entry.replace(/[^/]*$/, `releases/${live}/remoteEntry.js`) : entry;
  }
  const identity = identitySettings(env);
  return {
    apiBaseUrl: env.PUBLIC_API_BASE_URL || '/api',
    remotes,
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
