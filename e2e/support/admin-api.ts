import type { Page } from 'playwright-core';

/** Calls the site's API as the administrator signed in on a page (`api('POST', '/store/create', body)`). */
export type AdminApi = <T>(method: string, route: string, body?: unknown) => Promise<T>;

/**
 * The API as the administrator signed in on `page`: remembers the newest access token the page receives from the
 * identity provider at `idpOrigin` (sign-in and every refresh), and sends it with each call to `<siteUrl>/api`. Call
 * it before signing in. A call answered with anything but 2xx rejects with the method, route, status and body.
 */
export function adminApiOf(page: Page, siteUrl: string, idpOrigin: string): { api: AdminApi; token(): string } {
  let accessToken = '';
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${idpOrigin}/token`) || response.status() !== 200) return;
    accessToken = ((await response.json()) as { access_token: string }).access_token;
  });
  const api: AdminApi = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${siteUrl}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { api, token: () => accessToken };
}
