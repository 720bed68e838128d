import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/** The client id the tests configure (OIDC_CLIENT_ID's default). */
export const TEST_CLIENT_ID = 'linksite-shell';
/** The administrator of the test tokens. */
export const ADMIN_SUB = '6f1c2d4e-8a9b-4c3d-9e0f-123456789abc';

/** What a minted token should look like; claims win over the defaults, `undefined` removes a claim. */
export interface MintOptions {
  claims?: Record<string, unknown>;
  /** realm_access.roles; default ['admin', 'offline_access', 'default-roles-linksite']. */
  roles?: string[];
  /** Sign with a key the issuer does not publish (same kid: a forgery). */
  foreignKey?: boolean;
  /** Header kid; default the published key's. */
  kid?: string;
  /** Header typ; default `JWT` (Keycloak's; oidc-provider writes `at+jwt`). */
  typ?: string;
  /** iat; default the test issuer's clock. */
  now?: Date;
  /** exp − now in seconds; default 300, negative for an expired token. */
  expiresInSeconds?: number;
}

/**
 * A stand-in OpenID Connect issuer on 127.0.0.1 for the API's tests: serves
 * `…/.well-known/openid-configuration` (any path prefix, so a discovery URL with a path works) and `…/jwks`
 * for an RSA key made at start, and mints RS256 access tokens in Keycloak's claim shape
 * (iss, sub, aud, azp, exp, iat, preferred_username, name, email, realm_access.roles).
 */
export interface TestIssuer {
  /** http://127.0.0.1:<port> — where it listens. */
  url: string;
  /** The `iss` it puts in tokens and discovery (default = url). */
  issuer: string;
  /** Requests served, by kind. */
  hits: { discovery: number; jwks: number };
  /** While true every request gets 503 (an issuer that is down). */
  down: boolean;
  mint(options?: MintOptions): Promise<string>;
  close(): Promise<void>;
}

/**
 * @param publicIssuer the issuer to announce instead of the listening URL (an issuer reached through an
 *   internal address); discovery then names `<publicIssuer>/jwks`, as a real one fetched internally would.
 * @param clock "now" for minted tokens by default (the API under test may run on a fixed clock).
 */
export async function startTestIssuer(
  options: { publicIssuer?: string; clock?: () => Date } = {},
): Promise<TestIssuer> {
  const alg = 'RS256';
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(alg);
  const foreign: CryptoKey = (await generateKeyPair(alg)).privateKey;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }] };
  const clock = options.clock ?? (() => new Date());

  const state = { hits: { discovery: 0, jwks: 0 }, down: false };
  let issuer = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (state.down) return send(503, { error: 'down' });
    if (path.endsWith('/.well-known/openid-configuration')) {
      state.hits.discovery += 1;
      return send(200, { issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: [alg] });
    }
    if (path.endsWith('/jwks')) {
      state.hits.jwks += 1;
      return send(200, jwks);
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = options.publicIssuer ?? url;

  return {
    url,
    issuer,
    get hits() {
      return state.hits;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    async mint(mint: MintOptions = {}): Promise<string> {
      const iat = Math.floor((mint.now ?? clock()).getTime() / 1000);
      const claims: JWTPayload = {
        iss: issuer,
        sub: ADMIN_SUB,
        aud: 'linksite-api',
        azp: TEST_CLIENT_ID,
        typ: 'Bearer',
        iat,
        exp: iat + (mint.expiresInSeconds ?? 300),
        jti: randomUUID(),
        scope: 'openid profile email',
        preferred_username: 'admin',
        name: '관리자',
        email: 'admin@example.com',
        email_verified: true,
        realm_access: { roles: mint.roles ?? ['admin', 'offline_access', 'default-roles-linksite'] },
        ...mint.claims,
      };
      for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key];
      return new SignJWT(claims)
        .setProtectedHeader({ alg, typ: mint.typ ?? 'JWT', kid: mint.kid ?? kid })
        .sign(mint.foreignKey ? foreign : privateKey);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
