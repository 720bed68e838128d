/**
 * docs/decisions/0033-head-and-link-preview.md in the browser: `/` as `npm start` serves it links to icons that load, a
 * manifest that is valid JSON with what an installable site needs, and a link-preview image, all under the site's
 * Content-Security-Policy (support/browser.ts fails the test on any violation). Screenshots at 390 and 1280 px in
 * test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { openSharedSiteInBrowser } from './support/shared-site';
import type { SiteInBrowser } from './support/site-in-browser';
import { repoRoot } from './support/site';

jest.setTimeout(420_000);

const results = path.join(repoRoot, 'test-results');
let session: SiteInBrowser;

beforeAll(async () => {
  // It only reads: the site the read-only browser tests share (support/shared-site.ts).
  session = await openSharedSiteInBrowser();
  fs.mkdirSync(results, { recursive: true });
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

test('/ links to icons and a manifest that load, and shows the page as before at 390 and 1280 px', async () => {
  const { page, site } = session;
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(site.url);
  await page.locator('[data-testid="store-card"]').first().waitFor();
  expect(await page.title()).toBe('링크 & 일정');

  const head = await page.evaluate(() =>
    [...document.head.querySelectorAll('link[rel], meta[name="theme-color"]')].map((element) =>
      element instanceof HTMLLinkElement
        ? `${element.rel} ${element.getAttribute('href')}`
        : `theme-color ${element.getAttribute('content')}`,
    ),
  );
  expect(head).toEqual(
    expect.arrayContaining([
      'icon /favicon.svg',
      'icon /favicon-32.png',
      'apple-touch-icon /apple-touch-icon.png',
      'manifest /api/site/manifest.webmanifest',
      'theme-color #111827',
    ]),
  );

  // What the browser fetches for them, from the page (same origin, the page's CSP).
  const fetched = await page.evaluate(async () => {
    const answers: Record<string, { status: number; type: string; bytes: number[] }> = {};
    for (const href of ['/favicon.svg', '/favicon-32.png', '/apple-touch-icon.png', '/api/site/og.jpg']) {
      const res = await fetch(href);
      answers[href] = {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        bytes: [...new Uint8Array(await res.arrayBuffer())],
      };
    }
    const manifest = await fetch('/api/site/manifest.webmanifest');
    return {
      answers,
      manifest: { status: manifest.status, type: manifest.headers.get('content-type'), text: await manifest.text() },
    };
  });
  expect(fetched.answers['/favicon.svg']).toMatchObject({ status: 200, type: 'image/svg+xml' });
  for (const [href, size] of [
    ['/favicon-32.png', 32],
    ['/apple-touch-icon.png', 180],
  ] as const) {
    expect(fetched.answers[href]!.status).toBe(200);
    const meta = await sharp(Buffer.from(fetched.answers[href]!.bytes)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: size, height: size });
  }
  const og = await sharp(Buffer.from(fetched.answers['/api/site/og.jpg']!.bytes)).metadata();
  expect(og).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

  expect(fetched.manifest.status).toBe(200);
  expect(fetched.manifest.type).toBe('application/manifest+json; charset=utf-8');
  const manifest = JSON.parse(fetched.manifest.text) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: '링크 & 일정', start_url: '/', display: 'standalone' });
  expect(failed).toEqual([]);

  await page.screenshot({ path: path.join(results, 'site-head-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-testid="store-card"]').first().waitFor();
  await page.screenshot({ path: path.join(results, 'site-head-390.png') });
});
