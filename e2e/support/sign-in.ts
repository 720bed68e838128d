import type { Page } from 'playwright-core';

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
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('sso-login-button').click();
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
