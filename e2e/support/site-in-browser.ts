import { Client } from 'pg';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { createMigratedTestDatabase } from '../../api/src/test/test-database';
import { launchChromium } from './browser';
import { RunningSite, startSite } from './site';

export interface SiteInBrowser {
  site: RunningSite;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** `postgres://…` of the site's fresh database (a test may prepare rows the screens then show). */
  databaseUrl: string;
  /** Runs one SQL statement on the site's database over a short-lived connection; resolves with its rows. */
  sql<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Every alert / confirm message the page raised, in order; each was accepted. Clear with `dialogs.length = 0`. */
  dialogs: string[];
  /** Closes the browser, stops the site (Ctrl-C) and drops its database; resolves with the site's exit code. */
  close(): Promise<number | null>;
}

export interface SiteInBrowserOptions {
  /** Prefix of the fresh database's name (`linksite_e2e_links`). */
  databasePrefix: string;
  ports: { site: number; api: number; idp: number };
  /** Password of the administrator `admin` of the embedded identity provider. */
  adminPassword: string;
  /** More environment of `scripts/start.mjs` (`ACCESS_TOKEN_TTL`, say). */
  env?: Record<string, string>;
  /** More options of the browser context (`timezoneId`, say). */
  context?: BrowserContextOptions;
  /** More Chromium flags (launchChromium's `extraArgs`): a fake camera, say. */
  browserArgs?: string[];
}

/**
 * The common start of a browser test: a fresh database, the composed site on it as `npm start` runs it, Debian's
 * Chromium with one 1280×900 Korean page whose dialogs are recorded and accepted. Signs nobody in. If a step
 * fails, what was started is stopped again before the error is passed on. A test that only reads the seeded site
 * takes the shared one instead (support/shared-site.ts openSharedSiteInBrowser).
 */
export async function openSiteInBrowser(options: SiteInBrowserOptions): Promise<SiteInBrowser> {
  const database = await createMigratedTestDatabase(options.databasePrefix);
  let site: RunningSite | undefined;
  const stopSite = async (): Promise<number | null> => {
    const code = (await site?.stop()) ?? null;
    await database.drop();
    return code;
  };
  try {
    site = await startSite({
      DATABASE_URL: database.url,
      SITE_PORT: String(options.ports.site),
      API_PORT: String(options.ports.api),
      IDP_PORT: String(options.ports.idp),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: options.adminPassword,
      ...options.env,
    });
  } catch (error) {
    await stopSite();
    throw error;
  }
  return openBrowserOn(site, database.url, options, stopSite);
}

/**
 * Debian's Chromium with one 1280×900 Korean page on a started `site` whose database is `databaseUrl`; `close()`
 * closes the browser, then runs `stopSite` and resolves with what it resolves with. If the browser fails to open,
 * `stopSite` runs before the error is passed on.
 */
export async function openBrowserOn(
  site: RunningSite,
  databaseUrl: string,
  options: Pick<SiteInBrowserOptions, 'context' | 'browserArgs'>,
  stopSite: () => Promise<number | null>,
): Promise<SiteInBrowser> {
  let browser: Browser | undefined;
  const close = async (): Promise<number | null> => {
    await browser?.close();
    return stopSite();
  };
  try {
    browser = await launchChromium(options.browserArgs);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'ko-KR',
      ...options.context,
    });
    // Seeded product links point at real shops; answer them locally (this machine has no internet).
    await context.route(/^https:\/\/(?!localhost)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>상품</title>' }),
    );
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    };
    return { site, browser, context, page, dialogs, databaseUrl, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}
