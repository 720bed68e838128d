/**
 * A visitor loads only what it shows (docs/decisions/0034-visitor-loads-what-it-shows.md, and item 8's CI checks): `/`
 * opened in a fresh browser makes no request to the identity server and loads no keycloak-js, and the JavaScript it
 * loads stays under the gzip budget kept in `bench/budgets.json`. After signing in, `/` in the same browser shows the
 * signed-in footer (the "signed in here before" flag starts check-sso at once); after logout it is a visitor's page
 * again. The site the read-only browser tests share (support/shared-site.ts), on free ports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { watchNetwork } from './support/network-quiet';
import { openSharedSiteInBrowser, SHARED_SITE_ADMIN_PASSWORD } from './support/shared-site';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import type { SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(120_000);

const PASSWORD = SHARED_SITE_ADMIN_PASSWORD;
/**
 * A string only keycloak-js's own code holds (one of its init options); the platform's auth store, which every page
 * loads, names other options but never this one. Chunk names are numeric ids in production, so the content decides.
 */
const KEYCLOAK_MARKER = 'silentCheckSsoFallback';
/** Screenshots of the footer's two states, to look at (not committed). */
const results = path.join(repoRoot, 'test-results', 'public-route-auth');

interface Budgets {
  publicHomeJsGzipBytes: { budget: number };
}
const budgets = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench', 'budgets.json'), 'utf8')) as Budgets;

interface LoadedScript {
  url: string;
  /** Bytes of the body gzipped at level 9 (as `bench/bundle-sizes.mjs` counts and nginx sends with gzip on). */
  gzip: number;
  keycloak: boolean;
}

let session: SiteInBrowser;
let site: RunningSite;
let context: BrowserContext;
let page: Page;
let dialogs: string[];
let idpOrigin: string;

/** Every request of every frame of the context, and every JavaScript file it received, from now on. */
function record(target: BrowserContext) {
  const requests: string[] = [];
  const scripts: Promise<LoadedScript>[] = [];
  const onRequest = (request: { url(): string }) => requests.push(request.url());
  const onResponse = (response: import('playwright-core').Response) => {
    const url = response.url();
    const isScript = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname);
    if (!isScript || response.status() !== 200) return;
    scripts.push(
      response.body().then((body) => ({
        url,
        gzip: gzipSync(body, { level: 9 }).length,
        keycloak: body.toString('utf8').includes(KEYCLOAK_MARKER),
      })),
    );
  };
  target.on('request', onRequest);
  target.on('response', onResponse);
  return {
    requests,
    async scripts(): Promise<LoadedScript[]> {
      return Promise.all(scripts);
    },
    stop() {
      target.off('request', onRequest);
      target.off('response', onResponse);
    },
  };
}

/** `/` with its cards and footer shown and the network quiet (lazy chunks, images and reads done). */
async function openHome(): Promise<void> {
  const network = watchNetwork(page);
  await page.goto(site.url);
  await page.locator('[data-testid="store-card"]').first().waitFor();
  await page.getByTestId('plan-banner').waitFor();
  await network.quiet();
}

beforeAll(async () => {
  // It only reads the seeded site; its sign-in and logout live in its own browser: the shared site.
  session = await openSharedSiteInBrowser();
  ({ site, context, page, dialogs } = session);
  const config = (await (await fetch(`${site.url}/config.json`)).json()) as { auth: { url: string } };
  idpOrigin = new URL(config.auth.url).origin;
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

test('a fresh browser on / asks nothing of the identity server, loads no keycloak-js, and stays in budget', async () => {
  const log = record(context);
  await openHome();
  log.stop();
  const scripts = await log.scripts();

  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const { budget } = budgets.publicHomeJsGzipBytes;
  console.log(
    `/ in a fresh browser: ${log.requests.length} requests, ${scripts.length} JS files, ${gzip} B JS gzip ` +
      `(${(gzip / 1024).toFixed(1)} KiB; budget ${budget} B)`,
  );

  expect(log.requests.filter((url) => url.startsWith(idpOrigin))).toEqual([]);
  expect(scripts.filter((script) => script.keycloak).map((script) => script.url)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('linksite.signedInBefore'))).toBeNull();
  await page.getByTestId('footer-login').waitFor();
  fs.mkdirSync(results, { recursive: true });
  await page.screenshot({ path: path.join(results, 'public-home-visitor-1280.png'), fullPage: true });
  if (gzip > budget) {
    throw new Error(
      `bench/budgets.json publicHomeJsGzipBytes: / loads ${gzip} B of JavaScript (gzip), over the budget of ` +
        `${budget} B by ${gzip - budget} B. Files: ${scripts.map((s) => `${s.url} ${s.gzip}`).join(', ')}`,
    );
  }
});

/** The remotes' public routes (remotes.json `publicRoutes`), a parameter filled with a sample value. */
const publicRoutes = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'remotes.json'), 'utf8')) as {
    remotes: { publicRoutes: string[] }[];
  }
).remotes
  .flatMap((remote) => remote.publicRoutes)
  .map((route) => route.replace(/:[A-Za-z]+/g, 'ABC123'));

test("the remotes' public routes in a fresh browser ask nothing of the identity server and load no keycloak-js", async () => {
  expect(publicRoutes.length).toBeGreaterThan(0);
  const fresh = await session.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
  try {
    const freshPage = await fresh.newPage();
    freshPage.on('dialog', (dialog) => void dialog.accept());
    const home = watchNetwork(freshPage);
    await freshPage.goto(site.url);
    await freshPage.getByTestId('footer-login').waitFor();
    await home.quiet();
    await freshPage.screenshot({ path: path.join(results, 'public-home-visitor-390.png'), fullPage: true });
    for (const route of publicRoutes) {
      const log = record(fresh);
      const network = watchNetwork(freshPage);
      await freshPage.goto(`${site.url}${route}`);
      await freshPage.getByTestId('plan-banner').waitFor();
      await network.quiet();
      log.stop();
      expect({ route, identityServer: log.requests.filter((url) => url.startsWith(idpOrigin)) }).toEqual({
        route,
        identityServer: [],
      });
      const keycloak = (await log.scripts()).filter((script) => script.keycloak).map((script) => script.url);
      expect({ route, keycloak }).toEqual({ route, keycloak: [] });
      expect(await freshPage.getByText('불러오는 중…').count()).toBe(0);
    }
  } finally {
    await fresh.close();
  }
});

test('after signing in, / in the same browser runs check-sso and the footer shows 로그아웃 and 관리자', async () => {
  await signInAsAdmin(page, site.url, PASSWORD);
  expect(await page.evaluate(() => localStorage.getItem('linksite.signedInBefore'))).toBe('1');
  // The admin page's own loads finish first: a body still in flight when the next page opens cannot be read.
  await page.waitForLoadState('networkidle');

  const log = record(context);
  await openHome();
  await page.getByTestId('footer-logout').waitFor();
  log.stop();
  await page.screenshot({ path: path.join(results, 'public-home-signed-in-1280.png') });
  expect(await page.getByTestId('footer-admin').getAttribute('href')).toBe('/admin');
  // The check really ran, and the marker above really finds keycloak-js when it loads.
  expect(log.requests.some((url) => url.startsWith(idpOrigin))).toBe(true);
  expect((await log.scripts()).some((script) => script.keycloak)).toBe(true);
});

test('after logout, / is a visitor page again: no identity server, no keycloak-js', async () => {
  dialogs.length = 0;
  await page.getByTestId('footer-logout').click();
  await page.waitForURL(`${site.url}/`);
  expect(dialogs).toEqual(['로그아웃 되었습니다.']);
  expect(await page.evaluate(() => localStorage.getItem('linksite.signedInBefore'))).toBeNull();
  await page.waitForLoadState('networkidle');

  const log = record(context);
  await openHome();
  log.stop();
  expect(log.requests.filter((url) => url.startsWith(idpOrigin))).toEqual([]);
  expect((await log.scripts()).filter((script) => script.keycloak)).toEqual([]);
  await page.getByTestId('footer-login').waitFor();
});
