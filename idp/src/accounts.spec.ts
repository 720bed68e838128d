import { createPrivateKey, randomBytes, scryptSync, sign } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import {
  APP_ORIGIN,
  Browser,
  CLIENT_ID,
  authorizationUrl,
  beginSignIn,
  buildIdp,
  callbackParams,
  decodeJwt,
  finishSignIn,
  removeTempDataDirs,
  signIn,
  startIdp,
  submitForm,
  tempDataDir,
  type RunningIdp,
  type TokenResponse,
} from './test-support/idp-process';
import { totpAt } from './test-support/totp';

/**
 * docs/decisions/0080-people-invites-totp.md ("People"), against the built provider over HTTP: accounts, the
 * administration API, invitation links, the second factor at sign-in, and disabling.
 */

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery staple';
const USED = '이미 사용한 초대 링크입니다';
const EXPIRED = '초대 링크가 만료되었습니다. 관리자에게 새 링크를 요청하세요.';
/** An authenticator secret for the bootstrap owner (ADMIN_TOTP_SECRET), 160 bits of base32. */
const ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeAll(() => buildIdp(), 120_000);
afterAll(() => removeTempDataDirs());

let nextAddress = 1;
/** A browser with an address of its own (the provider trusts this process as its proxy), so limits stay apart. */
const newBrowser = () => new Browser(`198.18.0.${nextAddress++}`);

interface AccountView {
  id: string;
  username: string;
  name: string;
  email: string;
  role: string;
  status: string;
  totp: boolean;
  createdAt: string;
  invitationExpiresAt: string | null;
}

/** Calls the administration API with `token` as the bearer. */
async function api(
  idp: RunningIdp,
  token: string | undefined,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> & { message?: string }; headers: Headers }> {
  const res = await fetch(`${idp.url}${pathname}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** The TOTP code of `secret` at the provider's time (`offsetMs` ahead of the real clock under a fake clock). */
function totp(secret: string, offsetMs = 0): string {
  return totpAt(secret, (Date.now() + offsetMs) / 1000);
}

/** The secret the enrolment page shows as text (spaces removed). */
function shownSecret(html: string): string {
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(html)?.[1];
  if (!secret) throw new Error(`no secret on the page:\n${html}`);
  return secret.replace(/ /g, '');
}

function recoveryCodes(html: string): string[] {
  return [...html.matchAll(/<li>([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})<\/li>/g)].map((m) => m[1]!);
}

/** The continue link of the recovery-codes page. */
function continueLink(html: string): string {
  const href = /<a class="button" href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no continue link:\n${html}`);
  return href.replace(/&amp;/g, '&');
}

/**
 * Opens an invitation link and sets `password`; then enrols an authenticator with `code(secret)` or skips it
 * (`code` undefined). Returns the last page and the secret shown.
 */
async function acceptInvitation(
  browser: Browser,
  idp: RunningIdp,
  url: string,
  password: string,
  code?: (secret: string) => string,
): Promise<{ status: number; html: string; secret: string }> {
  const opened = await browser.request(url);
  expect(opened.status).toBe(200);
  const form = await opened.text();
  const enrol = await submitForm(browser, idp.issuer, form, { password, confirm: password });
  const enrolHtml = await enrol.text();
  expect(enrol.status).toBe(200);
  const secret = shownSecret(enrolHtml);
  const done = await submitForm(
    browser,
    idp.issuer,
    enrolHtml,
    code ? { code: code(secret) } : { code: '', skip: '1' },
  );
  return { status: done.status, html: await done.text(), secret };
}

function refresh(browser: Browser, idp: RunningIdp, refreshToken: string): Promise<Response> {
  return browser.postForm(
    `${idp.url}/token`,
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID },
    { Origin: APP_ORIGIN },
  );
}

/** An RS256 JWT signed with the provider's own key (DATA_DIR/idp/keys.json), with the claims given. */
function tokenSignedWithProviderKey(dataDir: string, claims: Record<string, unknown>): string {
  const keys = JSON.parse(readFileSync(path.join(dataDir, 'idp', 'keys.json'), 'utf8')) as {
    signing: { kid: string } & Record<string, unknown>;
  };
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${b64({ alg: 'RS256', typ: 'at+jwt', kid: keys.signing.kid })}.${b64(claims)}`;
  const key = createPrivateKey({ key: keys.signing as never, format: 'jwk' });
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

describe('idp accounts: invitations, roles and disabling (IDP_OWNER_TOTP=optional)', () => {
  let idp: RunningIdp;
  let dataDir: string;
  let ownerToken: string;
  /** How far the provider's clock has been moved (ms). */
  let offset = 0;
  const advance = async (ms: number) => {
    await idp.advanceClock(ms);
    offset += ms;
  };
  const ownerSignsIn = async () =>
    (ownerToken = (await signIn(newBrowser(), idp.issuer, 'admin', PASSWORD)).tokens.access_token);

  beforeAll(async () => {
    dataDir = tempDataDir();
    idp = await startIdp(
      { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, IDP_TRUSTED_PROXIES: '127.0.0.1,::1', IDP_OWNER_TOTP: 'optional' },
      undefined,
      { fakeClock: true },
    );
    await ownerSignsIn();
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  it('lists the bootstrap administrator as an active owner, without hashes or secrets', async () => {
    const { status, body, headers } = await api(idp, ownerToken, 'GET', '/accounts');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const accounts = body.accounts as AccountView[];
    expect(accounts).toEqual([
      {
        id: decodeJwt(ownerToken).payload.sub,
        username: 'admin',
        name: '관리자',
        email: 'admin@localhost',
        role: 'owner',
        status: 'active',
        totp: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        invitationExpiresAt: null,
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|secret|recovery|salt/i);
  });

  it('invites an editor, who sets a password through the link (once) and signs in with role editor', async () => {
    const before = Date.now() + offset;
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'kim.editor',
      name: '김하늘',
      email: 'sky@example.com',
      role: 'editor',
    });
    expect(created.status).toBe(201);
    const account = created.body.account as AccountView;
    const invitation = created.body.invitation as { url: string; expiresAt: string };
    expect(account).toMatchObject({
      username: 'kim.editor',
      name: '김하늘',
      role: 'editor',
      status: 'invited',
      totp: false,
    });
    expect(invitation.url).toMatch(new RegExp(`^${idp.issuer}/invite/[A-Za-z0-9_-]{43}$`));
    // 24 h by default.
    const ttl = new Date(invitation.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600 * 1000 + 1000);
    expect(account.invitationExpiresAt).toBe(invitation.expiresAt);
    // Only a hash of the token is kept.
    const token = invitation.url.split('/').pop()!;
    expect(readFileSync(path.join(dataDir, 'idp', 'store.json'), 'utf8')).not.toContain(token);

    // Not yet signed up: no password works.
    const early = await beginSignIn(newBrowser(), idp.issuer, 'kim.editor', 'anything at all');
    expect(early.res.status).toBe(401);

    const browser = newBrowser();
    const opened = await browser.request(invitation.url);
    const page = await opened.text();
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('x-frame-options')).toBe('DENY');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page).toContain('김하늘 님, 아이디 kim.editor의 비밀번호를 정해주세요.');
    expect(page).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(opened.headers.get('set-cookie')).toMatch(
      /^idp_invite=[\w-]+; Path=\/invite\/[\w-]+; Max-Age=3600; HttpOnly; SameSite=Strict$/,
    );

    // Too short, then two different passwords: the form again, 400, in Korean.
    const short = await submitForm(browser, idp.issuer, page, { password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('비밀번호는 10자 이상이어야 합니다.');
    const mismatch = await submitForm(browser, idp.issuer, page, {
      password: 'editor-pass-1',
      confirm: 'editor-pass-2',
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('두 비밀번호가 서로 다릅니다.');

    // Another browser (no flow cookie) cannot post to the link.
    const forged = await submitForm(newBrowser(), idp.issuer, page, {
      password: 'attacker-pass-1',
      confirm: 'attacker-pass-1',
    });
    expect(forged.status).toBe(400);

    const enrol = await submitForm(browser, idp.issuer, page, { password: 'editor-pass-1', confirm: 'editor-pass-1' });
    const enrolHtml = await enrol.text();
    expect(enrol.status).toBe(200);
    // The editor may enrol an authenticator, or skip it.
    expect(enrolHtml).toContain('<svg role="img" aria-label="QR 코드"');
    expect(enrolHtml).toContain('>건너뛰기</button>');
    const done = await submitForm(browser, idp.issuer, enrolHtml, { code: '', skip: '1' });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain('계정이 준비되었습니다');
    expect(doneHtml).toContain(`href="${APP_ORIGIN}/login"`);

    // The link works once.
    const again = await newBrowser().request(invitation.url);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(USED);

    const { tokens } = await signIn(newBrowser(), idp.issuer, 'kim.editor', 'editor-pass-1');
    const claims = decodeJwt(tokens.access_token).payload;
    expect(claims).toMatchObject({
      sub: account.id,
      preferred_username: 'kim.editor',
      name: '김하늘',
      email: 'sky@example.com',
      aud: 'linksite-api',
      realm_access: { roles: ['editor'] },
    });
    const listed = (await api(idp, ownerToken, 'GET', '/accounts')).body.accounts as AccountView[];
    expect(listed.find((a) => a.id === account.id)).toMatchObject({
      status: 'active',
      totp: false,
      invitationExpiresAt: null,
    });
  });

  it('validates the invitation: 400 for bad fields and JSON, 409 for a taken username, in Korean', async () => {
    const post = (body: unknown) => api(idp, ownerToken, 'POST', '/accounts/invitations', body);
    const cases: [unknown, string][] = [
      [{ username: 'ab', name: '이름', role: 'staff' }, '아이디는 영문 소문자'],
      [{ username: 'Has Space', name: '이름', role: 'staff' }, '아이디는 영문 소문자'],
      [{ username: 'x'.repeat(33), name: '이름', role: 'staff' }, '아이디는 영문 소문자'],
      [{ username: 'valid.name', name: '', role: 'staff' }, '이름은 1~40자'],
      [{ username: 'valid.name', name: '가'.repeat(41), role: 'staff' }, '이름은 1~40자'],
      [{ username: 'valid.name', name: '이름', role: 'admin' }, '역할은 owner, editor, staff'],
      [{ username: 'valid.name', name: '이름' }, '역할은 owner, editor, staff'],
      [{ username: 'valid.name', name: '이름', role: 'staff', email: 'not an email' }, '이메일'],
      ['{not json', '올바른 JSON'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toContain(message);
    }
    const taken = await post({ username: 'admin', name: '다른 사람', role: 'staff' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('이미 사용 중인 아이디입니다.');
    // 40 Hangul syllables and no e-mail are fine.
    const ok = await post({ username: 'long.name', name: '가'.repeat(40), role: 'staff' });
    expect(ok.status).toBe(201);
    expect((ok.body.account as AccountView).email).toBe('');
  });

  it('refuses an expired link with the Korean page, after INVITATION_TTL (24 h)', async () => {
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'late.staff',
      name: '늦은 스태프',
      role: 'staff',
    });
    const { url } = created.body.invitation as { url: string };
    expect((await newBrowser().request(url)).status).toBe(200);
    await advance(24 * 3600 * 1000 + 1000);
    const res = await newBrowser().request(url);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain(EXPIRED);
    // The owner's access token expired with the clock; a new link (a reset) works again.
    await ownerSignsIn();
    const id = (created.body.account as AccountView).id;
    const renewed = await api(idp, ownerToken, 'POST', `/accounts/${id}/invitations`);
    expect(renewed.status).toBe(201);
    const result = await acceptInvitation(
      newBrowser(),
      idp,
      (renewed.body.invitation as { url: string }).url,
      'late-staff-pass',
    );
    expect(result.status).toBe(200);
  });

  it('resets a password with a new link: the older link stops working, the old password and sessions too', async () => {
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'reset.me',
      name: '재설정',
      role: 'staff',
    });
    const id = (created.body.account as AccountView).id;
    await acceptInvitation(newBrowser(), idp, (created.body.invitation as { url: string }).url, 'first-password');
    const browser = newBrowser();
    const { tokens } = await signIn(browser, idp.issuer, 'reset.me', 'first-password');

    const first = await api(idp, ownerToken, 'POST', `/accounts/${id}/invitations`);
    const second = await api(idp, ownerToken, 'POST', `/accounts/${id}/invitations`);
    expect(second.status).toBe(201);
    expect((second.body.account as AccountView).status).toBe('active');
    const older = await newBrowser().request((first.body.invitation as { url: string }).url);
    expect(older.status).toBe(410);
    expect(await older.text()).toContain('더 새로운 초대 링크가 발급되어');

    // Until the new link is used, the old password still works.
    await expect(signIn(newBrowser(), idp.issuer, 'reset.me', 'first-password')).resolves.toBeDefined();
    await acceptInvitation(newBrowser(), idp, (second.body.invitation as { url: string }).url, 'second-password');
    expect((await beginSignIn(newBrowser(), idp.issuer, 'reset.me', 'first-password')).res.status).toBe(401);
    await expect(signIn(newBrowser(), idp.issuer, 'reset.me', 'second-password')).resolves.toBeDefined();
    // The new password ended the sessions made with the old one.
    expect((await refresh(browser, idp, tokens.refresh_token)).status).toBe(400);

    expect(
      (await api(idp, ownerToken, 'POST', '/accounts/00000000-0000-4000-8000-000000000000/invitations')).status,
    ).toBe(404);
  });

  it('disabling revokes the refresh tokens at once, refuses sign-in, and enabling again restores it', async () => {
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'door.staff',
      name: '문 앞 스태프',
      role: 'staff',
    });
    const id = (created.body.account as AccountView).id;
    await acceptInvitation(newBrowser(), idp, (created.body.invitation as { url: string }).url, 'door-staff-pass');
    const browser = newBrowser();
    const { tokens } = await signIn(browser, idp.issuer, 'door.staff', 'door-staff-pass');
    const storeText = () => readFileSync(path.join(dataDir, 'idp', 'store.json'), 'utf8');
    expect(storeText()).toContain(`"accountId":"${id}"`);
    expect(decodeJwt(tokens.access_token).payload.realm_access).toEqual({ roles: ['staff'] });
    const rotated = (await (await refresh(browser, idp, tokens.refresh_token)).json()) as TokenResponse;
    expect(rotated.refresh_token).toBeTruthy();

    const disabled = await api(idp, ownerToken, 'PATCH', `/accounts/${id}`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.account).toMatchObject({ id, status: 'disabled', role: 'staff' });

    // Its sessions, grants and refresh tokens are gone from the store, not merely refused.
    const rows = (
      JSON.parse(readFileSync(path.join(dataDir, 'idp', 'store.json'), 'utf8')) as {
        rows: { model: string; payload: { accountId?: string } }[];
      }
    ).rows.filter((r) => r.payload.accountId === id);
    expect(rows.map((r) => r.model)).toEqual([]);
    const refused = await refresh(browser, idp, rotated.refresh_token);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    // Userinfo refuses the access token still within its lifetime.
    expect(
      (await fetch(`${idp.url}/me`, { headers: { Authorization: `Bearer ${rotated.access_token}` } })).status,
    ).toBe(401);
    const signInAgain = await beginSignIn(newBrowser(), idp.issuer, 'door.staff', 'door-staff-pass');
    expect(signInAgain.res.status).toBe(403);
    expect(await signInAgain.res.text()).toContain('사용이 중지된 계정입니다.');
    // A disabled account gets no new link.
    const link = await api(idp, ownerToken, 'POST', `/accounts/${id}/invitations`);
    expect(link.status).toBe(409);

    const enabled = await api(idp, ownerToken, 'PATCH', `/accounts/${id}`, { disabled: false, role: 'editor' });
    expect(enabled.body.account).toMatchObject({ status: 'active', role: 'editor' });
    const back = await signIn(newBrowser(), idp.issuer, 'door.staff', 'door-staff-pass');
    expect(decodeJwt(back.tokens.access_token).payload.realm_access).toEqual({ roles: ['editor'] });

    const bad = await api(idp, ownerToken, 'PATCH', `/accounts/${id}`, { disabled: 'yes' });
    expect(bad.status).toBe(400);
    expect((await api(idp, ownerToken, 'PATCH', `/accounts/${id}`, {})).status).toBe(400);
    expect((await api(idp, ownerToken, 'PATCH', `/accounts/${id}`, { role: 'boss' })).status).toBe(400);
  });

  it('keeps the last active owner: no demotion, no disabling (409), until another owner exists', async () => {
    const ownerId = String(decodeJwt(ownerToken).payload.sub);
    const demote = await api(idp, ownerToken, 'PATCH', `/accounts/${ownerId}`, { role: 'editor' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      '마지막 소유자는 역할을 바꾸거나 사용 중지할 수 없습니다. 다른 사람을 먼저 소유자로 지정하세요.',
    );
    expect((await api(idp, ownerToken, 'PATCH', `/accounts/${ownerId}`, { disabled: true })).status).toBe(409);

    // An invited owner who has not accepted yet is not an active owner.
    const invited = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'second.owner',
      name: '두 번째 소유자',
      role: 'owner',
    });
    expect((await api(idp, ownerToken, 'PATCH', `/accounts/${ownerId}`, { role: 'editor' })).status).toBe(409);
    // (IDP_OWNER_TOTP=optional here, so the new owner may skip the authenticator.)
    await acceptInvitation(newBrowser(), idp, (invited.body.invitation as { url: string }).url, 'second-owner-pass');
    const secondToken = (await signIn(newBrowser(), idp.issuer, 'second.owner', 'second-owner-pass')).tokens
      .access_token;
    const demoted = await api(idp, secondToken, 'PATCH', `/accounts/${ownerId}`, { role: 'editor' });
    expect(demoted.status).toBe(200);
    // The demoted account's token no longer opens the API, even though it still says owner.
    const refused = await api(idp, ownerToken, 'GET', '/accounts');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('계정을 관리할 권한이 없습니다. 소유자만 할 수 있습니다.');
    // The second owner is now the last one.
    const secondId = String(decodeJwt(secondToken).payload.sub);
    expect((await api(idp, secondToken, 'PATCH', `/accounts/${secondId}`, { disabled: true })).status).toBe(409);
    expect((await api(idp, secondToken, 'PATCH', `/accounts/${ownerId}`, { role: 'owner' })).status).toBe(200);
    await ownerSignsIn();
  });

  it('refuses callers that are not owners, tokens of another issuer or audience, and no token (401/403, Korean)', async () => {
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'just.editor',
      name: '편집자',
      role: 'editor',
    });
    await acceptInvitation(newBrowser(), idp, (created.body.invitation as { url: string }).url, 'just-editor-pass');
    const editorToken = (await signIn(newBrowser(), idp.issuer, 'just.editor', 'just-editor-pass')).tokens.access_token;
    const ownerSub = decodeJwt(ownerToken).payload.sub;
    const now = Math.floor((Date.now() + offset) / 1000);
    const claims = { iss: idp.issuer, aud: 'linksite-api', azp: CLIENT_ID, sub: ownerSub, iat: now, exp: now + 60 };

    const cases: [string | undefined, number][] = [
      [undefined, 401],
      ['not-a-token', 401],
      [editorToken, 403],
      // Same key, another issuer: signature fine, issuer wrong.
      [
        tokenSignedWithProviderKey(dataDir, {
          ...claims,
          iss: 'http://evil.example',
          realm_access: { roles: ['owner'] },
        }),
        401,
      ],
      [tokenSignedWithProviderKey(dataDir, { ...claims, aud: 'other-api', realm_access: { roles: ['owner'] } }), 401],
      [tokenSignedWithProviderKey(dataDir, { ...claims, exp: now - 1, realm_access: { roles: ['owner'] } }), 401],
      [tokenSignedWithProviderKey(dataDir, { ...claims, realm_access: { roles: ['staff'] } }), 403],
      // A token from before roles (ADMIN_ROLE admin) still opens it for the owner's account.
      [tokenSignedWithProviderKey(dataDir, { ...claims, realm_access: { roles: ['admin'] } }), 200],
    ];
    for (const [token, status] of cases) {
      for (const [method, pathname, body] of [
        ['GET', '/accounts', undefined],
        ['POST', '/accounts/invitations', { username: 'nobody.new', name: '누구', role: 'owner' }],
        ['PATCH', `/accounts/${String(ownerSub)}`, { role: 'owner' }],
      ] as const) {
        const res = await api(idp, token, method, pathname, body);
        const expected = status === 200 && method === 'POST' ? 201 : status;
        expect({ token: token?.slice(0, 12), method, status: res.status }).toEqual({
          token: token?.slice(0, 12),
          method,
          status: expected,
        });
        if (status === 401) {
          expect(res.body.message).toBe('로그인이 필요합니다. 다시 로그인해주세요.');
          expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
        }
        if (status === 403) expect(res.body.message).toContain('소유자만');
      }
    }

    // A token of another provider (another key) is refused too.
    const other = await startIdp({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: PASSWORD });
    try {
      const foreign = (await signIn(newBrowser(), other.issuer, 'admin', PASSWORD)).tokens.access_token;
      expect(decodeJwt(foreign).payload.realm_access).toEqual({ roles: ['owner'] });
      expect((await api(idp, foreign, 'GET', '/accounts')).status).toBe(401);
    } finally {
      await other.stop();
    }

    expect((await api(idp, ownerToken, 'DELETE', '/accounts')).status).toBe(405);
    expect((await api(idp, ownerToken, 'GET', '/accounts/x/y/z')).status).toBe(404);
  });
});

describe('idp second factor (IDP_OWNER_TOTP required, the default)', () => {
  let idp: RunningIdp;
  let offset = 0;
  const advance = async (ms: number) => {
    await idp.advanceClock(ms);
    offset += ms;
  };

  beforeAll(async () => {
    idp = await startIdp(
      {
        DATA_DIR: tempDataDir(),
        ADMIN_PASSWORD: PASSWORD,
        IDP_TRUSTED_PROXIES: '127.0.0.1,::1',
        IDP_OWNER_TOTP: undefined,
      },
      undefined,
      { fakeClock: true },
    );
  });
  afterAll(async () => {
    expect(await idp.stop()).toBe(0);
  });

  let recovery: string[] = [];
  let secret = '';
  /** The code that confirmed the enrolment. */
  let enrolCode = '';

  it('makes the owner without an authenticator enrol one before the sign-in completes, and shows 10 recovery codes once', async () => {
    const browser = newBrowser();
    const { verifier, res } = await beginSignIn(browser, idp.issuer, 'admin', PASSWORD);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('2단계 인증 등록');
    expect(html).toContain('소유자 계정은 2단계 인증을 등록해야 로그인할 수 있습니다.');
    expect(html).not.toContain('건너뛰기');
    expect(html).toMatch(/<svg role="img" aria-label="QR 코드"[^>]*>.*<path/s);
    secret = shownSecret(html);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Skipping is not offered, and a skip sent anyway changes nothing.
    const skipped = await submitForm(browser, idp.issuer, html, { code: '', skip: '1' });
    expect(skipped.status).toBe(400);
    const wrong = await submitForm(browser, idp.issuer, html, {
      code: '000000' === totp(secret, offset) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('인증 코드가 올바르지 않습니다.');

    enrolCode = totp(secret, offset);
    const enrolled = await submitForm(browser, idp.issuer, html, { code: enrolCode });
    expect(enrolled.status).toBe(200);
    const codesPage = await enrolled.text();
    recovery = recoveryCodes(codesPage);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(codesPage).toContain('이 화면은 다시 볼 수 없습니다');
    const next = await browser.request(new URL(continueLink(codesPage), idp.issuer).toString());
    const { tokens } = await finishSignIn(browser, idp.issuer, next, verifier);
    expect(decodeJwt(tokens.access_token).payload.realm_access).toEqual({ roles: ['owner'] });
    const me = (await api(idp, tokens.access_token, 'GET', '/accounts')).body.accounts as AccountView[];
    expect(me[0]).toMatchObject({ username: 'admin', totp: true });
  });

  it('asks for the code after the password, and does not accept the same code twice', async () => {
    const browser = newBrowser();
    const started = await beginSignIn(browser, idp.issuer, 'admin', PASSWORD);
    expect(started.res.status).toBe(200);
    const page = await started.res.text();
    expect(page).toContain('인증 앱에 표시된 6자리 코드를 입력하세요.');
    // Another browser (without this sign-in's interaction cookie) cannot answer it.
    expect((await submitForm(newBrowser(), idp.issuer, page, { code: totp(secret, offset) })).status).toBe(400);
    // The code that confirmed the enrolment was used: within its window it is refused.
    const same = await submitForm(browser, idp.issuer, page, { code: enrolCode });
    expect(same.status).toBe(401);
    expect(await same.text()).toContain('인증 코드가 올바르지 않습니다.');

    // The next time step's code is good, once.
    await advance(30_000);
    const fresh = totp(secret, offset);
    const accepted = await submitForm(browser, idp.issuer, page, { code: fresh });
    expect(accepted.status).toBe(303);
    await finishSignIn(browser, idp.issuer, accepted, started.verifier);

    const other = newBrowser();
    const again = await beginSignIn(other, idp.issuer, 'admin', PASSWORD);
    const twice = await submitForm(other, idp.issuer, await again.res.text(), { code: fresh });
    expect(twice.status).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const code = recovery[0]!;
    const browser = newBrowser();
    const started = await beginSignIn(browser, idp.issuer, 'admin', PASSWORD);
    // Typed in capitals with spaces: still the code.
    const accepted = await submitForm(browser, idp.issuer, await started.res.text(), {
      code: code.toUpperCase().replace(/-/g, ' '),
    });
    expect(accepted.status).toBe(303);
    const { tokens } = await finishSignIn(browser, idp.issuer, accepted, started.verifier);
    expect(decodeJwt(tokens.access_token).payload.preferred_username).toBe('admin');

    const other = newBrowser();
    const again = await beginSignIn(other, idp.issuer, 'admin', PASSWORD);
    const reused = await submitForm(other, idp.issuer, await again.res.text(), { code });
    expect(reused.status).toBe(401);
  });

  it('counts wrong codes in the login limits: 429 with Retry-After, even for the right code', async () => {
    const browser = newBrowser();
    const started = await beginSignIn(browser, idp.issuer, 'admin', PASSWORD);
    const page = await started.res.text();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await submitForm(browser, idp.issuer, page, { code: String(100000 + i) });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.text()).toMatch(/로그인 시도가 너무 많습니다\. \d+분 후 다시 시도해주세요\./);
      }
    }
    // The password attempt counts until the second factor succeeds: 1 + 4 wrong codes reach this address's 5.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    await advance(30_000);
    const right = await submitForm(browser, idp.issuer, page, { code: totp(secret, offset) });
    expect(right.status).toBe(429);
  });

  it('invites an owner who must enrol on the invitation page; an editor may skip', async () => {
    // The bootstrap owner signs in with a recovery code (its limits are per address; this is a new one).
    const ownerBrowser = newBrowser();
    const ownerToken = (await signIn(ownerBrowser, idp.issuer, 'admin', PASSWORD, { code: () => recovery[1]! })).tokens
      .access_token;
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'co.owner',
      name: '공동 소유자',
      role: 'owner',
    });
    const browser = newBrowser();
    const url = (created.body.invitation as { url: string }).url;
    const opened = await browser.request(url);
    const enrol = await submitForm(browser, idp.issuer, await opened.text(), {
      password: 'co-owner-password',
      confirm: 'co-owner-password',
    });
    const enrolHtml = await enrol.text();
    expect(enrolHtml).not.toContain('건너뛰기');
    const coSecret = shownSecret(enrolHtml);
    expect((await submitForm(browser, idp.issuer, enrolHtml, { code: '', skip: '1' })).status).toBe(400);
    const done = await submitForm(browser, idp.issuer, enrolHtml, { code: totp(coSecret, offset) });
    expect(done.status).toBe(200);
    const codes = recoveryCodes(await done.text());
    expect(codes).toHaveLength(10);

    // Its first sign-in asks for the code (the enrolment's own step is spent: the next one).
    await advance(30_000);
    const signedIn = await signIn(newBrowser(), idp.issuer, 'co.owner', 'co-owner-password', {
      code: () => totp(coSecret, offset),
    });
    expect(decodeJwt(signedIn.tokens.access_token).payload.realm_access).toEqual({ roles: ['owner'] });

    const editor = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'plain.editor',
      name: '편집자',
      role: 'editor',
    });
    const skipped = await acceptInvitation(
      newBrowser(),
      idp,
      (editor.body.invitation as { url: string }).url,
      'plain-editor-pass',
    );
    expect(skipped.status).toBe(200);
    // An editor without an authenticator signs in with the password alone.
    await expect(signIn(newBrowser(), idp.issuer, 'plain.editor', 'plain-editor-pass')).resolves.toBeDefined();
  });

  it("ends an editor's password-only session and refresh token once the editor becomes an owner", async () => {
    const ownerToken = (await signIn(newBrowser(), idp.issuer, 'admin', PASSWORD, { code: () => recovery[2]! })).tokens
      .access_token;
    const created = await api(idp, ownerToken, 'POST', '/accounts/invitations', {
      username: 'soon.owner',
      name: '곧 소유자',
      role: 'editor',
    });
    await acceptInvitation(newBrowser(), idp, (created.body.invitation as { url: string }).url, 'soon-owner-pass');
    const browser = newBrowser();
    const { tokens } = await signIn(browser, idp.issuer, 'soon.owner', 'soon-owner-pass');
    const silent = () =>
      browser.request(
        authorizationUrl(idp.issuer, { prompt: 'none', code_challenge: 's'.repeat(43), code_challenge_method: 'S256' }),
      );
    const params = async (res: Response) => callbackParams(new URL(res.headers.get('location')!, idp.issuer));
    // Signed in as an editor: check-sso gives a code.
    expect((await params(await silent())).get('code')).toBeTruthy();

    const id = String(decodeJwt(tokens.access_token).payload.sub);
    expect((await api(idp, ownerToken, 'PATCH', `/accounts/${id}`, { role: 'owner' })).status).toBe(200);
    // Now an owner without a second factor: the session no longer signs in silently, the refresh token is refused.
    expect((await params(await silent())).get('error')).toBe('login_required');
    const refreshed = await refresh(browser, idp, tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    // Signing in again leads through the enrolment.
    const again = await beginSignIn(newBrowser(), idp.issuer, 'soon.owner', 'soon-owner-pass');
    expect(await again.res.text()).toContain('소유자 계정은 2단계 인증을 등록해야 로그인할 수 있습니다.');
  });
});

describe('idp bootstrap owner: upgrade of an old admin.json, ADMIN_ROLE=admin, ADMIN_TOTP_SECRET', () => {
  it('keeps the subject and the generated password of an old admin.json, and the token says owner', async () => {
    const dataDir = tempDataDir();
    const id = '5f0c8a52-3c1e-4f7b-9a3e-2b8c1d0e4f61';
    const oldPassword = 'OldGeneratedPassword20';
    const salt = randomBytes(16);
    const hash = scryptSync(oldPassword.normalize('NFC'), salt, 64, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    mkdirSync(path.join(dataDir, 'idp'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'idp', 'admin.json'),
      JSON.stringify({
        id,
        passwordHash: {
          algorithm: 'scrypt',
          N: 32768,
          r: 8,
          p: 1,
          salt: salt.toString('base64'),
          hash: hash.toString('base64'),
        },
      }),
    );
    const idp = await startIdp({ DATA_DIR: dataDir, ADMIN_ROLE: 'admin' });
    try {
      expect(idp.stdout()).not.toContain('비밀번호:');
      expect(idp.stdout()).toContain('ADMIN_ROLE=admin');
      const { tokens } = await signIn(newBrowser(), idp.issuer, 'admin', oldPassword);
      expect(decodeJwt(tokens.access_token).payload).toMatchObject({ sub: id, realm_access: { roles: ['owner'] } });
      const upgraded = JSON.parse(readFileSync(path.join(dataDir, 'idp', 'admin.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(upgraded).toEqual({ id, version: 2 });
    } finally {
      expect(await idp.stop()).toBe(0);
    }
    // After the upgrade, the password still works (now from the store).
    const again = await startIdp({ DATA_DIR: dataDir });
    try {
      const { tokens } = await signIn(newBrowser(), again.issuer, 'admin', oldPassword);
      expect(decodeJwt(tokens.access_token).payload.sub).toBe(id);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('gives the bootstrap owner the authenticator of ADMIN_TOTP_SECRET, so a script can sign in', async () => {
    const idp = await startIdp({
      DATA_DIR: tempDataDir(),
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_TOTP_SECRET: ADMIN_SECRET,
      IDP_OWNER_TOTP: undefined,
    });
    try {
      const { tokens } = await signIn(newBrowser(), idp.issuer, 'admin', PASSWORD, { code: () => totp(ADMIN_SECRET) });
      expect(decodeJwt(tokens.access_token).payload.realm_access).toEqual({ roles: ['owner'] });
    } finally {
      expect(await idp.stop()).toBe(0);
    }
  });

  it('fails fast on a bad ADMIN_TOTP_SECRET, IDP_OWNER_TOTP or ADMIN_ROLE', async () => {
    await expect(startIdp({ DATA_DIR: tempDataDir(), ADMIN_TOTP_SECRET: 'short' })).rejects.toThrow(
      /ADMIN_TOTP_SECRET/,
    );
    await expect(startIdp({ DATA_DIR: tempDataDir(), IDP_OWNER_TOTP: 'sometimes' })).rejects.toThrow(/IDP_OWNER_TOTP/);
    await expect(startIdp({ DATA_DIR: tempDataDir(), ADMIN_ROLE: 'staff' })).rejects.toThrow(/ADMIN_ROLE/);
  });
});

describe('idp accounts in PostgreSQL (IDP_DATABASE_URL)', () => {
  it('two replicas share the accounts; disabling on one revokes the refresh token on the other', async () => {
    const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = `idp_accounts_${Date.now()}_${process.pid}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const dataDir = tempDataDir();
    const env = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      IDP_DATABASE_URL: url.toString(),
      IDP_TRUSTED_PROXIES: '127.0.0.1,::1',
    };
    const a = await startIdp(env);
    const b = await startIdp({ ...env, IDP_ISSUER: a.issuer });
    try {
      const ownerToken = (await signIn(newBrowser(), a.issuer, 'admin', PASSWORD)).tokens.access_token;
      const created = await api(a, ownerToken, 'POST', '/accounts/invitations', {
        username: 'pg.staff',
        name: '스태프',
        role: 'staff',
      });
      // The same username at once on both replicas: one wins.
      const [x, y] = await Promise.all([
        api(a, ownerToken, 'POST', '/accounts/invitations', { username: 'race.name', name: '경주', role: 'staff' }),
        api(b, ownerToken, 'POST', '/accounts/invitations', { username: 'race.name', name: '경주', role: 'staff' }),
      ]);
      expect([x.status, y.status].sort()).toEqual([201, 409]);

      // The link made on A is accepted on B (same issuer, other process).
      const link = (created.body.invitation as { url: string }).url.replace(a.issuer, b.url);
      await acceptInvitation(newBrowser(), b, link, 'pg-staff-password');
      const browser = newBrowser();
      const { tokens } = await signIn(browser, a.issuer, 'pg.staff', 'pg-staff-password');
      const id = String(decodeJwt(tokens.access_token).payload.sub);
      expect((await api(b, ownerToken, 'PATCH', `/accounts/${id}`, { disabled: true })).status).toBe(200);
      expect((await refresh(browser, a, tokens.refresh_token)).status).toBe(400);
      const listed = (await api(a, ownerToken, 'GET', '/accounts')).body.accounts as AccountView[];
      expect(listed.map((l) => [l.username, l.status])).toEqual(
        expect.arrayContaining([
          ['admin', 'active'],
          ['pg.staff', 'disabled'],
          ['race.name', 'invited'],
        ]),
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
