import { SignJWT, UnsecuredJWT } from 'jose';
import { FixedClock } from '../common/clock';
import { loadConfig } from '../config/app-config';
import { ADMIN_SUB, startTestIssuer, TestIssuer } from '../test/test-issuer';
import { AccessTokenVerifier, internalJwksUrl, InvalidAccessToken, IssuerUnavailable } from './access-token-verifier';

const NOW = new Date('2026-11-20T03:00:00Z');

describe('internalJwksUrl', () => {
  const publicIssuer = 'https://sso.example.com/realms/linksite';
  const certs = `${publicIssuer}/protocol/openid-connect/certs`;

  it('keeps jwks_uri when discovery is fetched from the issuer itself', () => {
    expect(internalJwksUrl(certs, { issuer: publicIssuer, discoveryUrl: publicIssuer }).href).toBe(certs);
  });

  it('moves a jwks_uri under the public issuer under the internal discovery URL', () => {
    expect(
      internalJwksUrl(certs, { issuer: publicIssuer, discoveryUrl: 'http://keycloak:8080/realms/linksite' }).href,
    ).toBe('http://keycloak:8080/realms/linksite/protocol/openid-connect/certs');
    // A proxy path on the public side that the internal address does not have.
    expect(
      internalJwksUrl('https://site.example/auth/realms/x/certs', {
        issuer: 'https://site.example/auth/realms/x',
        discoveryUrl: 'http://keycloak:8080/realms/x/',
      }).href,
    ).toBe('http://keycloak:8080/realms/x/certs');
  });

  it('rewrites only the origin of a jwks_uri elsewhere on the issuer origin, and leaves other hosts alone', () => {
    const oidc = { issuer: publicIssuer, discoveryUrl: 'http://keycloak:8080/realms/linksite' };
    expect(internalJwksUrl('https://sso.example.com/keys', oidc).href).toBe('http://keycloak:8080/keys');
    expect(internalJwksUrl('https://keys.example.net/jwks', oidc).href).toBe('https://keys.example.net/jwks');
  });
});

describe('AccessTokenVerifier against a test issuer', () => {
  let issuer: TestIssuer;
  const clock = new FixedClock(NOW);
  const verifierFor = (env: NodeJS.ProcessEnv = {}) =>
    new AccessTokenVerifier(loadConfig({ OIDC_ISSUER: issuer.issuer, ...env }), clock);
  const refused = async (verifier: AccessTokenVerifier, token: string) => {
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidAccessToken);
  };

  beforeAll(async () => {
    issuer = await startTestIssuer({ clock: () => clock.now() });
  });
  afterAll(() => issuer.close());
  beforeEach(() => {
    clock.set(NOW);
    issuer.down = false;
  });

  it('accepts a Keycloak-shaped token and returns its principal', async () => {
    await expect(verifierFor().verify(await issuer.mint())).resolves.toEqual({
      sub: ADMIN_SUB,
      username: 'admin',
      name: '관리자',
      email: 'admin@example.com',
      roles: ['admin', 'offline_access', 'default-roles-linksite'],
      // The legacy administrator role is the owner (docs/decisions/0079-roles.md).
      siteRoles: ['owner'],
    });
  });

  it("takes an access token's typ header (Keycloak writes JWT, oidc-provider at+jwt) and refuses other kinds", async () => {
    const verifier = verifierFor();
    for (const typ of ['JWT', 'at+jwt', 'application/at+jwt'])
      await expect(verifier.verify(await issuer.mint({ typ }))).resolves.toBeDefined();
    // An access token without Keycloak's typ claim (the embedded provider's) is one too.
    await expect(verifier.verify(await issuer.mint({ typ: 'at+jwt', claims: { typ: undefined } }))).resolves.toEqual(
      expect.objectContaining({ roles: expect.arrayContaining(['admin']) }),
    );
    for (const typ of ['logout+jwt', 'secevent+jwt']) await refused(verifier, await issuer.mint({ typ }));
  });

  it("refuses Keycloak's other tokens, named by their typ claim, whatever their azp and roles", async () => {
    const verifier = verifierFor();
    for (const typ of ['ID', 'Refresh', 'Logout', 'Offline'])
      await refused(verifier, await issuer.mint({ claims: { typ, azp: 'linksite-shell' } }));
  });

  it("refuses an ID token: aud is the client, no azp, an administrator's roles (the embedded provider's shape)", async () => {
    const verifier = verifierFor();
    await refused(verifier, await issuer.mint({ claims: { typ: undefined, azp: undefined, aud: 'linksite-shell' } }));
    await refused(
      verifier,
      await issuer.mint({ claims: { typ: undefined, azp: undefined, aud: ['account', 'linksite-shell'] } }),
    );
  });

  it('fetches discovery and the key set once for many tokens', async () => {
    const before = { ...issuer.hits };
    const verifier = verifierFor();
    for (let i = 0; i < 5; i += 1) await verifier.verify(await issuer.mint());
    expect(issuer.hits.discovery - before.discovery).toBe(1);
    expect(issuer.hits.jwks - before.jwks).toBe(1);
  });

  it("refuses junk and other issuers' tokens without asking the issuer", async () => {
    const before = { ...issuer.hits };
    const verifier = verifierFor();
    for (const junk of ['abc', 'a.b.c', '', 'eyJhbGciOiJSUzI1NiJ9.e30']) await refused(verifier, junk);
    await refused(verifier, await issuer.mint({ claims: { iss: 'http://evil.example' } }));
    expect(issuer.hits).toEqual(before);
  });

  it('allows OIDC_CLOCK_TOLERANCE_SECONDS past exp, and no more', async () => {
    const verifier = verifierFor();
    await expect(verifier.verify(await issuer.mint({ expiresInSeconds: -4 }))).resolves.toBeDefined();
    await refused(verifier, await issuer.mint({ expiresInSeconds: -6 }));
    await refused(verifierFor({ OIDC_CLOCK_TOLERANCE_SECONDS: '0' }), await issuer.mint({ expiresInSeconds: -1 }));
  });

  it('refuses a token without exp or without sub', async () => {
    const verifier = verifierFor();
    await refused(verifier, await issuer.mint({ claims: { exp: undefined } }));
    await refused(verifier, await issuer.mint({ claims: { sub: undefined } }));
  });

  it('refuses another issuer, a forged signature and an unknown key', async () => {
    const verifier = verifierFor();
    await refused(verifier, await issuer.mint({ claims: { iss: 'http://evil.example' } }));
    await refused(verifier, await issuer.mint({ foreignKey: true }));
    await refused(verifier, await issuer.mint({ foreignKey: true, kid: 'someone-else' }));
  });

  it('refuses algorithms other than RS256, including none', async () => {
    const verifier = verifierFor();
    const claims = {
      iss: issuer.issuer,
      sub: ADMIN_SUB,
      azp: 'linksite-shell',
      exp: Math.floor(NOW.getTime() / 1000) + 60,
    };
    await refused(
      verifier,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(7)),
    );
    await refused(verifier, new UnsecuredJWT(claims).encode());
  });

  it("checks azp, or RFC 9068's client_id without one, against OIDC_CLIENT_ID; aud alone names no client", async () => {
    const verifier = verifierFor();
    await refused(verifier, await issuer.mint({ claims: { azp: 'other-client' } }));
    await expect(
      verifier.verify(await issuer.mint({ claims: { azp: undefined, client_id: 'linksite-shell' } })),
    ).resolves.toBeDefined();
    await refused(verifier, await issuer.mint({ claims: { azp: undefined, client_id: 'other-client' } }));
    await refused(verifier, await issuer.mint({ claims: { azp: undefined, aud: 'linksite-api' } }));
    await expect(
      verifierFor({ OIDC_CLIENT_ID: 'other-client' }).verify(await issuer.mint({ claims: { azp: 'other-client' } })),
    ).resolves.toBeDefined();
  });

  it('reads missing profile claims as null and roles as []', async () => {
    const token = await issuer.mint({
      claims: { preferred_username: undefined, name: undefined, email: undefined, realm_access: undefined },
    });
    await expect(verifierFor().verify(token)).resolves.toEqual({
      sub: ADMIN_SUB,
      username: null,
      name: null,
      email: null,
      roles: [],
      siteRoles: [],
    });
  });

  it('reports an issuer that is down as IssuerUnavailable, and tries discovery again on the next token', async () => {
    const verifier = verifierFor();
    const token = await issuer.mint();
    issuer.down = true;
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(IssuerUnavailable);
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(IssuerUnavailable);
    issuer.down = false;
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: ADMIN_SUB });
  });

  it('reports an unreachable issuer as IssuerUnavailable', async () => {
    const verifier = new AccessTokenVerifier(
      loadConfig({ OIDC_ISSUER: issuer.issuer, OIDC_DISCOVERY_URL: 'http://127.0.0.1:9' }),
      clock,
    );
    await expect(verifier.verify(await issuer.mint())).rejects.toBeInstanceOf(IssuerUnavailable);
  });
});

describe('AccessTokenVerifier with an internal discovery URL', () => {
  const publicIssuer = 'https://sso.example.invalid/realms/linksite';
  let internal: TestIssuer;

  beforeAll(async () => {
    internal = await startTestIssuer({ publicIssuer, clock: () => NOW });
  });
  afterAll(() => internal.close());

  it('fetches discovery and keys internally and checks iss against the public issuer', async () => {
    const verifier = new AccessTokenVerifier(
      loadConfig({ OIDC_ISSUER: publicIssuer, OIDC_DISCOVERY_URL: `${internal.url}/realms/linksite` }),
      new FixedClock(NOW),
    );
    const token = await internal.mint();
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: ADMIN_SUB });
    expect(internal.hits).toEqual({ discovery: 1, jwks: 1 });
  });
});
