/**
 * docs/decisions/0036-paged-public-read.md, "cost that does not grow with the catalogue", in Chromium on free ports:
 * - with 120 links, `/` shows the first 48 cards, and scrolling down loads the rest page by page (GET /api/store/page),
 *   every link once, in the order of `GET /api/store`; at 390 px too;
 * - `/?tag=` finds the one link carrying a tag although it sits on the third page;
 * - `/main/list` with ADMIN_LINKS links (10,000 unless `E2E_ADMIN_LINKS` says otherwise; seeded by SQL) opens, prints
 *   how long it took, and a keyboard reorder (Space, ArrowUp, Space) is stored.
 * Links are added by SQL; the API's public cache hears of it through its own NOTIFY channel, as after `npm run seed`.
 */
import path from 'node:path';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { adminApiOf, type AdminApi } from './support/admin-api';
import { waitForAppTakeover } from './support/first-screen';
import { freeSitePorts } from './support/free-ports';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(300_000);

const PASSWORD = 'e2e-페이지-관리자';
const PUBLIC_LINKS = 120;
const PAGE_SIZE = 48;
const ADMIN_LINKS = Number(process.env.E2E_ADMIN_LINKS ?? 10_000);
/** The tag only one link carries, at position 110 (the third page). */
const NEEDLE_TAG = '바늘찾기';
const NEEDLE_POSITION = 110;
const results = path.join(repoRoot, 'test-results');

let session: SiteInBrowser;
let site: RunningSite;
let page: Page;
let api: AdminApi;
let db: Client;

/** Adds links by SQL at the end of the order until there are `total`, then tells the API's caches. */
async function fillTo(total: number, tagAt?: { position: number; tag: string }): Promise<void> {
  await db.query(
    `INSERT INTO links (pname, tags, link, pcode)
     SELECT '페이지 상품 ' || lpad((g + 1)::text, 5, '0'),
            CASE WHEN g = $2 THEN ARRAY['페이지', $3::text] ELSE ARRAY['페이지'] END,
            'https://shop.example/' || g, g
       FROM generate_series((SELECT count(*) FROM links), $1 - 1) AS g`,
    [total, tagAt?.position ?? -1, tagAt?.tag ?? ''],
  );
  await db.query(`SELECT pg_notify('linksite_public_reads', 'e2e')`);
}

const cardNames = (on: Page) => on.locator('[data-testid="store-card"] .store-card__name').allInnerTexts();
const cardCount = (on: Page) => on.getByTestId('store-card').count();

/** Scrolls to the end of the product list until no more page comes; returns the names shown. */
async function scrollToEnd(on: Page): Promise<string[]> {
  for (let guard = 0; guard < 20; guard += 1) {
    const shown = await cardCount(on);
    await on.getByTestId('store-more').scrollIntoViewIfNeeded();
    // Either the next page's cards arrive, or the list was complete (no 더 보기 button any more).
    await on.waitForFunction(
      (before) =>
        document.querySelectorAll('[data-testid="store-card"]').length > before ||
        !document.querySelector('.store-page__more-button'),
      shown,
    );
    if (!(await on.locator('.store-page__more-button').count())) break;
  }
  return cardNames(on);
}

beforeAll(async () => {
  const ports = await freeSitePorts();
  session = await openSiteInBrowser({ databasePrefix: 'linksite_e2e_paging', ports, adminPassword: PASSWORD });
  ({ site, page } = session);
  db = new Client({ connectionString: session.databaseUrl });
  await db.connect();
  await fillTo(PUBLIC_LINKS, { position: NEEDLE_POSITION, tag: NEEDLE_TAG });
  api = adminApiOf(page, site.url, `http://localhost:${ports.idp}`).api;
}, 420_000);

afterAll(async () => {
  await db?.end();
  expect(await session?.close()).toBe(0);
});

test(`/ shows the first ${PAGE_SIZE} cards, and scrolling loads the other ${PUBLIC_LINKS - PAGE_SIZE} in order`, async () => {
  const all = ((await (await fetch(`${site.url}/api/store`)).json()) as { product: { pname: string }[] }).product;
  expect(all).toHaveLength(PUBLIC_LINKS);
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/store/page')) pages.push(new URL(request.url()).search);
  });
  await page.goto(site.url);
  // The served first screen holds the first page; its 더 보기 works once the app has taken it over.
  await waitForAppTakeover(page);
  await page
    .getByTestId('store-card')
    .nth(PAGE_SIZE - 1)
    .waitFor();
  expect(await cardCount(page)).toBe(PAGE_SIZE);
  await page.getByRole('button', { name: '더 보기' }).waitFor();
  expect(await scrollToEnd(page)).toEqual(all.map((link) => link.pname));
  // The first page is in the served HTML (the first screen, docs/decisions/0032-server-rendered-first-screen.md): only
  // the next two are read, from its cursor on.
  expect(pages).toHaveLength(2);
  expect(pages.every((search) => search.includes('after=') && !search.includes('offset'))).toBe(true);
  await page.screenshot({ path: path.join(results, 'store-paging-1280.png') });

  const phone = await session.context.newPage();
  try {
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(site.url);
    await waitForAppTakeover(phone);
    await phone
      .getByTestId('store-card')
      .nth(PAGE_SIZE - 1)
      .waitFor();
    expect(await scrollToEnd(phone)).toHaveLength(PUBLIC_LINKS);
    await phone.screenshot({ path: path.join(results, 'store-paging-390.png') });
    // No sideways scroll at 390 px with the 더 보기 row and 120 cards.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await phone.close();
  }
});

test('?tag= finds the one link carrying the tag, although it is on the third page', async () => {
  const visitor = await session.context.newPage();
  try {
    await visitor.goto(`${site.url}/?tag=${encodeURIComponent(NEEDLE_TAG)}`);
    await waitForAppTakeover(visitor);
    await visitor.getByTestId('tag-filter').waitFor();
    await visitor.getByTestId('store-card').first().waitFor();
    expect(await cardNames(visitor)).toEqual([`페이지 상품 ${String(NEEDLE_POSITION + 1).padStart(5, '0')}`]);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.getByTestId('tag-filter').scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: path.join(results, 'store-paging-tag-390.png') });
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.getByRole('button', { name: '전체 상품 보기' }).click();
    await visitor
      .getByTestId('store-card')
      .nth(PAGE_SIZE - 1)
      .waitFor();
    expect(await cardCount(visitor)).toBe(PAGE_SIZE);
  } finally {
    await visitor.close();
  }
});

test(`/main/list opens with ${ADMIN_LINKS.toLocaleString('en')} links and a keyboard reorder is stored`, async () => {
  await fillTo(ADMIN_LINKS);
  await signInAsAdmin(page, site.url, PASSWORD);
  const started = Date.now();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/main/list');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('link-row').first().waitFor({ timeout: 120_000 });
  const listShown = Date.now() - started;
  // Interactive: the page answers a click on the mode switch.
  const clickAt = Date.now();
  await page.getByTestId('link-mode-reorder').click();
  await page.getByTestId('link-row-handle').first().waitFor({ timeout: 120_000 });
  const reorderMode = Date.now() - clickAt;
  process.stdout.write(
    `\n/main/list with ${ADMIN_LINKS} links: rows shown ${listShown} ms after navigation, 순서 변경 mode ${reorderMode} ms after the click\n`,
  );
  // Pages of 100 rows (mf-links LIST_PAGE_SIZE): what one page costs does not depend on the catalogue.
  expect(await page.getByTestId('link-row').count()).toBe(Math.min(100, ADMIN_LINKS));
  await expect(page.getByTestId('link-pager-range').innerText()).resolves.toBe(
    `1–100번째 / 전체 ${ADMIN_LINKS.toLocaleString('ko-KR')}개`,
  );
  await page.screenshot({ path: path.join(results, `store-paging-admin-list-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('link-pager').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(results, `store-paging-admin-list-390.png`) });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));

  const before = (await api<{ product: { id: number; pname: string }[] }>('GET', '/main/list')).product;
  expect(before).toHaveLength(ADMIN_LINKS);
  const moveStarted = Date.now();
  const moved = page.waitForResponse(
    (r) => r.url().includes('/api/main/update/order/') && r.request().method() === 'PUT',
    { timeout: 60_000 },
  );
  const handle = page.getByTestId('link-row-handle').nth(1);
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'true');
  await page.keyboard.press('ArrowUp');
  // What the person sees before dropping: the picked-up second row has slid above the first.
  await page.waitForFunction(() => {
    const row = document.querySelectorAll<HTMLElement>('[data-testid="link-row"]')[1];
    const y = /translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(row?.style.transform ?? '')?.[1];
    return Number(y ?? 0) < 0;
  });
  // …and dnd-kit has it over the first position (its live region says so): a drop before that lands where it was.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[id^="DndLiveRegion"]')).some((region) =>
      /항목이 1번째 위치에 있습니다/.test(region.textContent ?? ''),
    ),
  );
  await page.keyboard.press('Space');
  const response = await moved;
  expect(response.status()).toBe(200);
  process.stdout.write(`keyboard move (Space, ArrowUp, Space) answered ${Date.now() - moveStarted} ms after focus\n`);
  expect(new URL(response.url()).pathname).toBe(`/api/main/update/order/${before[1]!.id}/0/1`);
  const after = (await api<{ product: { id: number }[] }>('GET', '/main/list')).product.map((link) => link.id);
  expect(after.slice(0, 3)).toEqual([before[1]!.id, before[0]!.id, before[2]!.id]);
});
