/**
 * First-party analytics in the composed site (docs/decisions/0027-first-party-analytics.md "Done when"): a visitor
 * opens `/` (a page view) and clicks a product card (a click, the shop opening in a new tab); the administrator signs
 * in through the real login form and sees both on `/insights` (mf-insights) and the card's 30-day clicks on
 * `/main/list`. With ANALYTICS_ID unset nothing leaves for Google; with a GA4 id in `/config.json` gtag.js is requested
 * (answered locally: no internet here) and receives the page view and the outbound click. Screenshots of /insights at
 * 1280 and 390 px go to test-results/.
 *
 * Every tap counted (docs/decisions/0073-every-tap-counted.md): on a phone (390 px, a 4× slower CPU), a card tapped
 * while the page's scripts are held back (the served HTML only), one tapped while the shell runs but the store's code
 * is still held, and one tapped after the take-over are each stored exactly once in analytics_events.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { waitForAppTakeover } from './support/first-screen';
import { secondsUntil } from './support/poll';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';
import { serveApp } from './support/static-app';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-통계-관리자';
const results = path.join(repoRoot, 'test-results');
const GOOGLE = /googletagmanager\.com|google-analytics\.com/;
/** A person's desktop Chrome: headless Chromium says `HeadlessChrome`, which the ingest rightly takes for a bot. */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A person's phone (Chrome on Android). */
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let session: SiteInBrowser;
let site: RunningSite;
let context: BrowserContext;
let page: Page;
const SITE_PORT = 26080;
const API_PORT = 26000;
const IDP_PORT = 26090;
/** A second shell server, started with ANALYTICS_ID (the remotes are on SITE_PORT + 1 … + 7). */
const GA_SHELL_PORT = 26089;
let stopShellWithGa: (() => Promise<void>) | undefined;

/** Every URL the first browser context requested. */
const requested: string[] = [];
/** The bodies of every ingest request, parsed. */
const ingested: { type: string; path: string; linkId?: number }[] = [];
let clickedName = '';

const isIngest = (request: Request) => request.method() === 'POST' && request.url().endsWith('/api/analytics/events');

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_insights',
    ports: { site: SITE_PORT, api: API_PORT, idp: IDP_PORT },
    adminPassword: PASSWORD,
    context: { userAgent: DESKTOP_CHROME },
  });
  ({ site, context, page } = session);
  context.on('request', (request) => {
    requested.push(request.url());
    if (isIngest(request)) ingested.push(...(JSON.parse(request.postData() ?? '{}').events ?? []));
  });
  fs.mkdirSync(results, { recursive: true });
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

test('a visitor: the page view of / and a card click leave as beacons; the shop opens in a new tab; nothing for Google', async () => {
  const viewSent = page.waitForRequest((r) => isIngest(r) && (r.postData() ?? '').includes('"pageview"'));
  await page.goto(site.url);
  const card = page.locator('a[data-testid="store-card"]').first();
  await card.waitFor();
  await viewSent;
  // The served card is plain HTML until mf-store renders its own (with the click report).
  await waitForAppTakeover(page);

  clickedName = await card.getByRole('heading').innerText();
  const href = await card.getAttribute('href');
  const clickSent = page.waitForRequest((r) => isIngest(r) && (r.postData() ?? '').includes('"click"'));
  const [shop] = await Promise.all([context.waitForEvent('page'), card.click()]);
  await shop.waitForLoadState();
  expect(shop.url()).toBe(href);
  const click = await clickSent;
  // A beacon: text/plain, no cookie header needed, answered 204.
  expect(click.headers()['content-type']).toMatch(/^text\/plain/);
  expect((await click.response())?.status()).toBe(204);
  await shop.close();

  expect(ingested).toEqual([
    { type: 'pageview', path: '/' },
    { type: 'click', path: '/', linkId: expect.any(Number) },
  ]);
  expect(requested.filter((url) => GOOGLE.test(url))).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe('');
});

test('a headless browser (a bot by its user agent) is answered 204 and not counted', async () => {
  const bot = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await bot.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
    const botPage = await bot.newPage();
    expect(await botPage.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome');
    const sent = botPage.waitForRequest(isIngest);
    await botPage.goto(site.url);
    expect((await (await sent).response())?.status()).toBe(204);
  } finally {
    await bot.close();
  }
});

test('the administrator sees the view and the click on /insights, and the 30-day clicks in the link list', async () => {
  await signInAsAdmin(page, site.url, PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(results, 'insights-admin-page-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('admin-insights-link').click();
  await page.waitForURL(`${site.url}/insights`);
  await page.getByRole('heading', { name: '방문 통계', level: 1 }).waitFor();
  await page.getByTestId('insights-total-views').waitFor();

  // Sign-in, /admin and /insights are not counted: the visitor's one view and one click are all there is.
  expect(ingested.filter((e) => e.type === 'pageview').map((e) => e.path)).toEqual(['/']);
  expect(await page.getByTestId('insights-total-views').innerText()).toBe('1');
  expect(await page.getByTestId('insights-total-visitors').innerText()).toBe('1');
  expect(await page.getByTestId('insights-total-clicks').innerText()).toBe('1');
  const first = page.getByTestId('insights-link-row').first();
  expect(await first.innerText()).toMatch(
    new RegExp(`^${clickedName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+1\\s+100%$`),
  );
  expect(await page.getByTestId('insights-link-row').nth(1).innerText()).toMatch(/\s0\s+0%$/);
  await page.getByRole('img', { name: /일별 페이지뷰, 방문자, 클릭 차트/ }).waitFor();
  await page.getByTestId('insights-devices').getByText('데스크톱 100% (페이지뷰 1)').waitFor();

  // 7 days: the same numbers.
  await page.getByRole('button', { name: '7일' }).click();
  await page.getByText(/^최근 7일 · /).waitFor();
  expect(await page.getByTestId('insights-total-clicks').innerText()).toBe('1');

  await page.screenshot({ path: path.join(results, 'insights-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(results, 'insights-390-top.png') });
  await page.getByText('표로 보기').click();
  await page.screenshot({ path: path.join(results, 'insights-390.png'), fullPage: true });
  await page.getByTestId('insights-links').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(results, 'insights-390-links.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The link list: the clicked card's row says 30일 클릭 1, the others 0.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/main/list');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('link-row').first().waitFor();
  const clicked = page.getByTestId('link-row').filter({ has: page.getByText(clickedName, { exact: true }) });
  await clicked.getByTestId('link-row-clicks').filter({ hasText: '30일 클릭 1' }).waitFor();
  const counts = await page.getByTestId('link-row-clicks').allInnerTexts();
  expect(counts.filter((text) => text === '30일 클릭 1')).toHaveLength(1);
  expect(counts.filter((text) => text === '30일 클릭 0')).toHaveLength(counts.length - 1);
  await page.screenshot({ path: path.join(results, 'insights-link-list-1280.png') });
  expect(requested.filter((url) => GOOGLE.test(url))).toEqual([]);
});

test('with a GA4 id in /config.json, gtag.js is requested and gets the page view and the outbound card click', async () => {
  const ga = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
  try {
    await ga.route(/^https:\/\/(?!localhost)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>상품</title>' }),
    );
    const gtagRequests: string[] = [];
    // The machine has no internet: answer gtag.js locally with an empty script (the page's own gtag() queues in
    // window.dataLayer, as it does before the real script arrives).
    await ga.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => {
      gtagRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag.js stand-in */' });
    });
    // The shell as `npm start` serves it with ANALYTICS_ID set, in front of this file's remotes, API and identity
    // server: its /config.json names the GA4 id, and its Content-Security-Policy (scripts/security-headers.mjs)
    // lets gtag.js in, which it does only when an id is configured.
    const shellWithGa = await serveApp('shell', GA_SHELL_PORT, {
      SITE_PORT: String(SITE_PORT),
      API_PORT: String(API_PORT),
      IDP_PORT: String(IDP_PORT),
      ANALYTICS_ID: 'G-E2ETEST01',
    });
    stopShellWithGa = shellWithGa.stop;
    const gaSiteUrl = `http://localhost:${GA_SHELL_PORT}`;
    const visitor = await ga.newPage();
    await visitor.goto(gaSiteUrl);
    const card = visitor.locator('a[data-testid="store-card"]').first();
    await card.waitFor();
    await waitForAppTakeover(visitor);
    await visitor.waitForFunction(() =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).some(
        (args) => (args as IArguments)[1] === 'page_view',
      ),
    );
    expect(gtagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2ETEST01']);

    const [shop] = await Promise.all([ga.waitForEvent('page'), card.click()]);
    await shop.waitForLoadState();
    const events = await visitor.evaluate(() =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((args) => {
        const [command, name, params] = Array.from(args as IArguments) as [string, string, Record<string, unknown>];
        if (!params || typeof params !== 'object' || !('event_callback' in params)) return { command, name, params };
        return { command, name, params: { ...params, event_callback: typeof params.event_callback } };
      }),
    );
    expect(events).toContainEqual({ command: 'config', name: 'G-E2ETEST01', params: { send_page_view: false } });
    expect(events).toContainEqual(
      expect.objectContaining({
        command: 'event',
        name: 'page_view',
        params: expect.objectContaining({ page_path: '/' }),
      }),
    );
    expect(events).toContainEqual({
      command: 'event',
      name: 'click',
      params: expect.objectContaining({
        link_url: await card.getAttribute('href'),
        outbound: true,
        transport_type: 'beacon',
        event_callback: 'function',
      }),
    });
  } finally {
    await ga.close();
    await stopShellWithGa?.();
  }
});

describe('every tap counted (docs/decisions/0073-every-tap-counted.md): a phone taps the served cards before, during and after the take-over', () => {
  let db: Client;
  beforeAll(async () => {
    db = new Client({ connectionString: session.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  /** The stored clicks of each of `linkIds` (analytics_events, as the ingest wrote them). */
  async function storedClicks(linkIds: number[]): Promise<number[]> {
    const { rows } = await db.query<{ link_id: number; clicks: number }>(
      `SELECT link_id, count(*)::int AS clicks FROM analytics_events
        WHERE kind = 'click' AND link_id = ANY($1::int[]) GROUP BY link_id`,
      [linkIds],
    );
    return linkIds.map((id) => rows.find((row) => row.link_id === id)?.clicks ?? 0);
  }

  /** A gate that holds the requests routed to it until it is opened. */
  function gate() {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return {
      open,
      hold: async (route: Route) => {
        await opened;
        await route.continue();
      },
    };
  }

  test('a tap before any script, one while the store loads and one after: each stored exactly once', async () => {
    const phone = await session.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'ko-KR',
      userAgent: PHONE_CHROME,
    });
    try {
      await phone.route(/^https:\/\/(?!localhost)/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>상품</title>' }),
      );
      const config = (await (await fetch(`${site.url}/config.json`)).json()) as { remotes: Record<string, string> };
      const siteOrigin = new URL(site.url).origin;
      const storeOrigin = new URL(config.remotes.mf_store!, site.url).origin;
      expect(storeOrigin).not.toBe(siteOrigin);
      // The shell's scripts (main.js and its chunks) and everything of the store's remote wait for their gates.
      const shellScripts = gate();
      const storeCode = gate();
      await phone.route(
        (url) => url.origin === siteOrigin && /^\/static\/js\/.+\.js$/.test(url.pathname),
        shellScripts.hold,
      );
      await phone.route((url) => url.origin === storeOrigin, storeCode.hold);

      const visitor = await phone.newPage();
      const cdp = await phone.newCDPSession(visitor);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const ingested: { type: string; linkId?: number }[] = [];
      visitor.on('request', (request) => {
        if (isIngest(request)) ingested.push(...(JSON.parse(request.postData() ?? '{}').events ?? []));
      });
      /**
       * Taps the `index`th card (link `linkId`): the click leaves as a beacon, answered 204 (awaited: the tap was
       * handled in the state it was made in; `then` runs at that point), and the shop opens in a new tab, which is
       * checked and closed.
       */
      const tapCard = async (index: number, linkId: number, then = () => undefined as void) => {
        const card = visitor.locator('a[data-testid="store-card"]').nth(index);
        const sent = visitor.waitForRequest((r) => isIngest(r) && (r.postData() ?? '').includes(`"linkId":${linkId}`));
        const [shop] = await Promise.all([phone.waitForEvent('page'), card.tap()]);
        expect((await (await sent).response())?.status()).toBe(204);
        then();
        await shop.waitForLoadState();
        expect(shop.url()).toBe(await card.getAttribute('href'));
        await shop.close();
      };

      // The served page only: the shell's main.js is held, so no script of the app has run (DOMContentLoaded waits
      // for the deferred main.js too).
      await visitor.goto(site.url, { waitUntil: 'commit' });
      const cards = visitor.locator('a[data-testid="store-card"]');
      await cards.nth(2).waitFor();
      const linkIds = await Promise.all(
        [0, 1, 2].map(async (i) => Number(await cards.nth(i).getAttribute('data-link-id'))),
      );
      expect(linkIds.every((id) => id > 0)).toBe(true);
      const before = await storedClicks(linkIds);
      expect(await visitor.evaluate(() => document.readyState)).not.toBe('complete');
      expect(await visitor.locator('[data-first-screen="mf_store/StorePage"]').getAttribute('data-state')).toBe(
        'served',
      );
      await visitor.screenshot({ path: path.join(results, 'early-tap-served-390.png') });

      await tapCard(0, linkIds[0]!);

      // The shell hydrates (a visitor's banner slot turns `static`), the store's code is still held: React's own
      // listener on #root now meets the card it cannot hydrate yet and stops the click there.
      shellScripts.open();
      await visitor.locator('[data-first-screen][data-state="static"]').waitFor({ state: 'attached' });
      expect(await visitor.locator('[data-first-screen="mf_store/StorePage"]').getAttribute('data-state')).toBe(
        'served',
      );
      // The store's code is let through as soon as that tap is sent: before the shell gives up on the store's entry
      // (8 s, shell/src/remotes/remote-registry.ts).
      await tapCard(1, linkIds[1]!, storeCode.open);

      // The store takes its slot over; from then on the tracker counts the taps, the early listener none.
      await waitForAppTakeover(visitor, 60_000);
      await tapCard(2, linkIds[2]!);
      // Leaving the page sends whatever the tracker still holds.
      await visitor.close({ runBeforeUnload: true });

      const expected = before.map((count) => count + 1);
      await secondsUntil(
        async () => JSON.stringify(await storedClicks(linkIds)) === JSON.stringify(expected),
        15_000,
      ).catch(() => undefined);
      expect(await storedClicks(linkIds)).toEqual(expected);
      // And stays so: nothing arrives later to count a tap twice (the tracker's queue waits 1 s at most).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await storedClicks(linkIds)).toEqual(expected);
      expect(ingested.filter((event) => event.type === 'click').map((event) => event.linkId)).toEqual(linkIds);
    } finally {
      await phone.close();
    }
  });
});
