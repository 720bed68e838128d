import { createPublicKey, verify } from 'node:crypto';
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import type { AdminAccount } from './admin-account.js';
import type { IdpConfig } from './config.js';
import type { PersistedKeys } from './persisted-keys.js';
import { profileClaims } from './provider.js';

/**
 * The library's userinfo endpoint refuses access tokens that carry an audience, and ours are JWTs for
 * the API. keycloak-js `loadUserInfo()` sends exactly those, so userinfo is answered here: the token is
 * checked like the API does (RS256 signature with our key, `iss`, `exp`, `azp`) and the profile returned.
 */
export function userinfoRoute(
  provider: Provider,
  config: IdpConfig,
  keys: PersistedKeys,
  account: AdminAccount,
): Middleware {
  const publicKey = createPublicKey({ key: keys.signing, format: 'jwk' });
  const path = new URL(provider.urlFor('userinfo')).pathname;

  const refuse = (ctx: Parameters<Middleware>[0], description: string) => {
    ctx.status = 401;
    ctx.set(
      'WWW-Authenticate',
      `Bearer realm="${config.issuer}", error="invalid_token", error_description="${description}"`,
    );
    ctx.body = { error: 'invalid_token', error_description: description };
  };

  return async (ctx, next) => {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const origin = ctx.get('Origin');
    if (origin && config.appOrigins.includes(origin)) {
      ctx.vary('Origin');
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
    }
    ctx.set('Cache-Control', 'no-store');

    const token = /^Bearer (\S+)$/i.exec(ctx.get('Authorization'))?.[1];
    const parts = token?.split('.');
    if (!token || parts?.length !== 3) return refuse(ctx, 'no bearer access token');
    const [h, p, s] = parts as [string, string, string];
    let header: { alg?: string; kid?: string };
    let payload: { iss?: string; exp?: number; azp?: string; sub?: string };
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      return refuse(ctx, 'malformed token');
    }
    const signatureOk =
      header.alg === 'RS256' &&
      header.kid === keys.signing.kid &&
      verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url'));
    if (!signatureOk) return refuse(ctx, 'invalid signature');
    if (payload.iss !== config.issuer) return refuse(ctx, 'wrong issuer');
    if (typeof payload.exp !== 'number' || payload.exp <= Date.now() / 1000) return refuse(ctx, 'token expired');
    if (payload.azp !== config.clientId) return refuse(ctx, 'token for another client');
    if (payload.sub !== account.id) return refuse(ctx, 'unknown subject');

    ctx.body = profileClaims(account);
  };
}
