import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './site';

/** Where the browser tests leave their screenshots (CI keeps the folder). */
export const screenshotDir = path.join(repoRoot, 'test-results');

/** The widths every screen is looked at: a phone's and a desktop's. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * Full-page screenshots of `page` at a phone's width (`name`, which ends in `-390.png`) and at 1280 × 900 (the same
 * name ending in `-desktop.png`), in {@link screenshotDir}. A page already 390 px wide is shot at its own height; the
 * page gets its viewport back afterwards, whichever it had.
 */
export async function shotAtBothWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const before = page.viewportSize()!;
  for (const [size, file] of [
    [PHONE, name],
    [DESKTOP, name.replace(/-390\.png$/, '-desktop.png')],
  ] as const) {
    if (page.viewportSize()!.width !== size.width) await page.setViewportSize(size);
    await page.screenshot({ path: path.join(screenshotDir, file), fullPage: true });
  }
  await page.setViewportSize(before);
}
