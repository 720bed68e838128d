import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { AccessTokenVerifier } from './access-token.js';
import type { AccountStore } from './accounts.js';
import type { IdpConfig } from './config.js';
import { profileClaims } from './provider.js';

/**
 * The library's userinfo endpoint refuses access tokens that carry an audience, and ours are JWTs for
 * the API. keycloak-js `loadUserInfo()` sends exactly those, so userinfo is answered here: the token is
 * checked like the API does (RS256 signature with our key, `iss`, `exp`, `azp`) and the profile of its account
 * returned, while that account exists and is active.
 */
export function userinfoRoute(
  provider: Provider,
  config: IdpConfig,
  verifier: AccessTokenVerifier,
  accounts: AccountStore,
): Middleware {
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

    const checked = verifier.verify(AccessTokenVerifier.bearer(ctx.get('Authorization')), {
      clientId: config.clientId,
    });
    if (!checked.ok) return refuse(ctx, checked.reason);
    const account = await accounts.findById(checked.claims.sub ?? '');
    if (!account || account.status !== 'active') return refuse(ctx, 'unknown subject');
    ctx.body = profileClaims(account);
  };
}
