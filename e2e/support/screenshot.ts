import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './site';

/** Where the browser tests leave their screenshots (CI keeps the folder). */
export const screenshotDir = path.join(repoRoot, 'test-results');

/**
 * A full-page screenshot `name` (`…-390.png`) of `page` at its phone width, and the same screen at 1280 × 900 as
 * `…-desktop.png`, in {@link screenshotDir}; the page is given its phone viewport back.
 */
export async function shotAtBothWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, name), fullPage: true });
  const phoneSize = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(screenshotDir, name.replace(/-390\.png$/, '-desktop.png')), fullPage: true });
  await page.setViewportSize(phoneSize);
}
