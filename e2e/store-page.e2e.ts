/**
 * The public store page, composed at run time from remotes (docs/decisions/0009-walking-skeleton.md): started with the
 * same script as `npm start`, on a fresh PostgreSQL database that the first start seeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createMigratedTestDatabase } from '../api/src/test/test-database';
import { launchChromium } from './support/browser';
import { waitForAppTakeover } from './support/first-screen';
import { signInAsAdmin } from './support/sign-in';
import { isAlive, repoRoot, RunningSite, startSite } from './support/site';

const ADMIN_PASSWORD = 'store-page-e2e-비밀번호';
const KAKAOTALK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.6.5';

jest.setTimeout(120_000);

let site: RunningSite;
let dropDatabase: () => Promise<void>;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  const database = await createMigratedTestDatabase('linksite_e2e');
  dropDatabase = database.drop;
  site = await startSite({
    DATABASE_URL: database.url,
    SITE_PORT: '18080',
    API_PORT: '13000',
    IDP_PORT: '18090',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
  });
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
  // The served page already shows the cards; the remotes' code (and its buttons) comes after.
  await waitForAppTakeover(page);
  return { page, requests };
}

test('shows at least 24 product cards whose code comes from mf-store own origin', async () => {
  const { page, requests } = await openHome();
  await page.waitForSelector('[data-testid="store-card"]');
  expect(await page.locator('[data-testid="store-card"]').count()).toBeGreaterThanOrEqual(24);

  const storeOrigin = site.originOf('mf-store');
  // The release the page was rendered with (docs/decisions/0057-remotes-ship-alone-with-ssr.md): its own remoteEntry.js
  // and chunks, under its version's folder.
  const release = new RegExp(`^${storeOrigin}/releases/[0-9a-f]{12}/`);
  expect(requests.some((url) => release.test(url) && url.endsWith('/remoteEntry.js'))).toBe(true);
  expect(requests.some((url) => release.test(url) && /\/static\/js\/.*\.chunk\.js$/.test(url))).toBe(true);
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

test('a keyword shows its tooltip (#word · 링크 n개) on hover and on Tab focus; Escape hides it (docs/decisions/0037-keyword-tooltips.md)', async () => {
  const { page, requests } = await openHome();
  const words = page.locator('[data-testid="cloud-word"]');
  await words.first().waitFor();
  const tooltip = page.getByRole('tooltip');
  const tooltipText = /^#\S.* · 링크 \d+개$/;

  // Words move into place for 600 ms (docs/product.md#9-constants-and-limits): hover once they are there.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="cloud-word"]')].every((w) => getComputedStyle(w).opacity === '1'),
  );
  // Floating UI is not part of the page's load: it comes when the visitor reaches for the cloud.
  const floatingUi = (url: string) =>
    url.startsWith(site.originOf('mf-store')) && /floating-ui\.[0-9a-f]{8}\.chunk\.js$/.test(url);
  expect(requests.filter(floatingUi)).toEqual([]);
  const first = words.first();
  const firstText = (await first.textContent())!;
  await first.hover();
  await tooltip.waitFor({ state: 'visible' });
  expect((await tooltip.textContent())!.trim()).toMatch(tooltipText);
  expect(await tooltip.textContent()).toContain(`#${firstText} · `);
  expect(await first.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
  const style = await tooltip.evaluate((el) => {
    const computed = getComputedStyle(el);
    return { maxWidth: computed.maxWidth, zIndex: computed.zIndex };
  });
  expect(style).toEqual({ maxWidth: '350px', zIndex: '9999' });
  // Above the word, not over it.
  const [wordBox, tipBox] = [await first.boundingBox(), await tooltip.boundingBox()];
  expect(tipBox!.y + tipBox!.height).toBeLessThanOrEqual(wordBox!.y + 1);
  // Floating UI came in its own chunk, from mf-store's origin, not in the shell's JavaScript.
  expect(requests.filter(floatingUi)).toHaveLength(1);
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'store-tooltip.png') });
  await page.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'hidden' });

  // Keyboard: Tab from the share buttons reaches the words; the focused word shows its tooltip.
  await page.mouse.move(0, 0);
  await page.getByTestId('copy-link-button').focus();
  for (let i = 0; i < 8; i += 1) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'cloud-word') break;
    await page.keyboard.press('Tab');
  }
  const focused = page.locator('[data-testid="cloud-word"]:focus');
  await focused.waitFor();
  await tooltip.waitFor({ state: 'visible' });
  expect(await tooltip.textContent()).toContain(`#${(await focused.textContent())!} · `);
  expect(await focused.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
  await page.keyboard.press('Tab');
  const next = page.locator('[data-testid="cloud-word"]:focus');
  await page.waitForFunction(() =>
    document.querySelector('[role="tooltip"]')?.textContent?.includes(`#${document.activeElement?.textContent} · `),
  );
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'store-tooltip-focus.png') });
  await page.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'hidden' });
  expect(await next.count()).toBe(1); // Escape closes the tooltip, the focus stays on the word
});

test('inside KakaoTalk at 390 px: the hint to open the phone’s browser, and 링크 복사 copies the address (docs/decisions/0038-share-and-qr.md)', async () => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    userAgent: KAKAOTALK_UA,
  });
  try {
    await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await phone.newPage();
    await page.goto(site.url);
    const hint = page.getByTestId('in-app-hint');
    await hint.waitFor();
    expect(await hint.innerText()).toContain('카카오톡 안에서 보고 계십니다.');
    expect(await page.getByRole('link', { name: '브라우저로 열기' }).getAttribute('href')).toBe(
      `kakaotalk://web/openExternal?url=${encodeURIComponent(`${site.url}/`)}`,
    );
    await page.waitForSelector('[data-testid="store-card"]');
    await page.getByRole('button', { name: '링크 복사' }).click();
    await page.getByRole('status').getByText('링크를 복사했습니다.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.url}/`);
    // docs/screenshots/store-share-390.png is this picture.
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'store-share-390.png') });
    await page.getByRole('button', { name: '안내 닫기' }).click();
    await hint.waitFor({ state: 'detached' });
  } finally {
    await phone.close();
  }
});

test('the administrator downloads the site’s QR code as a 1024 px PNG and as an SVG from /main/qr (docs/decisions/0038-share-and-qr.md)', async () => {
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAsAdmin(page, site.url, ADMIN_PASSWORD);
  await page.getByTestId('admin-qr-link').click();
  await page.waitForURL(`${site.url}/main/qr`);
  await page.getByRole('heading', { name: 'QR 코드' }).waitFor();
  expect(await page.getByTestId('qr-url').innerText()).toBe(`${site.url}/`);
  await page.getByRole('img', { name: '사이트 첫 화면 QR 코드' }).waitFor();

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PNG 내려받기' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('qr-site.png');
  const pngBytes = fs.readFileSync((await png.path())!);
  expect(pngBytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(pngBytes.toString('latin1', 12, 16)).toBe('IHDR');
  expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([1024, 1024]);
  // Chromium itself decodes it: a 1024×1024 image.
  const decoded = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(
      new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
    );
    return [bitmap.width, bitmap.height];
  }, pngBytes.toString('base64'));
  expect(decoded).toEqual([1024, 1024]);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'SVG 내려받기' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('qr-site.svg');
  const svgText = fs.readFileSync((await svg.path())!, 'utf8');
  expect(svgText).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"[^>]*>.*<\/svg>\s*$/s);

  // A card's code: its product link.
  const select = page.getByRole('combobox', { name: 'QR 코드로 만들 주소' });
  const option = page.locator('[data-testid="qr-target"] option:not([disabled])').nth(1);
  await option.waitFor({ state: 'attached' });
  await select.selectOption((await option.getAttribute('value'))!);
  expect(await page.getByTestId('qr-url').innerText()).toMatch(/^https:\/\//);
  const [cardPng] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PNG 내려받기' }).click(),
  ]);
  expect(cardPng.suggestedFilename()).toMatch(/^qr-link-\d+\.png$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await select.selectOption('site');
  await page.getByRole('img', { name: '사이트 첫 화면 QR 코드' }).waitFor();
  // docs/screenshots/admin-qr-390.png is this picture.
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'admin-qr-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'admin-qr-1280.png'), fullPage: true });
  await page.close();
});

test('with the mf-plans server stopped, a visitor’s / is whole (its banner is the served one) and a page served without it shows the banner’s error and retry', async () => {
  const plansOrigin = site.originOf('mf-plans');
  await site.stopService('mf-plans');
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.goto(site.url);
  await waitForAppTakeover(page);
  expect(await page.locator('[data-testid="store-card"]').count()).toBeGreaterThanOrEqual(24);
  // A visitor's banner on / is the served markup (docs/decisions/0034-visitor-loads-what-it-shows.md): its plans show
  // and mf-plans is never asked.
  expect(await page.locator('[data-testid="plan-item"]').count()).toBeGreaterThan(0);
  expect(await page.locator('[data-first-screen="mf_plans/Banner"]').getAttribute('data-state')).toBe('static');
  expect(asked.filter((url) => url.startsWith(plansOrigin))).toEqual([]);
  await page.screenshot({ path: path.join(repoRoot, 'test-results', 'store-page-without-plans.png') });

  // A page served without a first screen loads the banner's remote: its error and retry, the page itself works.
  await page.goto(`${site.url}/reserve`);
  const bannerError = page.locator('[data-testid="remote-error-mf_plans"]');
  await bannerError.waitFor({ timeout: 15_000 });
  await bannerError.getByRole('button', { name: '다시 시도' }).waitFor();
  await page.close();
});
