import {
  Browser,
  authorizationUrl,
  buildIdp,
  callbackParams,
  follow,
  formAction,
  removeTempDataDirs,
  signIn,
  startIdp,
  tempDataDir,
  type RunningIdp,
} from './test-support/idp-process';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery staple';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

beforeAll(() => buildIdp(), 120_000);
afterAll(() => removeTempDataDirs());

/** Opens the authorization endpoint (`prompt`: e.g. `login`, to be asked again while signed in) and returns the form. */
async function openLoginForm(
  browser: Browser,
  issuer: string,
  prompt?: string,
): Promise<{ action: string; res: Response }> {
  const start = await follow(
    browser,
    issuer,
    await browser.request(
      authorizationUrl(issuer, { prompt, code_challenge: 'p'.repeat(43), code_challenge_method: 'S256' }),
    ),
  );
  const html = await start.res.clone().text();
  return { action: new URL(formAction(html), issuer).toString(), res: start.res };
}

describe('idp: a lockout no stranger can hold (docs/decisions/0087-lockout-no-stranger-holds.md)', () => {
  let idp: RunningIdp;

  beforeAll(async () => {
    // No trusted proxy: each client is the address its socket is bound to (127.0.0.2 … 127.0.0.5).
    idp = await startIdp({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD }, undefined, { fakeClock: true });
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  /** The owner's browser signs in with the right password; the answer to the form, and the code it ends with. */
  async function ownerSignsIn(owner: Browser): Promise<{ status: number; setCookie: string[]; code?: string | null }> {
    const { action } = await openLoginForm(owner, idp.issuer, 'login');
    const res = await owner.postForm(action, { username: 'admin', password: PASSWORD });
    const setCookie = res.headers.getSetCookie();
    if (res.status !== 303) return { status: res.status, setCookie };
    const done = await follow(owner, idp.issuer, res);
    return { status: res.status, setCookie, code: done.appRedirect && callbackParams(done.appRedirect).get('code') };
  }

  it("cannot stop the owner's device with one guess a minute from 3 addresses", async () => {
    // The owner's browser signs in once and is given the device cookie.
    const owner = new Browser('owner', '127.0.0.2');
    const first = await ownerSignsIn(owner);
    expect(first.status).toBe(303);
    expect(first.code).toBeTruthy();
    const device = first.setCookie.find((c) => c.startsWith('idp_device='));
    expect(device).toMatch(
      /^idp_device=[\w-]+\.\d+\.[\w-]+; Path=\/interaction\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );

    // The stranger: one browser on each of three addresses, each keeping its sign-in form open.
    const strangers = ['127.0.0.3', '127.0.0.4', '127.0.0.5'].map((a) => new Browser(a, a));
    const forms = await Promise.all(strangers.map(async (b) => (await openLoginForm(b, idp.issuer)).action));

    let elapsed = 0;
    const at = async (ms: number) => {
      await idp.advanceClock(ms - elapsed);
      elapsed = ms;
    };
    const stranger: number[] = [];
    const ownerAnswers: { minute: number; second: number; status: number }[] = [];
    for (let minute = 0; minute < 16; minute += 1) {
      await at(minute * MINUTE);
      const i = minute % 3;
      const guess = await strangers[i]!.postForm(forms[i]!, { username: 'admin', password: `guess ${minute}` });
      stranger.push(guess.status);
      // After twelve minutes of guessing the owner comes back and tries every 15 s, the first time 1 s after a guess.
      if (minute < 12) continue;
      for (const second of [1, 16, 31, 46]) {
        await at(minute * MINUTE + second * SECOND);
        ownerAnswers.push({ minute, second, status: (await ownerSignsIn(owner)).status });
      }
    }

    expect(ownerAnswers.filter((a) => a.status !== 303)).toEqual([]);
    expect(ownerAnswers).toHaveLength(16);
    // The stranger did run into the limits (the account's wait for untrusted clients, then each address's block).
    expect(stranger.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(stranger.slice(10)).toContain(429);
  });
});

describe('idp: security headers on every page (docs/decisions/0096-smaller-hardening.md)', () => {
  let idp: RunningIdp;

  beforeAll(async () => {
    idp = await startIdp({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  const html = { Accept: 'text/html' };

  function expectBaseHeaders(res: Response, what: string): void {
    expect({ what, nosniff: res.headers.get('x-content-type-options') }).toEqual({ what, nosniff: 'nosniff' });
    expect({ what, referrer: res.headers.get('referrer-policy') }).toEqual({ what, referrer: 'no-referrer' });
  }

  function expectPageHeaders(res: Response, what: string): void {
    expectBaseHeaders(res, what);
    expect({ what, type: res.headers.get('content-type') }).toEqual({ what, type: 'text/html; charset=utf-8' });
    expect({ what, frame: res.headers.get('x-frame-options') }).toEqual({ what, frame: 'DENY' });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect({ what, csp }).toEqual({ what, csp: expect.stringContaining("frame-ancestors 'none'") });
  }

  it('sends them on the login page, its error pages, and an error escaping our code', async () => {
    const browser = new Browser('203.0.113.100');
    const { action, res: login } = await openLoginForm(browser, idp.issuer);
    expect(login.status).toBe(200);
    expectPageHeaders(login, 'login page');
    expect(login.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; /);

    const expired = await new Browser('203.0.113.101').request(`${idp.issuer}/interaction/unknown-uid`, {
      headers: html,
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('로그인 요청이 만료되었습니다.');
    expectPageHeaders(expired, 'expired interaction');

    // A form over 8 KiB: a 413 with the Korean error page, not Koa's bare English 500 that drops every header.
    const tooLarge = await browser.postForm(action, { username: 'admin', password: 'x'.repeat(9000) }, html);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('입력한 내용이 너무 깁니다.');
    expectPageHeaders(tooLarge, 'form too large');
    expect(tooLarge.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it("sends them on the library's error page, with a CSP and frame protection", async () => {
    const res = await new Browser('203.0.113.102').request(
      authorizationUrl(idp.issuer, {
        client_id: 'nobody',
        code_challenge: 'q'.repeat(43),
        code_challenge_method: 'S256',
      }),
      { headers: html },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('오류가 발생했습니다');
    expectPageHeaders(res, 'error page');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('sends them on the logout pages', async () => {
    const browser = new Browser('203.0.113.103');
    await signIn(browser, idp.issuer, 'admin', PASSWORD);
    const page = await browser.request(`${idp.issuer}/session/end`, { headers: html });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('로그아웃하는 중입니다');
    expectPageHeaders(page, 'logout page');

    const done = await browser.request(`${idp.issuer}/session/end/success`, { headers: html });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('로그아웃되었습니다.');
    expectPageHeaders(done, 'logged-out page');
    expect(done.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'",
    );

    // Without a session the library answers with its own self-submitting form: nosniff and Referrer-Policy still.
    const anonymous = await new Browser('203.0.113.105').request(`${idp.issuer}/session/end`, { headers: html });
    expect(anonymous.status).toBe(200);
    expectBaseHeaders(anonymous, 'logout without a session');
  });

  it("sends nosniff and Referrer-Policy on the library's own answers too", async () => {
    const browser = new Browser('203.0.113.104');
    const answers: [string, Response][] = [
      ['discovery', await browser.request(`${idp.issuer}/.well-known/openid-configuration`)],
      ['jwks', await browser.request(`${idp.issuer}/jwks`)],
      [
        'token error',
        await browser.postForm(`${idp.issuer}/token`, { grant_type: 'refresh_token', refresh_token: 'x' }),
      ],
      [
        'authorization redirect',
        await browser.request(
          authorizationUrl(idp.issuer, { code_challenge: 'r'.repeat(43), code_challenge_method: 'S256' }),
        ),
      ],
      ['unknown path', await browser.request(`${idp.issuer}/nothing-here`)],
    ];
    expect(answers.map(([what, res]) => [what, res.status])).toEqual([
      ['discovery', 200],
      ['jwks', 200],
      ['token error', 400],
      ['authorization redirect', 303],
      ['unknown path', 404],
    ]);
    for (const [what, res] of answers) expectBaseHeaders(res, what);
  });
});
