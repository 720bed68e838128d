/**
 * Reordering at any length (docs/decisions/0056-reorder-any-length.md), in Chromium at 1280×900 with 40 links (most of
 * the list is off screen):
 * - the mouse drags the last row's handle to the top edge of the window; the list scrolls up by itself (dnd-kit's
 *   auto-scroll) until the first row shows, and the drop there makes it the first link;
 * - the keyboard picks the last row up (Space), presses ArrowUp 39 times at a brisk 60 ms pace and drops it (Space):
 *   every press counts, so it lands exactly 39 places up, first.
 * After each: the move the page sent (`/:id/:to/:from`), the stored order (`GET /api/main/list`) and the public
 * page's order all agree.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiOf, type AdminApi } from './support/admin-api';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-긴-목록-관리자';
const PORTS = { site: 28480, api: 28400, idp: 28490 };
const LINKS = 40;
/**
 * Time between two key presses: a brisk typist (docs/decisions/0050-admin-console-real-use.md: 12 presses at this pace
 * used to move a row 6 places).
 */
const KEY_PACE_MS = 60;
const results = path.join(repoRoot, 'test-results');

type Link = { id: number; pname: string };

let session: SiteInBrowser;
let site: RunningSite;
let page: Page;
let api: AdminApi;

/** Goes to a route inside the app without reloading it (the shell stays signed in). */
async function navigate(route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL(`${site.url}${route}`);
}

const storedNames = async () => (await api<{ product: Link[] }>('GET', '/main/list')).product.map((link) => link.pname);
const rowNames = () => page.getByTestId('link-row-name').allInnerTexts();

/** Names of the public page's cards in order (a fresh load of `/`, as a visitor sees it). */
async function publicNames(): Promise<string[]> {
  const visitor = await session.context.newPage();
  try {
    await visitor.goto(site.url);
    await visitor.getByTestId('store-card').first().waitFor();
    return await visitor.locator('[data-testid="store-card"] .store-card__name').allInnerTexts();
  } finally {
    await visitor.close();
  }
}

/** Waits for the reorder call and returns its path. */
function nextMove(timeout = 30_000): Promise<string> {
  return page
    .waitForResponse((r) => r.url().includes('/api/main/update/order/') && r.request().method() === 'PUT', {
      timeout,
    })
    .then((response) => {
      expect(response.status()).toBe(200);
      return new URL(response.url()).pathname;
    });
}

/** Opens /main/list in 순서 변경 mode with every row shown. */
async function openReorder(): Promise<void> {
  await navigate('/main/list');
  await page.getByRole('heading', { name: '링크 정보 관리' }).waitFor();
  await page.getByTestId('link-mode-reorder').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="link-row-handle"]').length === n, LINKS);
}

/** After a move of `name` from the last place to the first: the page, the API and the public page agree. */
async function expectFirst(name: string, before: string[]): Promise<void> {
  const expected = [name, ...before.filter((other) => other !== name)];
  await page.waitForFunction(
    (first) => document.querySelector('[data-testid="link-row-name"]')?.textContent === first,
    name,
  );
  expect(await rowNames()).toEqual(expected);
  expect(await storedNames()).toEqual(expected);
  const visible = await publicNames();
  expect(visible).toEqual(expected.filter((other) => visible.includes(other)));
  expect(visible[0]).toBe(name);
}

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_reorder_long',
    ports: PORTS,
    adminPassword: PASSWORD,
  });
  ({ site, page } = session);
  const admin = adminApiOf(page, site.url, `http://localhost:${PORTS.idp}`);
  api = admin.api;
  await signInAsAdmin(page, site.url, PASSWORD);
  const seeded = (await storedNames()).length;
  for (let i = seeded + 1; i <= LINKS; i += 1) {
    await api('POST', '/store/create', { pname: `긴 목록 상품 ${String(i).padStart(2, '0')}`, tag: '테스트' });
  }
  expect((await storedNames()).length).toBe(LINKS);
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

test('the mouse drags the last row above the visible part of the list: it scrolls, and the row lands first', async () => {
  await openReorder();
  const before = await rowNames();
  const last = before[LINKS - 1]!;
  const handle = page.getByTestId('link-row-handle').nth(LINKS - 1);
  await handle.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const moved = nextMove();
  await page.mouse.move(x, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, box.y + box.height / 2 - 10, { steps: 4 });
  // Hold the row at the top edge of the window: the list scrolls up by itself until its start shows.
  await page.mouse.move(x, 4, { steps: 20 });
  await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 30_000 });
  // Above the whole list now, the row is over the first one, which slides down to make room; drop it there.
  await page.waitForFunction(() => {
    const row = document.querySelector<HTMLElement>('[data-testid="link-row"]');
    const y = /translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(row?.style.transform ?? '')?.[1];
    return Number(y ?? 0) > 0;
  });
  await page.mouse.up();
  expect(await moved).toMatch(new RegExp(`/api/main/update/order/\\d+/0/${LINKS - 1}$`));
  await expectFirst(last, before);
  await page.screenshot({ path: path.join(results, 'reorder-long-list-mouse.png') });
});

test(`the keyboard moves the last row ${LINKS - 1} places up with ${LINKS - 1} ArrowUp presses at a ${KEY_PACE_MS} ms pace`, async () => {
  await openReorder();
  const before = await rowNames();
  const last = before[LINKS - 1]!;
  const handle = page.getByTestId('link-row-handle').nth(LINKS - 1);
  const moved = nextMove(90_000);
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'true');
  for (let press = 0; press < LINKS - 1; press += 1) {
    await page.keyboard.press('ArrowUp');
    // The pace of the person typing (the input under test), not a wait for the page.
    await new Promise((resolve) => setTimeout(resolve, KEY_PACE_MS));
  }
  await page.keyboard.press('Space');
  expect(await moved).toMatch(new RegExp(`/api/main/update/order/\\d+/0/${LINKS - 1}$`));
  await expectFirst(last, before);
  await page.screenshot({ path: path.join(results, 'reorder-long-list-keyboard.png') });
});
