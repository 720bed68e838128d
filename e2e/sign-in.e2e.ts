/**
 * Administrator sign-in through the real login form of the embedded OpenID Connect provider
 * (docs/decisions/0011-administrator-sign-in.md): sign in and land on /admin, stay signed in across a reload, keep
 * working across a token refresh, log out, and be bounced from a protected route when signed out; signing in after the
 * bounce lands on the route that asked for it, and a planted foreign return target is refused
 * (docs/decisions/0055-form-flow.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { secondsUntil } from './support/poll';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(120_000);

const PASSWORD = 'e2e-관리자-비밀번호';
/** Short access-token lifetime (seconds) so one test sees keycloak-js refresh it. */
const ACCESS_TOKEN_TTL = 15;
const IDP_ORIGIN = 'http://localhost:19090';

let session: SiteInBrowser;
let site: RunningSite;
let page: Page;
let dialogs: string[];
/** Every token response the page received, in order: grant type, when, and the access token's `exp` (s). */
const tokenResponses: { grant: string; at: number; exp: number }[] = [];

function expiryOf(jwt: string): number {
  return (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp;
}

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_auth',
    ports: { site: 19080, api: 19000, idp: 19090 },
    adminPassword: PASSWORD,
    env: { ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL) },
  });
  ({ site, page, dialogs } = session);
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${IDP_ORIGIN}/token`) || response.status() !== 200) return;
    const grant = /grant_type=([a-z_]+)/.exec(response.request().postData() ?? '')?.[1] ?? '';
    const { access_token: accessToken } = (await response.json()) as { access_token: string };
    tokenResponses.push({ grant, at: Date.now() / 1000, exp: expiryOf(accessToken) });
  });
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

async function signInThroughForm(password: string): Promise<void> {
  await page.getByLabel('아이디').fill('admin');
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}

test('signed out, a protected route alerts that login is required and opens the sign-in screen (docs/decisions/0078-team-runs-the-site.md)', async () => {
  dialogs.length = 0;
  await page.goto(`${site.url}/main/list`);
  await page.waitForURL(`${site.url}/login`);
  expect(dialogs).toEqual(['로그인이 필요합니다.']);
  await page.getByTestId('sso-login-button').waitFor();
  expect(await page.getByTestId('cover-edit-button').count()).toBe(0);
});

test('the bounced route is kept for after sign-in', async () => {
  expect(await page.evaluate(() => sessionStorage.getItem('linksite.returnPath'))).toBe('/main/list');
  // Forget it, so the sign-in below lands on /admin as before; the return itself is tested after logout.
  await page.evaluate(() => sessionStorage.removeItem('linksite.returnPath'));
});

test('a wrong password shows the login form again with a Korean error', async () => {
  await page.goto(`${site.url}/login`);
  await page.getByTestId('sso-login-button').click();
  await page.waitForURL((url) => url.origin === IDP_ORIGIN);
  await signInThroughForm('틀린-비밀번호');
  await page.getByText('아이디 또는 비밀번호가 올바르지 않습니다.').waitFor();
  expect(new URL(page.url()).origin).toBe(IDP_ORIGIN);
});

test('signs in through the login form and lands on /admin with the profile stored', async () => {
  await page.goto(`${site.url}/login`);
  const started = Date.now();
  await page.getByTestId('sso-login-button').click();
  await page.waitForURL((url) => url.origin === IDP_ORIGIN);
  await signInThroughForm(PASSWORD);
  await page.waitForURL(`${site.url}/admin`);
  await page.getByTestId('admin-links-button').waitFor();
  console.log(`sign-in round trip (SSO button → /admin shown): ${Date.now() - started} ms`);

  await expect(page.getByTestId('admin-links-button').innerText()).resolves.toContain('링크 정보 관리');
  await expect(page.getByTestId('admin-plans-button').innerText()).resolves.toContain('일정 정보 관리');
  await page.waitForFunction(() => sessionStorage.getItem('user') !== null);
  const user = JSON.parse((await page.evaluate(() => sessionStorage.getItem('user')))!);
  expect(user).toMatchObject({ username: 'admin', roles: expect.arrayContaining(['owner']) });
  await page.getByTestId('cover-edit-button').waitFor();
  await page.getByTestId('footer-logout').waitFor();

  fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'admin-page.png') });
});

test('a reload keeps the administrator signed in', async () => {
  dialogs.length = 0;
  await page.reload();
  await page.getByTestId('admin-links-button').waitFor();
  await page.getByTestId('footer-logout').waitFor();
  expect(dialogs).toEqual([]);
});

test('the short-lived access token is refreshed before it expires and the new token keeps working', async () => {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.url().startsWith(`${IDP_ORIGIN}/token`) &&
      (candidate.request().postData() ?? '').includes('grant_type=refresh_token'),
    { timeout: (ACCESS_TOKEN_TTL + 20) * 1000 },
  );
  expect(response.status()).toBe(200);
  // The page's response listener has read that answer too.
  const refreshIndex = () => tokenResponses.findIndex((entry) => entry.grant === 'refresh_token');
  await secondsUntil(async () => refreshIndex() >= 0, 15_000);
  const refresh = refreshIndex();
  expect(refresh).toBeGreaterThan(0);
  // Refreshed while the token it replaces was still valid.
  const replacedExpiry = tokenResponses[refresh - 1]!.exp;
  expect(tokenResponses[refresh]!.at).toBeLessThan(replacedExpiry);
  const { access_token: accessToken } = (await response.json()) as { access_token: string };

  // Past the replaced token's lifetime (its `exp`, in whole seconds; the refresh came about 4 s before it), the page
  // is still signed in and the new token is accepted. What is awaited here is the time itself.
  await page.waitForTimeout(Math.max(0, replacedExpiry * 1000 + 1_000 - Date.now()));
  expect(Date.now() / 1000).toBeGreaterThan(replacedExpiry);
  await page.getByTestId('footer-logout').waitFor();
  const login = await fetch(`${site.url}/api/login`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect([200, 201]).toContain(login.status);
});

test('logout alerts, clears the stored user and signs out at the provider', async () => {
  dialogs.length = 0;
  await page.evaluate(() => localStorage.setItem('user', '{"stale":true}'));
  await page.getByTestId('footer-logout').click();
  await page.waitForURL(`${site.url}/`);
  await page.getByTestId('footer-login').waitFor();
  expect(dialogs).toEqual(['로그아웃 되었습니다.']);
  expect(await page.evaluate(() => [sessionStorage.getItem('user'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);

  // The provider's session is gone too: the administrator button asks for the password again.
  await page.getByTestId('footer-admin').click();
  await page.waitForURL((url) => url.origin === IDP_ORIGIN);
  await page.getByLabel('비밀번호').waitFor();
});

test('signed out, a protected route is kept: signing in from the sign-in screen lands on it, not on /admin', async () => {
  dialogs.length = 0;
  await page.goto(`${site.url}/main/list?view=all#top`);
  await page.waitForURL(`${site.url}/login`);
  expect(dialogs).toEqual(['로그인이 필요합니다.']);
  await page.getByTestId('sso-login-button').click();
  await page.waitForURL((url) => url.origin === IDP_ORIGIN);
  await signInThroughForm(PASSWORD);
  await page.waitForURL(`${site.url}/main/list?view=all#top`);
  await page
    .getByRole('heading', { name: '링크 정보 관리' })
    .waitFor()
    .catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(repoRoot, 'test-results', 'sign-in-return-failed.png') });
      const text = await page.locator('body').innerText();
      throw new Error(`${String(error)}\non ${page.url()}: ${text.slice(0, 400)}`);
    });
  expect(await page.evaluate(() => sessionStorage.getItem('linksite.returnPath'))).toBeNull();
  expect(dialogs).toEqual(['로그인이 필요합니다.']);
});

test.each(['https://evil.example/main/list', '//evil.example/main/list', '/\\evil.example/'])(
  'a planted return target %s is refused: signing in lands on /admin',
  async (planted) => {
    dialogs.length = 0;
    await page.getByTestId('footer-logout').click();
    await page.waitForURL(`${site.url}/`);
    await page.getByTestId('footer-login').waitFor();
    await page.evaluate((value) => sessionStorage.setItem('linksite.returnPath', value), planted);
    await page.getByTestId('footer-admin').click();
    await page.waitForURL((url) => url.origin === IDP_ORIGIN);
    await signInThroughForm(PASSWORD);
    await page.waitForURL(`${site.url}/admin`);
    await page.getByTestId('admin-links-button').waitFor();
    expect(new URL(page.url()).origin).toBe(site.url);
  },
);
