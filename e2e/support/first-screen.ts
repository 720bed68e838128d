import type { Page } from 'playwright-core';

/**
 * Waits until the app has taken the served first screen over (docs/decisions/0032-server-rendered-first-screen.md,
 * docs/first-screen.md): the cards and the banner are in the page's HTML before any script runs, and they only react
 * (clicks reported, `링크 복사`) once the app has taken each `data-first-screen` slot: its remote has hydrated it
 * (`data-state="live"`), or the shell keeps it as served without its remote (`data-state="static"`: a visitor's banner,
 * docs/decisions/0034-visitor-loads-what-it-shows.md).
 * @param timeoutMs how long to wait (Playwright's default when absent); past it the promise rejects.
 */
export async function waitForAppTakeover(page: Page, timeoutMs?: number): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-first-screen]:not([data-state="live"]):not([data-state="static"])') === null,
    null,
    timeoutMs === undefined ? {} : { timeout: timeoutMs },
  );
}

/**
 * Tags, in pages `page` opens from now on, the elements matching `selector` that the HTML parser made: once it has
 * finished and before any script of the page runs ('interactive' comes before deferred scripts). Read back with
 * {@link parsedElementsKept}.
 */
export async function tagParsedElements(page: Page, selector: string): Promise<void> {
  await page.addInitScript((tagged: string) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const element of document.querySelectorAll(tagged))
        (element as Element & { __served?: boolean }).__served = true;
    });
  }, selector);
}

/** For each element now matching `selector`, whether it is one the parser made ({@link tagParsedElements}). */
export function parsedElementsKept(page: Page, selector: string): Promise<boolean[]> {
  return page.evaluate(
    (tagged: string) =>
      [...document.querySelectorAll(tagged)].map((e) => (e as Element & { __served?: boolean }).__served === true),
    selector,
  );
}
