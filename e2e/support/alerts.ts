import type { Page } from 'playwright-core';
import { secondsUntil } from './poll';

/**
 * How long a test waits for an alert to be raised: a CI machine running both test lanes can hold a page's renderer for
 * more than 10 s (the schedule test's save once did).
 */
const ALERT_TIMEOUT_MS = 30_000;

/**
 * Waits until `dialogs`, the messages of the alerts and confirms `page` raised (each accepted, site-in-browser.ts),
 * holds `message`; then, with `forget`, empties it, so the next wait sees only later alerts.
 * @throws Error naming the message, the alerts seen and the page's address, after ALERT_TIMEOUT_MS; with
 *   `failureShot` (a file path), a full-page screenshot of the page is written there first
 */
export async function alerted(
  page: Page,
  dialogs: string[],
  message: string,
  { forget = false, failureShot }: { forget?: boolean; failureShot?: string } = {},
): Promise<void> {
  try {
    await secondsUntil(async () => dialogs.includes(message), ALERT_TIMEOUT_MS);
  } catch {
    if (failureShot) await page.screenshot({ path: failureShot, fullPage: true });
    throw new Error(
      `no alert "${message}" within ${ALERT_TIMEOUT_MS} ms; got ${JSON.stringify(dialogs)}; at ${page.url()}`,
    );
  }
  if (forget) dialogs.length = 0;
}
