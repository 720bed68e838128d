/**
 * The HTML is the page (docs/decisions/0032-server-rendered-first-screen.md, docs/first-screen.md): the served `/`
 * already holds the banner and every product card with its shop link, rendered by the apps' own components through the
 * API, styled without JavaScript; with JavaScript the app takes the markup over with no layout shift and without
 * reading the store again. The site is the one the read-only browser tests share (support/shared-site.ts), started as
 * `npm start` runs it, on free ports and a fresh seeded database.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parsedElementsKept, tagParsedElements, waitForAppTakeover } from './support/first-screen';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot } from './support/site';
import { openSharedSiteInBrowser, SHARED_SITE_ADMIN_PASSWORD } from './support/shared-site';
import type { SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

interface StoreLink {
  pname: string;
  link: string | null;
}

const ADMIN_PASSWORD = SHARED_SITE_ADMIN_PASSWORD;
let s: SiteInBrowser;
let store: StoreLink[];
let plans: { title: string }[];

beforeAll(async () => {
  // It only reads the seeded site (signing in is per browser): the shared one (support/shared-site.ts).
  s = await openSharedSiteInBrowser();
  store = ((await (await fetch(`${s.site.url}/api/store`)).json()) as { product: StoreLink[] }).product;
  plans = ((await (await fetch(`${s.site.url}/api/plan/list?upcoming=1`)).json()) as { product: { title: string }[] })
    .product;
}, 420_000);

afterAll(async () => {
  expect(await s?.close()).toBe(0);
});

/** Every demo card is on the page, with its name and its shop link. */
async function expectEveryCard(page: Page): Promise<void> {
  const cards = page.locator('[data-testid="store-card"]');
  expect(await cards.count()).toBe(store.length);
  expect(await cards.locator('.store-card__name').allTextContents()).toEqual(store.map((l) => l.pname));
  for (const [index, link] of store.entries()) {
    expect(await cards.nth(index).getAttribute('href')).toBe(link.link);
  }
}

describe('without JavaScript', () => {
  for (const width of [390, 1280]) {
    test(`/ at ${width} px shows the banner and every card with its link, styled`, async () => {
      const context = await s.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
        locale: 'ko-KR',
      });
      await context.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
      try {
        const page = await context.newPage();
        await page.goto(`${s.site.url}/`);
        expect(store.length).toBe(26);
        await expectEveryCard(page);
        expect(await page.locator('[data-testid="plan-item"] .plan-item__title').allTextContents()).toEqual(
          plans.map((p) => p.title),
        );
        // The stylesheet applied: cards sit side by side in the grid (2 columns at 390 px, 4 at 1280 px).
        const boxes = await Promise.all(
          [0, 1].map(async (i) => page.locator('[data-testid="store-card"]').nth(i).boundingBox()),
        );
        expect(boxes[1]!.y).toBe(boxes[0]!.y);
        expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width);
        expect(boxes[0]!.width).toBeLessThan(width / 2);
        // docs/screenshots/store-no-js-*.png are copies of these.
        fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
        await page.screenshot({
          path: path.join(repoRoot, 'test-results', `store-no-js-${width}.png`),
          fullPage: width === 390 ? false : true,
        });
      } finally {
        await context.close();
      }
    });
  }

  test('other routes are served without the first screen', async () => {
    const html = await (await fetch(`${s.site.url}/plan/list`)).text();
    expect(html).toContain('<div id="root"></div>');
    const home = await (await fetch(`${s.site.url}/`)).text();
    expect(home.match(/data-testid="store-card"/g)).toHaveLength(store.length);
    expect(home).toContain('<script type="application/json" id="first-screen-data">');
  });
});

describe("the shell's server runs a remote's server build (scripts/first-screen/render-worker.mjs)", () => {
  test('with the Node built-ins a render needs, and refuses the others (no process, no code loading)', () => {
    const script = `
      import { evaluateCommonJs } from './scripts/first-screen/render-worker.mjs';
      const outcome = (code) => {
        try {
          return Object.keys(evaluateCommonJs(code, 'test'));
        } catch (error) {
          return error.message;
        }
      };
      console.log(JSON.stringify({
        allowed: outcome('exports.render = () => require("zlib") && require("node:crypto") && "ok";'),
        process: outcome('require("child_process")'),
        code: outcome('require("node:vm")'),
        file: outcome('require("./elsewhere.js")'),
      }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      allowed: ['render'],
      process: 'test: child_process 을(를) 불러올 수 없습니다 (허용된 Node 내장 모듈만 됩니다)',
      code: 'test: node:vm 을(를) 불러올 수 없습니다 (허용된 Node 내장 모듈만 됩니다)',
      file: 'test: ./elsewhere.js 을(를) 불러올 수 없습니다 (허용된 Node 내장 모듈만 됩니다)',
    });
  });
});

describe("npm start's SSI resolver (scripts/ssi-include.mjs)", () => {
  test('inserts an include only from a 200 answer: an error status, a refused connection or a time-out give nothing, or the stub block named', () => {
    const script = `
      import http from 'node:http';
      import { argument, fetchInclude, resolveSsi } from './scripts/ssi-include.mjs';
      const server = http.createServer((req, res) => {
        if (req.url === '/api/ok') return res.end('<p>ok</p>');
        if (req.url === '/api/slow') return setTimeout(() => res.end('<p>late</p>'), 1000);
        res.statusCode = 500;
        res.end('{"statusCode":500}');
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const origin = 'http://127.0.0.1:' + server.address().port;
      // The head's defaults (docs/decisions/0033-head-and-link-preview.md): a block left out of the page, standing in
      // for an include that failed.
      const page = '<!--# include virtual="/api/ok" -->|<!--# include virtual="/api/fail" -->|' +
        '<!--# include virtual="/api/slow" -->|' +
        '<!--# block name="defaults" --><title>기본</title><!--# endblock -->' +
        '<!--# include virtual="/api/fail" stub="defaults" -->|<!--# include virtual="/api/ok" stub="defaults" -->';
      const include = (virtual) => fetchInclude(origin, virtual, { timeoutMs: 300 });
      const resolved = await resolveSsi(page, include);
      const refused = await fetchInclude('http://127.0.0.1:1', '/api/site/head');
      // nginx's $arg_tag, as the page's tag reaches the first screen: the first tag parameter as sent (name without
      // regard to case), empty without one.
      const tagged = argument('utm_source=ig&TAG=%EC%BA%A0%ED%95%91&tag=x', 'tag');
      const untagged = argument('utm_source=ig', 'tag');
      server.close();
      server.closeAllConnections();
      console.log(JSON.stringify({ resolved, refused, tagged, untagged }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      resolved: '<p>ok</p>|||<title>기본</title>|<p>ok</p>',
      refused: '',
      tagged: '%EC%BA%A0%ED%95%91',
      untagged: '',
    });
  });
});

describe('with JavaScript', () => {
  test('a signed-in administrator gets the cover-edit button after hydration, the served elements kept', async () => {
    const context = await s.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
    try {
      const page = await context.newPage();
      await signInAsAdmin(page, s.site.url, ADMIN_PASSWORD);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await tagParsedElements(page, '.plan-banner__cover');
      // The served page is the same for everybody: it has no cover-edit button.
      await page.goto(`${s.site.url}/`);
      await waitForAppTakeover(page);
      await page.getByTestId('cover-edit-button').waitFor();
      // The banner was hydrated, not rendered anew for the button the server could not know about.
      expect(await parsedElementsKept(page, '.plan-banner__cover')).toEqual([true]);
      expect(warnings.filter((text) => text.includes('[hydrate]'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the app hydrates the served markup, keeping its elements, with no layout shift and no second read', async () => {
    const page = await s.context.newPage();
    // After the take-over the banner's image and the cards must be the elements the HTML parser made.
    await tagParsedElements(page, '.plan-banner__cover, [data-testid="store-card"]');
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      w.__cls = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          for (const source of entry.sources ?? []) {
            const node = source.node as Element | null | undefined;
            w.__shifts.push(`${entry.value.toFixed(4)} ${node?.className ?? node?.nodeName ?? '?'}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/store', '/api/tag/list', '/api/plan/list', '/api/cover'].includes(pathname)) reads.push(pathname);
    });
    await page.goto(`${s.site.url}/`);
    // The remotes have hydrated their slots and the keyword cloud is laid out.
    await waitForAppTakeover(page);
    await page.locator('[data-testid="cloud-word"]').first().waitFor();
    await page.locator('.site-footer').waitFor();
    await expectEveryCard(page);
    // Hydrated, not re-created: the banner's image and every card are the elements the HTML parser made (React
    // attached to them), so the largest paint is the served one and no image is decoded twice.
    expect(await parsedElementsKept(page, '.plan-banner__cover')).toEqual([true]);
    const cards = await parsedElementsKept(page, '[data-testid="store-card"]');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every(Boolean)).toBe(true);
    expect(await page.locator('[data-testid="plan-item"]').count()).toBe(plans.length);
    // The inlined data was used: the store, tags, plans and cover were not fetched.
    expect(reads).toEqual([]);
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    expect(shifts).toEqual([]);
    expect(cls).toBe(0);
    fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'first-screen-js-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'first-screen-js-390.png') });
    await page.close();
  });

  test('on a phone the keyword cloud is laid out once (one long task, not one per update of its width)', async () => {
    const context = await s.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    // A phone's CPU: the take-over's updates then meet the hydration, as on a phone (the layout ran 2 to 7 times).
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${s.site.url}/`);
    await waitForAppTakeover(page);
    await page.locator('[data-testid="cloud-word"]').first().waitFor();
    const layouts = () => page.evaluate(() => performance.getEntriesByName('keyword-cloud:layout', 'measure').length);
    expect(await layouts()).toBe(1);
    // A new width is a new layout.
    await page.setViewportSize({ width: 700, height: 844 });
    await page.waitForFunction(() => performance.getEntriesByName('keyword-cloud:layout', 'measure').length === 2);
    await context.close();
  });

  test("a page opened on a tag (/?tag=…) is served with that tag's cards and taken over as it is", async () => {
    const [word] = ((await (await fetch(`${s.site.url}/api/tag/list`)).json()) as { product: { text: string }[] })
      .product;
    const address = `${s.site.url}/?tag=${encodeURIComponent(word!.text)}&utm_source=kakao`;
    const tagged = (
      (await (await fetch(`${s.site.url}/api/store/page?tag=${encodeURIComponent(word!.text)}`)).json()) as {
        product: { items: StoreLink[] };
      }
    ).product.items;
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThan(store.length);
    // Served for the tag: its cards only, with the filter line.
    const html = await (await fetch(address)).text();
    expect(html.match(/data-testid="store-card"/g)).toHaveLength(tagged.length);
    expect(html).toContain('data-testid="tag-filter"');

    const page = await s.context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/store')) reads.push(request.url());
    });
    await tagParsedElements(page, '[data-testid="store-card"]');
    await page.goto(address);
    await waitForAppTakeover(page);
    await page.locator('[data-testid="cloud-word"]').first().waitFor();
    expect(await page.locator('[data-testid="store-card"] .store-card__name').allTextContents()).toEqual(
      tagged.map((link) => link.pname),
    );
    // Hydrated, not rendered anew: the same elements, no recoverable hydration error, no read of the tag's page.
    const kept = await parsedElementsKept(page, '[data-testid="store-card"]');
    expect(kept).toHaveLength(tagged.length);
    expect(kept.every(Boolean)).toBe(true);
    expect(warnings.filter((text) => text.includes('[hydrate]'))).toEqual([]);
    expect(reads).toEqual([]);
    await page.close();
    fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
    for (const width of [390, 1280]) {
      const shot = await s.context.newPage();
      await shot.setViewportSize({ width, height: 900 });
      await shot.goto(address);
      await waitForAppTakeover(shot);
      await shot.locator('[data-testid="cloud-word"]').first().waitFor();
      // The words fade in: the picture once they have.
      await shot.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await shot.screenshot({ path: path.join(repoRoot, 'test-results', `first-screen-tag-${width}.png`) });
      await shot.close();
    }
  });
});
