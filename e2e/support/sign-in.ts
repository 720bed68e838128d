import type { Page } from 'playwright-core';

/** How long the provider's form may take to appear after the single sign-on button is pressed (ms). */
const PROVIDER_FORM_MS = 20_000;

/**
 * `/login`, then the single sign-on button, until the provider's form (아이디) shows. On a loaded machine the page's
 * first start of auth may time out (keycloak-js waits 10 s for its silent check), and the page then says the sign-in
 * server cannot be reached: a person presses the button again on a fresh page, and so does this, once, printing what
 * the page said. A second failure is the caller's error.
 */
async function openProviderForm(page: Page, siteUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('sso-login-button').click();
    try {
      await page.getByLabel('아이디').waitFor({ timeout: PROVIDER_FORM_MS });
      return;
    } catch (error) {
      if (attempt > 1) throw error;
      const said = await page
        .locator('body')
        .innerText({ timeout: 1_000 })
        .catch(() => '(no body)');
      console.warn(
        `sign-in: no provider form ${PROVIDER_FORM_MS / 1000} s after the button, once more; the page said: ${said.replace(/\s+/g, ' ').slice(-300)}`,
      );
    }
  }
}

/**
 * Signs a member of the team in through the real login form, as a person would: `/login`, the single
 * sign-on button, the provider's form (아이디 / 비밀번호), with `totp` the second factor's form (인증 코드), back on
 * `/admin`. Resolves once the landing page names the role and sessionStorage holds `user`. A failure names the
 * address the page was on and the start of its visible text, so a CI log tells which step stopped.
 * @param totp makes the 6-digit code of the authenticator, for an account with a second factor (docs/decisions/0080-people-invites-totp.md).
 */
export async function signInAsAdmin(
  page: Page,
  siteUrl: string,
  password: string,
  username = 'admin',
  totp?: () => string,
): Promise<void> {
  try {
    await openProviderForm(page, siteUrl);
    await page.getByLabel('아이디').fill(username);
    await page.getByLabel('비밀번호').fill(password);
    await page.getByRole('button', { name: '로그인' }).click();
    if (totp) {
      await page.getByLabel('인증 코드 또는 복구 코드').fill(totp());
      await page.getByRole('button', { name: '확인' }).click();
    }
    await page.waitForURL(`${siteUrl}/admin`);
    await page.getByTestId('admin-role').waitFor();
    await page.waitForFunction(() => sessionStorage.getItem('user') !== null);
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(no body)');
    const where = `on ${page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`;
    throw new Error(`sign-in failed ${where}\n${String(error)}`, { cause: error });
  }
}
