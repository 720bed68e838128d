/**
 * Phone-proof administrator screens (docs/decisions/0053-phone-proof-layout.md). A fixture with the longest value every
 * field allows (API DTOs: link name 100, 20 tags of 30, link and image URLs of 2048, plan title 200, popup information
 * 100 / 200 / 2000, booking name 20, analytics referrer host and utm source 100), all of it without a space, is written
 * through the real API; then every administrator screen is opened in Chromium at 390 px and must not be wider than the
 * screen: `documentElement.scrollWidth <= clientWidth`, and every visible button, link and field lies inside the
 * viewport. Long names are cut with an ellipsis in rows, with the full text in `title` and in the accessible name. On
 * the public page a long title is clamped to two lines. Screenshots: `/main/list` at 390 px and 1280 px go to
 * test-results/ (docs/screenshots/ keeps the before/after pair).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiOf, type AdminApi } from './support/admin-api';
import { waitForAppTakeover } from './support/first-screen';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-좁은-화면-관리자';
const PORTS = { site: 28380, api: 28300, idp: 28390 };
const IDP_ORIGIN = `http://localhost:${PORTS.idp}`;
const results = path.join(repoRoot, 'test-results');

/** `text` repeated to exactly `length` characters: one unbroken word, the worst case for a line box. */
const unbroken = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** The fixture: the longest value of every field the API accepts (see the DTOs named in the file's docstring). */
const LONG = {
  name: unbroken('SuperLongLanternName', 100),
  tags: Array.from({ length: 20 }, (_, i) => unbroken(`Tag${String(i).padStart(2, '0')}W`, 30)).join(','),
  url: `https://shop.example.com/${unbroken('products', 2048 - 'https://shop.example.com/'.length)}`,
  imagelink: `https://img.example.com/${unbroken('photo', 2048 - 'https://img.example.com/'.length)}`,
  planTitle: unbroken('일정제목이아주긴SuperLongPlanTitle', 200),
  infoTitle: unbroken('PopupStoreTitle', 100),
  infoPlace: unbroken('SeoulSeongdongGuAddress', 200),
  infoNotice: unbroken('NoticeWithoutAnySpace', 2000),
  bookingName: unbroken('김하늘Kim', 20),
  /** A host of four 63-character labels (253 characters, the DNS limit), and a 100-character campaign. */
  referrer: `https://${[1, 2, 3].map(() => 'r'.repeat(63)).join('.')}.${'r'.repeat(57)}.com/`,
  utm: unbroken('campaign', 100),
};

let session: SiteInBrowser;
let site: RunningSite;
let page: Page;
const ids = { link: 0, plan: 0, popup: 0 };
let api: AdminApi;

/** `YYYY-MM-DD` of the day `days` after today in Seoul. */
function seoulDay(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Goes to a route inside the app without reloading it (the shell stays signed in). */
async function navigate(route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL(`${site.url}${route}`);
}

/**
 * What sticks out of a 390 px screen: the page's own sideways scroll (scrollWidth − clientWidth, px) and every
 * visible control (button, link, field) whose box is not inside the viewport, as `tag "text" left–right`.
 */
async function overflowOf(): Promise<{ extra: number; outside: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const outside = [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (getComputedStyle(element).visibility === 'hidden') return false;
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()} "${text}" ${Math.round(box.left)}–${Math.round(box.right)}`;
      });
    return { extra: root.scrollWidth - width, outside };
  });
}

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_phone_layout',
    ports: PORTS,
    adminPassword: PASSWORD,
  });
  ({ site, page } = session);
  fs.mkdirSync(results, { recursive: true });
  const admin = adminApiOf(page, site.url, IDP_ORIGIN);
  api = admin.api;
  await signInAsAdmin(page, site.url, PASSWORD);
  expect(admin.token()).not.toBe('');

  // The fixture, through the real API.
  const created = await api<{ product: { id: number } }>('POST', '/store/create', {
    pname: LONG.name,
    tag: LONG.tags,
    link: LONG.url,
    imagelink: LONG.imagelink,
  });
  ids.link = created.product.id;
  const plan = await api<{ product: { id: number } }>('POST', '/plan', {
    startdate: seoulDay(1),
    enddate: seoulDay(3),
    title: LONG.planTitle,
  });
  ids.plan = plan.product.id;
  const popup = await api<{ product: { id: number } }>('POST', '/popup', {
    cnt: '3',
    startdate: `${seoulDay(5)}T10:00:00+09:00`,
    enddate: `${seoulDay(5)}T22:30:00+09:00`,
    count: 100_000,
    table: 10_000,
    partyMin: 1,
    partyMax: 4,
  });
  ids.popup = popup.product.id;
  await api('PUT', '/popup/info', { title: LONG.infoTitle, place: LONG.infoPlace, notice: LONG.infoNotice });
  // A visitor's booking (public), with the longest name.
  const booking = await fetch(`${site.url}/api/reserve/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'phone-layout-booking-1' },
    body: JSON.stringify({
      slotId: ids.popup,
      name: LONG.bookingName,
      phone: '010-1234-5678',
      partySize: 4,
      consent: true,
    }),
  });
  expect(`${booking.status} ${await booking.text()}`).toMatch(/^201 /);
  // A visitor's page view from the longest referrer and campaign, and a click on the long card (a browser's UA).
  const beacon = await fetch(`${site.url}/api/analytics/events`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent':
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36',
    },
    body: JSON.stringify({
      events: [
        { type: 'pageview', path: '/', referrer: LONG.referrer, utm: { source: LONG.utm } },
        { type: 'click', path: '/', linkId: ids.link },
      ],
    }),
  });
  expect(`${beacon.status} ${await beacon.text()}`).toBe('204 ');
  await page.setViewportSize({ width: 390, height: 844 });
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

test('/main/list at 390 px: the long name is cut with an ellipsis, full in title and accessible name; nothing sticks out', async () => {
  await navigate('/main/list');
  const row = page.locator(`[data-testid="link-row"][data-id="${ids.link}"]`);
  await row.waitFor();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(results, 'main-list-long-name-390.png') });
  expect(await overflowOf()).toEqual({ extra: 0, outside: [] });

  const name = row.getByTestId('link-row-name');
  expect(await name.getAttribute('title')).toBe(LONG.name);
  expect(await page.getByRole('link', { name: LONG.name, exact: true }).count()).toBe(1);
  // Cut: two lines at most, the rest hidden behind an ellipsis.
  const cut = await name.evaluate((element) => ({
    lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
    hidden: element.scrollHeight > element.clientHeight,
  }));
  expect(cut).toEqual({ lines: 2, hidden: true });
  expect(await row.getByRole('button', { name: `${LONG.name} 삭제` }).count()).toBe(1);

  await page.getByTestId('link-mode-reorder').click();
  await row.getByTestId('link-row-handle').waitFor();
  expect(await overflowOf()).toEqual({ extra: 0, outside: [] });
  await page.getByTestId('link-mode-edit').click();

  await page.setViewportSize({ width: 1280, height: 900 });
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(results, 'main-list-long-name-1280.png') });
  expect(await overflowOf()).toEqual({ extra: 0, outside: [] });
  await page.setViewportSize({ width: 390, height: 844 });
});

test.each([
  ['/admin', 'admin-links-button'],
  ['/popup/list', 'popup-table'],
  [`/popup/bookings/{popup}`, 'booking-row'],
  ['/popup/info', null],
  ['/plan/list', null],
  ['/insights', null],
  ['/backup', null],
  ['/uploadimage', null],
])('%s at 390 px: no sideways scroll, every control inside the screen', async (route, testId) => {
  const to = route.replace('{popup}', String(ids.popup));
  await navigate(to);
  if (testId) await page.getByTestId(testId).first().waitFor();
  else await page.locator('h1').first().waitFor();
  if (route === '/plan/list') await page.getByText(LONG.planTitle.slice(0, 10)).first().waitFor();
  if (route === '/insights') {
    await page.getByTestId('insights-link-row').first().waitFor();
    expect(await page.locator(`[data-testid="insights-link-row"] th[title="${LONG.name}"]`).count()).toBe(1);
  }
  if (route === '/popup/info') await page.locator(`input[value="${LONG.infoTitle}"]`).waitFor();
  await page.screenshot({
    path: path.join(results, `phone-${to.replace(/\W+/g, '-').replace(/^-/, '')}.png`),
    fullPage: true,
  });
  expect(await overflowOf()).toEqual({ extra: 0, outside: [] });
});

test('the public page clamps the long title to two lines; its full text stays in title and the accessible name', async () => {
  const visitor = await session.context.newPage();
  try {
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(site.url);
    const card = visitor.getByTestId('store-card').filter({ hasText: LONG.name.slice(0, 10) });
    await card.waitFor();
    // The served card is replaced by mf-store's own once it loads: measure that one.
    await waitForAppTakeover(visitor);
    await card.scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: path.join(results, 'store-long-name-390.png') });
    const title = card.locator('.store-card__name');
    const { lines, clipped } = await title.evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return {
        lines: Math.round(element.getBoundingClientRect().height / lineHeight),
        clipped: element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth,
      };
    });
    expect(lines).toBeLessThanOrEqual(2);
    expect(clipped).toBe(true);
    expect(await title.getAttribute('title')).toBe(LONG.name);
    const extra = await visitor.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(extra).toBe(0);
  } finally {
    await visitor.close();
  }
});
