/**
 * The public store page, composed at run time from remotes (issue 2): started with the same
 * script as `npm start`, on a fresh PostgreSQL database that the first start seeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestDatabase } from '../api/src/test/test-database';
import { launchChromium } from './support/browser';
import { isAlive, repoRoot, RunningSite, startSite } from './support/site';

jest.setTimeout(120_000);

let site: RunningSite;
let dropDatabase: () => Promise<void>;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  const database = await createTestDatabase('linksite_e2e');
  dropDatabase = database.drop;
  site = await startSite({ DATABASE_URL: database.url, SITE_PORT: '18080', API_PORT: '13000', IDP_PORT: '18090' });
  browser = await launchChromium();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  if (site) {
    const pids = site.services().map((s) => s.pid);
    const code = await site.stop();
    expect(code).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
  }
  await dropDatabase?.();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
  // Product links point at real shops; answer them locally (this machine has no internet).
  await context.route(/^https:\/\/(?!localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>상품</title>' }),
  );
});

afterEach(async () => {
  await context.close();
});

async function openHome(): Promise<{ page: Page; requests: string[] }> {
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('requestfinished', (request) => requests.push(request.url()));
  await page.goto(site.url);
  return { page, requests };
}

test('shows at least 24 product cards whose code comes from mf-store own origin', async () => {
  const { page, requests } = await openHome();
  await page.waitForSelector('[data-testid="store-card"]');
  expect(await page.locator('[data-testid="store-card"]').count()).toBeGreaterThanOrEqual(24);

  const storeOrigin = site.originOf('mf-store');
  expect(requests).toContain(`${storeOrigin}/remoteEntry.js`);
  expect(requests.some((url) => url.startsWith(`${storeOrigin}/static/js/`) && url.endsWith('.chunk.js'))).toBe(true);
  // The shell itself never serves the store page's code.
  const shellChunks = requests.filter((url) => url.startsWith(site.url) && url.includes('/static/js/'));
  for (const url of shellChunks) expect(url).not.toMatch(/store-page|StorePage/i);

  fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'store-page.png'), fullPage: true });
});

test('the banner shows both a D - n item and an OPEN item', async () => {
  const { page } = await openHome();
  await page.waitForSelector('[data-testid="plan-status"]');
  const statuses = await page.locator('[data-testid="plan-status"]').allInnerTexts();
  expect(statuses.some((text) => /^D - \d+$/.test(text.trim()))).toBe(true);
  expect(statuses.some((text) => text.trim() === 'OPEN')).toBe(true);
});

test('the keyword cloud shows words of different sizes', async () => {
  const { page } = await openHome();
  await page.getByRole('heading', { name: '인기 키워드' }).waitFor();
  await page.waitForSelector('[data-testid="cloud-word"]');
  const sizes = await page
    .locator('[data-testid="cloud-word"]')
    .evaluateAll((words) => words.map((word) => Number.parseFloat(getComputedStyle(word).fontSize)));
  expect(sizes.length).toBeGreaterThanOrEqual(2);
  expect(new Set(sizes).size).toBeGreaterThanOrEqual(2);
});

test('clicking a card opens its product link in a new page', async () => {
  const { page } = await openHome();
  const card = page.locator('a[data-testid="store-card"]').first();
  await card.waitFor();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^https:\/\//);
  const [popup] = await Promise.all([context.waitForEvent('page'), card.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(href);
});

test('with the mf-plans server stopped, the cards still show and the banner shows its error and retry', async () => {
  await site.stopService('mf-plans');
  const { page } = await openHome();
  await page.waitForSelector('[data-testid="store-card"]');
  expect(await page.locator('[data-testid="store-card"]').count()).toBeGreaterThanOrEqual(24);
  const bannerError = page.locator('[data-testid="remote-error-mf_plans"]');
  await bannerError.waitFor({ timeout: 15_000 });
  await bannerError.getByRole('button', { name: '다시 시도' }).waitFor();
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'store-page-without-plans.png') });
});
