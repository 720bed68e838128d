import type { Page, Request, Response } from 'playwright-core';

/**
 * Watches `page`'s requests from now on; `quiet()` resolves once the page has started no request for `quietMs` and
 * every request it started has its response (headers) or failed. Playwright's `networkidle` waits for each response's
 * body as well, and Chrome never reports the end of a stale-while-revalidate background revalidation to the page (the
 * API's public reads allow 30 s of it): `networkidle` then waited until the browser dropped the request, 8 to 28 s
 * after the page had settled.
 *
 *   const network = watchNetwork(page);
 *   await page.goto(url);
 *   await network.quiet();
 *
 * @throws Error naming the pending requests when the page is not quiet within `timeoutMs`
 */
export function watchNetwork(page: Page) {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastChange = Date.now();
  };
  const settled = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  const answered = (response: Response) => settled(response.request());
  page.on('request', started);
  page.on('response', answered);
  page.on('requestfailed', settled);
  return {
    async quiet(quietMs = 500, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      try {
        while (pending.size > 0 || Date.now() - lastChange < quietMs) {
          if (Date.now() > deadline) {
            const urls = [...pending].map((request) => request.url());
            throw new Error(`the page's network was not quiet within ${timeoutMs} ms; pending: ${urls.join(', ')}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        page.off('request', started);
        page.off('response', answered);
        page.off('requestfailed', settled);
      }
    },
  };
}
