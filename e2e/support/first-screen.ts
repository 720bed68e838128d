import type { Page } from 'playwright-core';

/**
 * Waits until the app has taken the served first screen over (issue 14 item 1, docs/first-screen.md): the cards and
 * the banner are in the page's HTML before any script runs, and they only react (clicks reported, `링크 복사`) once
 * each remote has hydrated its `data-first-screen` slot (the slot then says `data-state="live"`).
 */
export async function waitForAppTakeover(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-first-screen]:not([data-state="live"])') === null);
}
