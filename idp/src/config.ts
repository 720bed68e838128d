import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeAddress } from './client-address.js';

/** Validated start-up configuration of the identity provider (STYLE: read once, fail fast). */
export interface IdpConfig {
  port: number;
  issuer: string;
  clientId: string;
  /** Origins of the shell: redirect, post-logout and CORS origins. */
  appOrigins: string[];
  /** Exact redirect URIs registered for the client (built from appOrigins × redirect paths). */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Resource indicator and `aud` of the JWT access tokens. */
  apiAudience: string;
  /** The bootstrap administrator, always an `owner` account (docs/decisions/0080-people-invites-totp.md). */
  admin: {
    username: string;
    /** From ADMIN_PASSWORD; undefined means "generate once and keep its hash". */
    password: string | undefined;
    /** ADMIN_ROLE as given (`owner` by default; the legacy `admin`, or any other name, also means `owner`). */
    role: string;
    name: string;
    email: string;
    /** ADMIN_TOTP_SECRET: a fixed base32 authenticator secret for the bootstrap owner (scripts, tests). */
    totpSecret: string | undefined;
  };
  /**
   * IDP_OWNER_TOTP: `required` (default) makes every owner enrol an authenticator before a sign-in completes;
   * `optional` leaves it to each owner (development, and the browser tests that sign in as the bootstrap owner).
   */
  ownerTotp: 'required' | 'optional';
  /** Seconds an invitation link works (INVITATION_TTL, default 24 h). */
  invitationTtl: number;
  dataDir: string;
  /**
   * PostgreSQL URL of the store for sessions, grants and refresh tokens (env IDP_DATABASE_URL;
   * docs/decisions/0045-identity-hardening.md). Unset: `DATA_DIR/idp/store.json`, one process only.
   */
  databaseUrl: string | undefined;
  /**
   * Peer addresses whose `X-Forwarded-For` is believed (env IDP_TRUSTED_PROXIES, comma-separated IPs, default none;
   * docs/decisions/0040-trusted-under-attack.md). The login limits key on the client address seen through them
   * (client-address.ts).
   */
  trustedProxies: string[];
  /** Seconds. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sessionTtl: number;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Paths every app origin may be redirected back to (keycloak-js `redirectUri` and `silentCheckSsoRedirectUri`). */
export const DEFAULT_REDIRECT_PATHS = ['/', '/login', '/admin', '/silent-check-sso.html'];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a positive integer, got "${raw}"`);
  const value = Number(raw.trim());
  if (value <= 0) throw new ConfigError(name, `must be a positive integer, got "${raw}"`);
  return value;
}

function nonEmpty(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const value = raw.trim();
  if (value === '') throw new ConfigError(name, 'must not be empty');
  return value;
}

function origin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `holds "${value}", which is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(name, `holds "${value}", which is not http(s)`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new ConfigError(name, `holds "${value}", which must be an origin without a path`);
  return url.origin;
}

/**
 * Reads and validates the environment.
 * @throws ConfigError naming the offending variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdpConfig {
  const port = positiveInt(env, 'IDP_PORT', 8090);
  if (port > 65535) throw new ConfigError('IDP_PORT', `must be a TCP port, got "${port}"`);

  const issuerRaw = nonEmpty(env, 'IDP_ISSUER', `http://localhost:${port}`);
  let issuer: string;
  try {
    const url = new URL(issuerRaw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    issuer = issuerRaw.replace(/\/+$/, '');
  } catch {
    throw new ConfigError('IDP_ISSUER', `must be an absolute http(s) URL, got "${issuerRaw}"`);
  }

  const appOrigins = [
    ...new Set(
      nonEmpty(env, 'IDP_APP_ORIGINS', 'http://localhost:8080')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => origin('IDP_APP_ORIGINS', s)),
    ),
  ];
  if (appOrigins.length === 0) throw new ConfigError('IDP_APP_ORIGINS', 'must list at least one origin');

  const extraPaths = (env.IDP_REDIRECT_PATHS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const p of extraPaths) {
    if (!p.startsWith('/') || p.includes('?') || p.includes('#') || p.includes('*')) {
      throw new ConfigError(
        'IDP_REDIRECT_PATHS',
        `holds "${p}"; each entry must be an absolute path like /admin (no wildcards)`,
      );
    }
  }
  const paths = [...new Set([...DEFAULT_REDIRECT_PATHS, ...extraPaths])];
  const redirectUris = appOrigins.flatMap((o) => paths.map((p) => `${o}${p}`));
  const postLogoutRedirectUris = redirectUris;

  const password = env.ADMIN_PASSWORD;
  if (password !== undefined && password.length > 0 && password.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 8 characters long');
  }

  const trustedProxies = (env.IDP_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const address of trustedProxies) {
    if (isIP(address) === 0) {
      throw new ConfigError('IDP_TRUSTED_PROXIES', `holds "${address}", which is not an IP address`);
    }
  }

  const databaseUrl = env.IDP_DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    throw new ConfigError('IDP_DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }

  const adminRole = nonEmpty(env, 'ADMIN_ROLE', 'owner');
  if (adminRole === 'editor' || adminRole === 'staff') {
    throw new ConfigError(
      'ADMIN_ROLE',
      `must be owner (or the legacy admin): the bootstrap account is an owner, got "${adminRole}"`,
    );
  }
  const totpSecretRaw = env.ADMIN_TOTP_SECRET?.replace(/\s+/g, '').toUpperCase() || undefined;
  // At least 128 bits (26 base32 characters), as RFC 4226 and otplib require.
  if (totpSecretRaw !== undefined && !/^[A-Z2-7]{26,}=*$/.test(totpSecretRaw)) {
    throw new ConfigError('ADMIN_TOTP_SECRET', 'must be base32 (A–Z, 2–7) of at least 26 characters (128 bits)');
  }
  const ownerTotp = nonEmpty(env, 'IDP_OWNER_TOTP', 'required');
  if (ownerTotp !== 'required' && ownerTotp !== 'optional') {
    throw new ConfigError('IDP_OWNER_TOTP', `must be "required" or "optional", got "${ownerTotp}"`);
  }

  const accessTokenTtl = positiveInt(env, 'ACCESS_TOKEN_TTL', 300);
  const refreshTokenTtl = positiveInt(env, 'REFRESH_TOKEN_TTL', 8 * 60 * 60);
  const sessionTtl = positiveInt(env, 'SESSION_TTL', refreshTokenTtl);

  return {
    port,
    issuer,
    clientId: nonEmpty(env, 'IDP_CLIENT_ID', 'linksite-shell'),
    appOrigins,
    redirectUris,
    postLogoutRedirectUris,
    apiAudience: nonEmpty(env, 'IDP_API_AUDIENCE', 'linksite-api'),
    admin: {
      username: nonEmpty(env, 'ADMIN_USERNAME', 'admin'),
      password: password === undefined || password === '' ? undefined : password,
      role: adminRole,
      name: nonEmpty(env, 'ADMIN_NAME', '관리자'),
      email: nonEmpty(env, 'ADMIN_EMAIL', 'admin@localhost'),
      totpSecret: totpSecretRaw?.replace(/=+$/, ''),
    },
    ownerTotp,
    invitationTtl: positiveInt(env, 'INVITATION_TTL', 24 * 60 * 60),
    dataDir: path.resolve(nonEmpty(env, 'DATA_DIR', path.join(repoRoot, '.data'))),
    databaseUrl,
    trustedProxies: trustedProxies.map(normalizeAddress),
    accessTokenTtl,
    refreshTokenTtl,
    sessionTtl,
  };
}
