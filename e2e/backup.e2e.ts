/**
 * Backup and restore in the browser (docs/decisions/0026-creator-features.md): a site on the embedded database (npm
 * start's default) is backed up from its 백업 및 복원 screen; a fresh site on real PostgreSQL restores that file from its
 * own screen, after checking it and showing what changes; both then show the same public page and serve the same image
 * bytes. The screen's 변경 기록 names each write in Korean (docs/decisions/0082-korean-audit-log.md) and reads at 390 px
 * without sideways scrolling. Screenshots of the screen and of the 변경 기록 at 390 px and 1280 px go to test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createMigratedTestDatabase, type TestDatabase } from '../api/src/test/test-database';
import { launchChromium } from './support/browser';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, startSite, type RunningSite } from './support/site';

jest.setTimeout(240_000);

const PASSWORD = 'e2e-백업-관리자';
const ONLY_IN_BACKUP = '백업에만 있는 한정판 상품';
const results = path.join(repoRoot, 'test-results');

let browser: Browser;
let embedded: RunningSite;
let postgres: RunningSite;
let database: TestDatabase;
let archive: string;

/** A signed-in administrator's page on `site`, alerts and confirms accepted. */
async function adminPage(site: RunningSite): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'ko-KR',
    acceptDownloads: true,
  });
  await context.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAsAdmin(page, site.url, PASSWORD);
  return { context, page };
}

/** What a visitor sees on `/`: the cards' names in order, the keyword cloud's words, each card image's URL. */
async function publicPage(site: RunningSite): Promise<{ cards: string[]; words: string[]; images: string[] }> {
  const context = await browser.newContext({ locale: 'ko-KR' });
  try {
    const page = await context.newPage();
    await context.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
    await page.goto(site.url);
    await page.getByTestId('store-card').first().waitFor();
    await page.getByTestId('cloud-word').first().waitFor();
    return {
      cards: await page.locator('[data-testid="store-card"] .store-card__name').allInnerTexts(),
      words: (await page.getByTestId('cloud-word').allInnerTexts()).sort(),
      images: await page
        .locator('[data-testid="store-card"] img')
        .evaluateAll((imgs) =>
          imgs.map((img) => new URL((img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src).pathname),
        ),
    };
  } finally {
    await context.close();
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  for (const [suffix, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(results, `${name}-${suffix}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The 변경 기록 card at 1280 px and 390 px (`audit-log-<name>-desktop|mobile.png`), checking at each width that the
 * page does not scroll sideways.
 */
async function auditScreenshots(page: Page, name: string): Promise<void> {
  const log = page.getByTestId('audit-log');
  for (const [suffix, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await log.screenshot({ path: path.join(results, `audit-log-${name}-${suffix}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  fs.mkdirSync(results, { recursive: true });
  database = await createMigratedTestDatabase('linksite_e2e_backup');
  const common = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD };
  // No DATABASE_URL: the embedded database, as npm start runs on a fresh machine.
  embedded = await startSite({ ...common, SITE_PORT: '27180', API_PORT: '27100', IDP_PORT: '27190' });
  postgres = await startSite({
    ...common,
    DATABASE_URL: database.url,
    SITE_PORT: '27280',
    API_PORT: '27200',
    IDP_PORT: '27290',
  });
  browser = await launchChromium();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  if (embedded) expect(await embedded.stop()).toBe(0);
  if (postgres) expect(await postgres.stop()).toBe(0);
  await database?.drop();
});

test('the embedded site is backed up from its screen', async () => {
  const { context, page } = await adminPage(embedded);
  await page.goto(`${embedded.url}/create`);
  await page.getByLabel(/^링크 이름/).fill(ONLY_IN_BACKUP);
  await page.getByRole('button', { name: '등록' }).click();
  await page.waitForURL(`${embedded.url}/main/list`);

  await page.goto(`${embedded.url}/admin`);
  await page.getByRole('link', { name: '백업 및 복원' }).click();
  await page.getByRole('heading', { name: '백업 및 복원' }).waitFor();
  // The link made above, in the 변경 기록 as the screens say it: no route, no column names
  // (docs/decisions/0082-korean-audit-log.md).
  const newest = page.getByTestId('audit-entry').first();
  await newest.getByRole('heading', { name: `링크 ‘${ONLY_IN_BACKUP}’ 추가` }).waitFor();
  expect(await newest.innerText()).toContain('링크 이름');
  expect(await page.getByTestId('audit-log').innerText()).not.toMatch(/\/api\/|pname|version/);
  await page.getByTestId('backup-file-zone').waitFor();
  await screenshot(page, 'backup-screen');
  await auditScreenshots(page, 'embedded');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('backup-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^linksite-backup-\d{8}-\d{6}\.tar\.gz$/);
  archive = path.join(results, download.suggestedFilename());
  await download.saveAs(archive);
  await page.getByTestId('backup-download-status').getByText('파일을 받았습니다.').waitFor();
  expect(fs.statSync(archive).size).toBeGreaterThan(100_000);
  await context.close();
});

test('a fresh PostgreSQL site restores it after showing what changes, and then shows the same page and images', async () => {
  const before = await publicPage(postgres);
  expect(before.cards).not.toContain(ONLY_IN_BACKUP);
  const { context, page } = await adminPage(postgres);
  await page.goto(`${postgres.url}/backup`);
  await page.getByTestId('backup-file').setInputFiles(archive);
  const report = page.getByTestId('backup-report');
  await report.waitFor();
  const links = await report.getByTestId('backup-row-links').locator('td').allInnerTexts();
  expect(links).toEqual([String(before.cards.length), String(before.cards.length + 1)]);
  await screenshot(page, 'backup-report');
  await page.getByTestId('backup-restore').click();
  await page.getByTestId('backup-restored').waitFor();
  await screenshot(page, 'backup-restored');
  // The restore is the newest entry of the 변경 기록, read again once it finished.
  await page.getByTestId('audit-entry').first().getByRole('heading', { name: '백업 복원' }).waitFor();
  await auditScreenshots(page, 'restored');
  await context.close();

  const original = await publicPage(embedded);
  const restored = await publicPage(postgres);
  expect(restored).toEqual(original);
  expect(restored.cards).toContain(ONLY_IN_BACKUP);
  const keys = new Set(original.images.filter((src) => src.startsWith('/api/images/')));
  expect(keys.size).toBeGreaterThan(20);
  for (const src of keys) {
    const bytesOf = async (site: RunningSite) => Buffer.from(await (await fetch(`${site.url}${src}`)).arrayBuffer());
    const [a, b] = [await bytesOf(embedded), await bytesOf(postgres)];
    expect([src, b.equals(a), b.length]).toEqual([src, true, a.length]);
  }
});
