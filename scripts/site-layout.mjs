/**
 * Where each part of the composed site lives and listens on one machine.
 *
 * Ports: the shell on SITE_PORT (default 8080), each remote on SITE_PORT + its `portOffset` in `remotes.json`, the
 * API on API_PORT (default 3000). Remote names are the Module Federation names (snake_case); `dir` is the workspace
 * folder whose `dist/` is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The remotes, from the one registry (`remotes.json`): Module Federation name, workspace folder, port offset from
 * SITE_PORT, exposed modules, and the administrator routes (each with the roles that may open it) and public routes
 * the shell hands them.
 * @type {{ name: string, dir: string, portOffset: number, exposes: string[], adminRoutes: { path: string, roles: string[] }[], publicRoutes: string[] }[]}
 */
export const remotes = JSON.parse(fs.readFileSync(path.join(repoRoot, 'remotes.json'), 'utf8')).remotes;

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ sitePort: number, apiPort: number, idpPort: number, apps: { name: string, dir: string, port: number }[] }}
 */
export function siteLayout(env = process.env) {
  const sitePort = toPort(env.SITE_PORT, 8080, 'SITE_PORT');
  const apiPort = toPort(env.API_PORT, 3000, 'API_PORT');
  const idpPort = toPort(env.IDP_PORT, 8090, 'IDP_PORT');
  const apps = [
    { name: 'shell', dir: 'shell', port: sitePort },
    ...remotes.map(({ name, dir, portOffset }) => ({ name, dir, port: sitePort + portOffset })),
  ];
  return { sitePort, apiPort, idpPort, apps };
}

function toPort(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`설정 오류: ${name} 는 1–65535 사이의 정수여야 합니다 (받은 값: ${value}).`);
  }
  return port;
}

/**
 * Identity settings shared by /config.json, the API and the embedded provider (docs/decisions/0005-authentication.md).
 * `AUTH_MODE=keycloak` with KEYCLOAK_URL and KEYCLOAK_REALM points everything at a Keycloak realm;
 * otherwise OIDC_ISSUER names an external OpenID Connect issuer, and when it is unset `npm start`
 * runs the embedded provider (`idp/`) on IDP_PORT.
 *
 * @returns {{ mode: 'oidc' | 'keycloak', url: string, realm?: string, issuer: string, clientId: string,
 *   adminRole: string, autoRefresh: boolean, embedded: boolean }}
 */
export function identitySettings(env = process.env) {
  const clientId = env.OIDC_CLIENT_ID || 'linksite-shell';
  const adminRole = env.ADMIN_ROLE || 'admin';
  const autoRefresh = !['false', '0', 'no'].includes(String(env.AUTH_AUTO_REFRESH ?? 'true').toLowerCase());
  if (env.AUTH_MODE === 'keycloak') {
    if (!env.KEYCLOAK_URL || !env.KEYCLOAK_REALM) {
      throw new Error('설정 오류: AUTH_MODE=keycloak 에는 KEYCLOAK_URL 과 KEYCLOAK_REALM 이 필요합니다.');
    }
    const url = env.KEYCLOAK_URL.replace(/\/+$/, '');
    const realm = env.KEYCLOAK_REALM;
    return {
      mode: 'keycloak',
      url,
      realm,
      issuer: `${url}/realms/${realm}`,
      clientId,
      adminRole,
      autoRefresh,
      embedded: false,
    };
  }
  const embedded = !env.OIDC_ISSUER;
  const issuer = (env.OIDC_ISSUER || `http://localhost:${siteLayout(env).idpPort}`).replace(/\/+$/, '');
  return { mode: 'oidc', url: issuer, issuer, clientId, adminRole, autoRefresh, embedded };
}
