import { createServer } from 'node:http';
import path from 'node:path';
import type Provider from 'oidc-provider';
import { AccessTokenVerifier } from './access-token.js';
import { AccountError, AccountStore } from './accounts.js';
import { ensureBootstrapAccount } from './admin-account.js';
import { adminApi } from './admin-api.js';
import { ConfigError, loadConfig } from './config.js';
import { DeviceCookies } from './device-cookie.js';
import { interactionRoutes } from './interactions.js';
import { invitationPages } from './invitation-pages.js';
import { loadOrCreateKeys } from './persisted-keys.js';
import { createProvider } from './provider.js';
import { securityHeaders } from './security-headers.js';
import { openPayloadTable } from './storage/open-payload-table.js';
import { userinfoRoute } from './userinfo.js';

/**
 * Adds `Access-Control-Allow-Credentials: true` when the library (or userinfo) allowed one of the app
 * origins: keycloak-js sends its token requests with credentials, which the library's CORS never allows.
 */
function allowCredentialsForAppOrigins(appOrigins: string[]): Parameters<Provider['use']>[0] {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const origin = ctx.get('Origin');
      if (origin && appOrigins.includes(origin) && ctx.response.get('Access-Control-Allow-Origin') === origin) {
        ctx.set('Access-Control-Allow-Credentials', 'true');
      }
    }
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const dir = path.join(config.dataDir, 'idp');
  const keys = loadOrCreateKeys(dir);
  const store = await openPayloadTable(dir, config.databaseUrl);
  const accounts = new AccountStore(store);
  try {
    await ensureBootstrapAccount(config, dir, accounts, (text) => process.stdout.write(`${text}\n`));
  } catch (error) {
    if (error instanceof AccountError)
      throw new ConfigError('ADMIN_USERNAME', `names another account: ${error.message}`);
    throw error;
  }

  const verifier = new AccessTokenVerifier(keys, config.issuer);
  const provider = createProvider(config, keys, accounts, store);
  provider.use(securityHeaders());
  provider.use(allowCredentialsForAppOrigins(config.appOrigins));
  provider.use(userinfoRoute(provider, config, verifier, accounts));
  provider.use(
    adminApi({
      accounts,
      store,
      verifier,
      issuer: config.issuer,
      apiAudience: config.apiAudience,
      invitationTtl: config.invitationTtl,
    }),
  );
  provider.use(
    invitationPages({
      accounts,
      store,
      issuer: config.issuer,
      signInUrl: `${config.appOrigins[0]}/login`,
      ownerTotp: config.ownerTotp,
    }),
  );
  provider.use(
    interactionRoutes(provider, {
      accounts,
      store,
      appOrigins: config.appOrigins,
      ownerTotp: config.ownerTotp,
      trustedProxies: config.trustedProxies,
      deviceCookies: new DeviceCookies(keys.cookieKeys),
    }),
  );
  provider.on('server_error', (_ctx, error) => console.error('IdP server error:', error));

  // Koa's handler settles its own errors (ctx.onerror); the promise it returns carries nothing more.
  const handle = provider.callback();
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  console.log(
    `IdP listening on ${config.issuer} (port ${config.port}, client ${config.clientId}, audience ${config.apiAudience}, store: ${store.description})`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`IdP stopping (${signal})`);
    server.close(() => void store.close().finally(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The exit code of a configuration error (sysexits.h EX_CONFIG): `npm start` stops with the message instead of
 * starting the provider again (scripts/services.mjs EXIT_CONFIGURATION).
 */
const EXIT_CONFIGURATION = 78;

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? EXIT_CONFIGURATION : 1);
});
