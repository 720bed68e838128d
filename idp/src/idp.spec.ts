import { statSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import {
  APP_ORIGIN,
  Browser,
  CLIENT_ID,
  REDIRECT_URI,
  absolute,
  authorizationUrl,
  buildIdp,
  callbackParams,
  decodeJwt,
  removeTempDataDirs,
  follow,
  formAction,
  keycloakJsDecodeToken,
  signIn,
  startIdp,
  tempDataDir,
  verifyWithJwks,
  type RunningIdp,
} from './test-support/idp-process';

jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery staple';
const ACCESS_TOKEN_TTL = 60;
const INVALID = '아이디 또는 비밀번호가 올바르지 않습니다.';

beforeAll(() => buildIdp(), 120_000);
afterAll(() => removeTempDataDirs());

/** Opens the authorization endpoint as keycloak-js does and returns the login form's absolute action URL. */
async function loginFormAction(browser: Browser, issuer: string, challengeChar: string): Promise<string> {
  const start = await follow(
    browser,
    issuer,
    await browser.request(
      authorizationUrl(issuer, { code_challenge: challengeChar.repeat(43), code_challenge_method: 'S256' }),
    ),
  );
  return new URL(formAction(await start.res.text()), issuer).toString();
}

describe('idp with ADMIN_PASSWORD', () => {
  let idp: RunningIdp;

  beforeAll(async () => {
    idp = await startIdp({
      DATA_DIR: tempDataDir(),
      ADMIN_PASSWORD: PASSWORD,
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
      // This test process plays the reverse proxy: its Browser's X-Forwarded-For is the client address.
      IDP_TRUSTED_PROXIES: '127.0.0.1,::1',
    });
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  it('publishes a discovery document keycloak-js can use', async () => {
    const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(idp.issuer);
    expect(doc.code_challenge_methods_supported).toContain('S256');
    expect(doc.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
    expect(doc.token_endpoint).toBe(`${idp.issuer}/token`);
    expect(doc.userinfo_endpoint).toBe(`${idp.issuer}/me`);
  });

  it('signs in through the Korean form and issues Keycloak-shaped tokens', async () => {
    const browser = new Browser('203.0.113.10');
    const start = await follow(
      browser,
      idp.issuer,
      await browser.request(
        authorizationUrl(idp.issuer, { code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }),
      ),
    );
    const page = await start.res.text();
    expect(page).toContain('관리자 로그인');
    expect(page).toContain('아이디');
    expect(page).toContain('비밀번호');
    expect(page).toContain('>로그인</button>');

    const { tokens, tokenResponse } = await signIn(browser, idp.issuer, 'admin', PASSWORD);
    expect(tokenResponse.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(tokenResponse.headers.get('access-control-allow-credentials')).toBe('true');
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(ACCESS_TOKEN_TTL);

    const { header, payload } = decodeJwt(tokens.access_token);
    expect(header.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: idp.issuer,
      azp: CLIENT_ID,
      aud: 'linksite-api',
      preferred_username: 'admin',
      email: 'admin@localhost',
      name: '관리자',
    });
    // The bootstrap administrator is an owner (docs/decisions/0078-team-runs-the-site.md); the default ADMIN_ROLE is
    // `owner`.
    expect((payload.realm_access as { roles: string[] }).roles).toEqual(['owner']);
    expect(String(payload.scope).split(' ')).toContain('openid');
    expect(Number(payload.exp) - Number(payload.iat)).toBe(ACCESS_TOKEN_TTL);

    const jwks = (await (await fetch(`${idp.issuer}/jwks`)).json()) as Parameters<typeof verifyWithJwks>[1];
    expect(verifyWithJwks(tokens.access_token, jwks)).toBe(true);
    const [h, , s] = tokens.access_token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, preferred_username: 'mallory' })).toString(
      'base64url',
    );
    const tampered = `${h}.${forgedPayload}.${s}`;
    expect(verifyWithJwks(tampered, jwks)).toBe(false);

    const idToken = decodeJwt(tokens.id_token).payload;
    expect(verifyWithJwks(tokens.id_token, jwks)).toBe(true);
    expect(idToken).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT_ID,
      sub: payload.sub,
      preferred_username: 'admin',
      name: '관리자',
      email: 'admin@localhost',
    });
    // Roles are the access token's: an ID token says who signed in, not what they may do.
    expect(idToken.realm_access).toBeUndefined();

    // keycloak-js decodes the refresh token as a JWT (keycloak/keycloak-js#149).
    const parts = tokens.refresh_token.split('.');
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
    const refreshPayload = keycloakJsDecodeToken(tokens.refresh_token);
    expect(typeof refreshPayload.exp).toBe('number');
    expect(Number(refreshPayload.exp)).toBeGreaterThan(Date.now() / 1000);

    // userinfo answers for the JWT access token (keycloak-js loadUserInfo).
    const me = await fetch(`${idp.issuer}/me`, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Origin: APP_ORIGIN },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await me.json()).toMatchObject({
      sub: payload.sub,
      preferred_username: 'admin',
      realm_access: { roles: ['owner'] },
    });
    const noToken = await fetch(`${idp.issuer}/me`);
    expect(noToken.status).toBe(401);

    // Refresh grant, as keycloak-js updateToken() sends it.
    const refreshed = await browser.postForm(
      `${idp.issuer}/token`,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT_ID },
      { Origin: APP_ORIGIN },
    );
    const next = (await refreshed.json()) as typeof tokens;
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(next.access_token).payload).toMatchObject({
      azp: CLIENT_ID,
      preferred_username: 'admin',
      aud: 'linksite-api',
    });
    expect(verifyWithJwks(next.access_token, jwks)).toBe(true);
    expect(keycloakJsDecodeToken(next.refresh_token).exp).toBe(refreshPayload.exp);
  });

  it('answers check-sso (prompt=none) with a code while signed in, and login_required otherwise', async () => {
    const browser = new Browser('203.0.113.12');
    await signIn(browser, idp.issuer, 'admin', PASSWORD);
    const silent = await browser.request(
      authorizationUrl(idp.issuer, {
        prompt: 'none',
        redirect_uri: `${APP_ORIGIN}/silent-check-sso.html`,
        code_challenge: 'v'.repeat(43),
        code_challenge_method: 'S256',
      }),
    );
    expect(silent.status).toBe(303);
    const back = new URL(absolute(idp.issuer, silent.headers.get('location')));
    expect(back.pathname).toBe('/silent-check-sso.html');
    expect(callbackParams(back).get('code')).toBeTruthy();

    const stranger = new Browser('203.0.113.13');
    const anonymous = await stranger.request(
      authorizationUrl(idp.issuer, { prompt: 'none', code_challenge: 'v'.repeat(43), code_challenge_method: 'S256' }),
    );
    expect(callbackParams(new URL(absolute(idp.issuer, anonymous.headers.get('location')))).get('error')).toBe(
      'login_required',
    );
  });

  it('answers the CORS preflight of the token endpoint for the app origin with credentials', async () => {
    const res = await fetch(`${idp.issuer}/token`, {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses a token request from another origin', async () => {
    const browser = new Browser('203.0.113.11');
    const res = await browser.postForm(
      `${idp.issuer}/token`,
      { grant_type: 'refresh_token', refresh_token: 'x', client_id: CLIENT_ID },
      { Origin: 'http://evil.example' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('shows the form again with a Korean error for a wrong password and issues no code', async () => {
    const browser = new Browser('203.0.113.20');
    const action = await loginFormAction(browser, idp.issuer, 'y');

    const wrong = await browser.postForm(action, { username: 'admin', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain(INVALID);
    expect(html).toContain('<form');
    expect(wrong.headers.get('location')).toBeNull();

    const unknownUser = await browser.postForm(action, { username: 'nobody', password: PASSWORD });
    expect(unknownUser.status).toBe(401);
    expect(await unknownUser.text()).toContain(INVALID);
  });

  it('leaves empty fields to the server, which answers in Korean (no browser bubble, docs/decisions/0054-korean-everywhere.md)', async () => {
    const browser = new Browser('203.0.113.25');
    const start = await follow(
      browser,
      idp.issuer,
      await browser.request(
        authorizationUrl(idp.issuer, { code_challenge: 'z'.repeat(43), code_challenge_method: 'S256' }),
      ),
    );
    const page = await start.res.text();
    expect(page).toMatch(/<form [^>]*\bnovalidate\b/);
    const action = new URL(formAction(page), idp.issuer).toString();

    const empty = await browser.postForm(action, { username: 'admin', password: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('아이디와 비밀번호를 입력해주세요.');
    expect(empty.headers.get('location')).toBeNull();
  });

  it('rate-limits repeated failures per account and address, refusing even the right password', async () => {
    const browser = new Browser('203.0.113.30');
    const action = await loginFormAction(browser, idp.issuer, 'z');

    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 6; i += 1) {
      const res = await browser.postForm(action, { username: 'admin', password: `wrong ${i}` });
      statuses.push(res.status);
      last = await res.text();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last).toMatch(/로그인 시도가 너무 많습니다\. \d+분 후 다시 시도해주세요\./);

    const right = await browser.postForm(action, { username: 'admin', password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);

    // Another address is not affected.
    const other = new Browser('203.0.113.31');
    await expect(signIn(other, idp.issuer, 'admin', PASSWORD)).resolves.toBeDefined();
  });

  it('behind a trusted proxy counts the address that proxy appended, not what the client put before it', async () => {
    const browser = new Browser('203.0.113.32');
    const action = await loginFormAction(browser, idp.issuer, 'z');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await browser.postForm(
        action,
        { username: 'admin', password: `wrong ${i}` },
        { 'X-Forwarded-For': `198.51.100.${i + 1}, 203.0.113.32` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('refuses an authorization request without PKCE', async () => {
    const browser = new Browser('203.0.113.40');
    const res = await browser.request(authorizationUrl(idp.issuer, { response_mode: 'query' }));
    expect(res.status).toBe(303);
    const location = new URL(absolute(idp.issuer, res.headers.get('location')));
    expect(location.origin).toBe(APP_ORIGIN);
    const params = callbackParams(location);
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('code')).toBeNull();
  });

  it('refuses a redirect URI outside the registered list', async () => {
    const browser = new Browser('203.0.113.41');
    const res = await browser.request(
      authorizationUrl(idp.issuer, {
        redirect_uri: 'http://evil.example/',
        code_challenge: 'w'.repeat(43),
        code_challenge_method: 'S256',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('logs out through end_session and returns to the allowed post_logout_redirect_uri', async () => {
    const browser = new Browser('203.0.113.50');
    const { tokens } = await signIn(browser, idp.issuer, 'admin', PASSWORD);
    const url = new URL('/session/end', idp.issuer);
    url.searchParams.set('client_id', CLIENT_ID);
    url.searchParams.set('id_token_hint', tokens.id_token);
    url.searchParams.set('post_logout_redirect_uri', REDIRECT_URI);
    const page = await browser.request(url.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('로그아웃');
    const action = formAction(html);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeDefined();
    expect(html).toContain('name="logout" value="yes"');

    const confirmed = await browser.postForm(new URL(action, idp.issuer).toString(), {
      xsrf: xsrf ?? '',
      logout: 'yes',
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(REDIRECT_URI);

    // The session is gone, and with it the refresh token.
    const refreshed = await browser.postForm(`${idp.issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: CLIENT_ID,
    });
    expect(refreshed.status).toBe(400);

    const bad = new URL(url);
    bad.searchParams.set('post_logout_redirect_uri', 'http://evil.example/');
    expect((await browser.request(bad.toString())).status).toBe(400);
  });
});

describe('idp with no trusted proxy (the default; docs/decisions/0040-trusted-under-attack.md: the X-Forwarded-For bypass)', () => {
  let idp: RunningIdp;

  beforeAll(async () => {
    idp = await startIdp({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  it('limits 8 wrong passwords sent with a fresh X-Forwarded-For each, and then refuses the right one', async () => {
    const browser = new Browser('203.0.113.70');
    const action = await loginFormAction(browser, idp.issuer, 'z');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await browser.postForm(
        action,
        { username: 'admin', password: `wrong ${i}` },
        { 'X-Forwarded-For': `198.51.100.${i + 10}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await browser.postForm(
      action,
      { username: 'admin', password: PASSWORD },
      { 'X-Forwarded-For': '198.51.100.99' },
    );
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('idp: failures of one account spread over many addresses (docs/decisions/0045-identity-hardening.md)', () => {
  let idp: RunningIdp;

  beforeAll(async () => {
    idp = await startIdp({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD, IDP_TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  it('lets 10 through, then slows the account down for seconds, not minutes', async () => {
    const browser = new Browser('203.0.113.80');
    const action = await loginFormAction(browser, idp.issuer, 'y');
    const answers: { status: number; retryAfter: string | null; text: string }[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await browser.postForm(
        action,
        { username: 'admin', password: `wrong ${i}` },
        { 'X-Forwarded-For': `192.0.2.${i + 1}` },
      );
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() });
    }
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(10).fill(401), 429]);
    const last = answers[10]!;
    expect(Number(last.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(last.retryAfter)).toBeLessThanOrEqual(60);
    expect(last.text).toMatch(/로그인 시도가 너무 많습니다\. \d+초 후 다시 시도해주세요\./);
  });
});

/** Checks a browser's session with a silent check-sso request, as keycloak-js does on page load. */
async function silentCheckSso(browser: Browser, issuer: string): Promise<URLSearchParams> {
  const res = await browser.request(
    authorizationUrl(issuer, { prompt: 'none', code_challenge: 'u'.repeat(43), code_challenge_method: 'S256' }),
  );
  return callbackParams(new URL(absolute(issuer, res.headers.get('location'))));
}

function refresh(browser: Browser, issuer: string, refreshToken: string): Promise<Response> {
  return browser.postForm(
    `${issuer}/token`,
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID },
    { Origin: APP_ORIGIN },
  );
}

describe('idp storage: sessions, grants and refresh tokens are kept (docs/decisions/0045-identity-hardening.md)', () => {
  it('keeps the administrator signed in across a restart, in DATA_DIR/idp/store.json by default', async () => {
    const env = { DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD };
    const first = await startIdp(env);
    expect(first.stdout()).toMatch(/store: file .*store\.json/);
    const browser = new Browser('203.0.113.90');
    const { tokens } = await signIn(browser, first.issuer, 'admin', PASSWORD);
    expect(await first.stop()).toBe(0);

    const second = await startIdp(env, first.port);
    try {
      expect((await silentCheckSso(browser, second.issuer)).get('code')).toBeTruthy();
      const refreshed = await refresh(browser, second.issuer, tokens.refresh_token);
      expect(refreshed.status).toBe(200);
      const next = (await refreshed.json()) as typeof tokens;
      expect(decodeJwt(next.access_token).payload).toMatchObject({ preferred_username: 'admin' });
      // Rotation: the refresh token just used is spent.
      expect((await refresh(browser, second.issuer, tokens.refresh_token)).status).toBe(400);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    const mode = statSync(path.join(env.DATA_DIR, 'idp', 'store.json')).mode & 0o777;
    expect(mode.toString(8)).toBe('600');
  });

  it('with IDP_DATABASE_URL, two identity processes share one PostgreSQL store', async () => {
    const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = `idp_store_${Date.now()}_${process.pid}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    // Same DATA_DIR: the two processes share the signing key, as replicas share a mounted secret.
    const env = { DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD, IDP_DATABASE_URL: url.toString() };
    // Two replicas of one provider: one issuer (as behind a load balancer), two processes on their own ports.
    const a = await startIdp(env);
    const b = await startIdp({ ...env, IDP_ISSUER: a.issuer });
    try {
      expect(a.stdout()).toContain(`store: PostgreSQL 127.0.0.1:5432/${database}`);
      const browser = new Browser('203.0.113.91');
      const { tokens } = await signIn(browser, a.issuer, 'admin', PASSWORD);
      // B knows the refresh token A issued, and rotates it.
      const onB = await refresh(browser, b.url, tokens.refresh_token);
      expect(onB.status).toBe(200);
      const next = (await onB.json()) as typeof tokens;
      const modelsNow = async () => {
        const db = new Client({ connectionString: url.toString() });
        await db.connect();
        try {
          const { rows } = await db.query<{ model: string }>('SELECT DISTINCT model FROM idp_oidc_payloads ORDER BY 1');
          return rows.map((r) => r.model);
        } finally {
          await db.end();
        }
      };
      // A sees B's rotation: the new token works there.
      const onA = await refresh(browser, a.url, next.refresh_token);
      expect(onA.status).toBe(200);
      const latest = (await onA.json()) as typeof tokens;
      expect(await modelsNow()).toEqual(expect.arrayContaining(['Grant', 'RefreshToken', 'Session']));
      // Replaying a spent token on A is refused, and the library revokes the whole grant: B refuses the latest too.
      expect((await refresh(browser, a.url, tokens.refresh_token)).status).toBe(400);
      expect((await refresh(browser, b.url, latest.refresh_token)).status).toBe(400);
      expect(await modelsNow()).not.toContain('RefreshToken');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('idp without ADMIN_PASSWORD', () => {
  it('generates a password once, keeps only its hash, and keeps its keys across restarts', async () => {
    const dataDir = tempDataDir();
    const first = await startIdp({ DATA_DIR: dataDir });
    const printed = /비밀번호: (\S+)/.exec(first.stdout())?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9]{20}$/);
    const kid1 = ((await (await fetch(`${first.issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys[0]?.kid;
    const before = await signIn(new Browser('203.0.113.60'), first.issuer, 'admin', printed ?? '');
    expect(await first.stop()).toBe(0);

    const { readFileSync, statSync } = await import('node:fs');
    const adminFile = readFileSync(`${dataDir}/idp/admin.json`, 'utf8');
    expect(adminFile).not.toContain(printed);
    expect(statSync(`${dataDir}/idp/keys.json`).mode & 0o777).toBe(0o600);

    const second = await startIdp({ DATA_DIR: dataDir });
    try {
      expect(second.stdout()).not.toContain('비밀번호:');
      const jwks = (await (await fetch(`${second.issuer}/jwks`)).json()) as Parameters<typeof verifyWithJwks>[1] & {
        keys: { kid: string }[];
      };
      expect(jwks.keys[0]?.kid).toBe(kid1);
      // A token issued before the restart still verifies against the JWKS after it.
      expect(verifyWithJwks(before.tokens.access_token, jwks)).toBe(true);
      const after = await signIn(new Browser('203.0.113.61'), second.issuer, 'admin', printed ?? '');
      expect(decodeJwt(after.tokens.access_token).payload.sub).toBe(decodeJwt(before.tokens.access_token).payload.sub);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('fails fast naming the variable on bad configuration', async () => {
    await expect(startIdp({ DATA_DIR: tempDataDir(), ACCESS_TOKEN_TTL: 'soon' })).rejects.toThrow(/ACCESS_TOKEN_TTL/);
    await expect(startIdp({ DATA_DIR: tempDataDir(), IDP_TRUSTED_PROXIES: 'gateway' })).rejects.toThrow(
      /IDP_TRUSTED_PROXIES/,
    );
    await expect(startIdp({ DATA_DIR: tempDataDir(), IDP_DATABASE_URL: 'mysql://x' })).rejects.toThrow(
      /IDP_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});
