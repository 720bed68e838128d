/**
 * A remote's team releases it alone and visitors get it, server render included
 * (docs/decisions/0057-remotes-ship-alone-with-ssr.md; docs/deploy.md "Releases, rollback and canary"). mf-store and
 * mf-plans are checked out and built apart from the workspace, as their teams would release them, and served by their
 * own servers; the composed site (`npm start`) is pointed at those servers and never rebuilt or restarted. Each release
 * is immutable under `releases/<version>/`; the running configuration (`REMOTE_RELEASES_FILE`) pins a live release
 * (rollback) or gives a candidate a share of page views (canary). Every page names the release of each slot, and the
 * browser hydrates exactly that release.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestDatabase } from '../api/src/test/test-database';
import { stablePortBlock } from '../api/src/test/stable-ports';
import { launchChromium } from './support/browser';
import { waitForAppTakeover } from './support/first-screen';
import { freeSitePorts } from './support/free-ports';
import { secondsUntil } from './support/poll';
import { remoteReleases, type RemoteReleases } from './support/remote-release';
import { repoRoot, type RunningSite, startSite } from './support/site';
import { buildApp, serveApp } from './support/static-app';

jest.setTimeout(300_000);

const workDir = path.join(repoRoot, 'test-results', `remote-releases-${process.pid}`);
const releaseConfigFile = path.join(workDir, 'remote-releases.json');

/** A remote released apart from the workspace: its checkout, its own server, and its releases by name. */
interface TeamRemote {
  name: 'mf_store' | 'mf_plans';
  checkout: RemoteReleases;
  dir: string;
  port: number;
  stop?: () => Promise<void>;
}

const OLD = { store: '인기 키워드', plans: '다가오는 일정' };
const NEW = { store: '인기 키워드 — 새 배포', plans: '다가오는 일정 — 새 배포' };

let store: TeamRemote;
let plans: TeamRemote;
let site: RunningSite;
let dropDatabase: () => Promise<void>;
let browser: Browser;
/** The versions built: A (as checked out), B (with the new label). */
const version = { storeA: '', storeB: '', plansA: '', plansB: '' };

/** Builds the checkout as a release (build/app-release.js) and returns its version. */
function release(remote: TeamRemote): string {
  buildApp(remote.dir);
  const index = JSON.parse(fs.readFileSync(path.join(remote.dir, 'releases', 'index.json'), 'utf8')) as {
    latest: string;
  };
  return index.latest;
}

/** Replaces `from` with `to` in the checkout's `file`. */
function edit(remote: TeamRemote, file: string, from: string, to: string): void {
  const absolute = path.join(remote.dir, file);
  const text = fs.readFileSync(absolute, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(absolute, text.replace(from, to));
}

/** Writes the running configuration of releases (replaced whole, as an operator's tool would). */
function configure(config: Record<string, unknown>): void {
  const temporary = `${releaseConfigFile}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(config));
  fs.renameSync(temporary, releaseConfigFile);
}

/**
 * The served `/` as a visitor without JavaScript gets it. A kept-alive connection the server closed while idle (its
 * 5 s keep-alive ends while a release builds) is opened anew once, as a browser does.
 */
async function served(): Promise<string> {
  const response = await fetch(`${site.url}/`).catch(() => fetch(`${site.url}/`));
  expect(response.status).toBe(200);
  return response.text();
}

/** The page's releases block: the version of each slot's remote. */
function releasesOf(html: string): Record<string, string> {
  const block = /<script type="application\/json" id="first-screen-releases">(.*?)<\/script>/.exec(html)?.[1];
  if (!block) return {};
  const releases = JSON.parse(block) as Record<string, { version: string }>;
  return Object.fromEntries(Object.entries(releases).map(([name, { version: v }]) => [name, v]));
}

/** A page of a fresh context with JavaScript on, and what its console said and which remote files it loaded. */
async function visit(
  context: BrowserContext,
  block?: RegExp,
): Promise<{ page: Page; errors: string[]; hydration: string[]; entries: string[]; chunks: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const hydration: string[] = [];
  const entries: string[] = [];
  const chunks: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|#418|#423|#425/i.test(message.text())) hydration.push(message.text());
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (url.endsWith('/remoteEntry.js')) entries.push(url);
    else if (/\/static\/js\/.*\.chunk\.js$/.test(url)) chunks.push(url);
  });
  // A release whose files are gone: its addresses answer 404, as a pruned release does.
  if (block) await page.route(block, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto(`${site.url}/`);
  await waitForAppTakeover(page, 30_000);
  return { page, errors, hydration, entries, chunks };
}

const storeSlot = '[data-first-screen="mf_store/StorePage"]';

beforeAll(async () => {
  fs.mkdirSync(workDir, { recursive: true });
  // Two ports of one block: two single picks could be the same port, neither listening yet.
  const storePort = await stablePortBlock(2);
  const plansPort = storePort + 1;
  store = {
    name: 'mf_store',
    checkout: remoteReleases('mf-store', path.join(workDir, 'store')),
    dir: '',
    port: storePort!,
  };
  plans = {
    name: 'mf_plans',
    checkout: remoteReleases('mf-plans', path.join(workDir, 'plans')),
    dir: '',
    port: plansPort!,
  };
  for (const remote of [store, plans]) {
    remote.dir = remote.checkout.checkOut();
    const first = release(remote);
    if (remote === store) version.storeA = first;
    else version.plansA = first;
    remote.stop = (await serveApp(remote.dir, remote.port)).stop;
  }
  const database = await createTestDatabase('linksite_e2e_releases');
  dropDatabase = database.drop;
  const ports = await freeSitePorts();
  site = await startSite({
    DATABASE_URL: database.url,
    SITE_PORT: String(ports.site),
    API_PORT: String(ports.api),
    IDP_PORT: String(ports.idp),
    REMOTE_RELEASES_FILE: releaseConfigFile,
    // The browser and the shell's server reach the teams' servers, not the workspace's.
    REMOTE_MF_STORE_URL: `http://localhost:${store.port}/remoteEntry.js`,
    REMOTE_MF_STORE_INTERNAL_URL: `http://127.0.0.1:${store.port}/`,
    REMOTE_MF_PLANS_URL: `http://localhost:${plans.port}/remoteEntry.js`,
    REMOTE_MF_PLANS_INTERNAL_URL: `http://127.0.0.1:${plans.port}/`,
  });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (site) expect(await site.stop()).toBe(0);
  await store?.stop?.();
  await plans?.stop?.();
  await dropDatabase?.();
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('the first page names the release of each slot, and the browser hydrates exactly those', async () => {
  const html = await served();
  expect(releasesOf(html)).toEqual({ mf_store: version.storeA, mf_plans: version.plansA });
  expect(html).toContain(`>${OLD.store}<`);
  const context = await browser.newContext();
  try {
    const { page, errors, hydration, entries } = await visit(context);
    expect(await page.locator(storeSlot).getAttribute('data-state')).toBe('live');
    expect(entries).toEqual([`http://localhost:${store.port}/releases/${version.storeA}/remoteEntry.js`]);
    expect([...errors, ...hydration]).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a remote released alone reaches visitors within 10 s, in the served HTML and hydrated, with nothing else rebuilt or restarted', async () => {
  const before = site.services().map(({ name, pid }) => `${name}:${pid}`);
  const workspaceEntry = fs.statSync(path.join(repoRoot, 'mf-store', 'dist', 'remoteEntry.js')).mtimeMs;
  edit(store, 'src/lib/messages.ts', `popularKeywords: '${OLD.store}'`, `popularKeywords: '${NEW.store}'`);
  edit(plans, 'src/lib/messages.ts', `upcomingPlans: '${OLD.plans}'`, `upcomingPlans: '${NEW.plans}'`);
  version.storeB = release(store);
  const storeReleased = Date.now();
  version.plansB = release(plans);
  const plansReleased = Date.now();
  expect(version.storeB).not.toBe(version.storeA);
  expect(version.plansB).not.toBe(version.plansA);

  const seconds = await secondsUntil(async () => {
    const html = await served();
    return html.includes(`>${NEW.store}<`) && html.includes(NEW.plans);
  }, 10_000);
  console.log(
    `released alone → in the served HTML: mf-store ${((Date.now() - storeReleased) / 1000).toFixed(2)} s, ` +
      `mf-plans ${((Date.now() - plansReleased) / 1000).toFixed(2)} s after its release (${seconds.toFixed(2)} s of polling)`,
  );
  expect(releasesOf(await served())).toEqual({ mf_store: version.storeB, mf_plans: version.plansB });

  // Without JavaScript, as a link preview or a crawler reads it.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto(`${site.url}/`);
    await page.getByRole('heading', { name: NEW.store }).waitFor();
    // The banner's name for assistive technology (its section's aria-label).
    await page.getByRole('region', { name: NEW.plans }).waitFor();
  } finally {
    await noScript.close();
  }
  // With JavaScript: hydrated by the new release, without an error.
  const context = await browser.newContext();
  try {
    const { page, errors, hydration, entries, chunks } = await visit(context);
    expect(await page.getByRole('heading', { name: NEW.store }).count()).toBe(1);
    expect(await page.locator(storeSlot).getAttribute('data-state')).toBe('live');
    expect(entries).toEqual([`http://localhost:${store.port}/releases/${version.storeB}/remoteEntry.js`]);
    for (const chunk of chunks.filter((url) => url.includes(`:${store.port}/`))) {
      expect(chunk).toContain(`/releases/${version.storeB}/`);
    }
    expect([...errors, ...hydration]).toEqual([]);
  } finally {
    await context.close();
  }
  // Nothing else was rebuilt or restarted.
  expect(site.services().map(({ name, pid }) => `${name}:${pid}`)).toEqual(before);
  expect(fs.statSync(path.join(repoRoot, 'mf-store', 'dist', 'remoteEntry.js')).mtimeMs).toBe(workspaceEntry);
});

test('rollback: pinning the earlier releases brings them back within 10 s, in the page and in /config.json', async () => {
  configure({ mf_store: { live: version.storeA }, mf_plans: { live: version.plansA } });
  const seconds = await secondsUntil(async () => {
    const html = await served();
    return html.includes(`>${OLD.store}<`) && !html.includes(NEW.plans);
  }, 10_000);
  console.log(`rollback → in the served HTML: ${seconds.toFixed(2)} s`);
  expect(releasesOf(await served())).toEqual({ mf_store: version.storeA, mf_plans: version.plansA });
  const config = (await (await fetch(`${site.url}/config.json`)).json()) as { remotes: Record<string, string> };
  expect(config.remotes.mf_store).toBe(`http://localhost:${store.port}/releases/${version.storeA}/remoteEntry.js`);
  expect(config.remotes.mf_plans).toBe(`http://localhost:${plans.port}/releases/${version.plansA}/remoteEntry.js`);
  const context = await browser.newContext();
  try {
    const { page, errors, hydration, entries } = await visit(context);
    expect(await page.getByRole('heading', { name: OLD.store }).count()).toBe(1);
    expect(entries).toEqual([`http://localhost:${store.port}/releases/${version.storeA}/remoteEntry.js`]);
    expect([...errors, ...hydration]).toEqual([]);
  } finally {
    await context.close();
  }
  // Unpinned: the newest release again.
  configure({});
  await secondsUntil(async () => (await served()).includes(`>${NEW.store}<`), 10_000);
});

describe('skew between the page and the code', () => {
  afterEach(() => configure({}));

  test("a page of release A hydrates with A while B's files are gone", async () => {
    configure({ mf_store: { live: version.storeA } });
    await secondsUntil(async () => releasesOf(await served()).mf_store === version.storeA, 10_000);
    const context = await browser.newContext();
    try {
      const { page, errors, hydration } = await visit(context, new RegExp(`/releases/${version.storeB}/`));
      expect(await page.getByRole('heading', { name: OLD.store }).count()).toBe(1);
      expect(await page.locator(storeSlot).getAttribute('data-state')).toBe('live');
      expect([...errors, ...hydration]).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a page of release B hydrates with B while A's files are gone", async () => {
    await secondsUntil(async () => releasesOf(await served()).mf_store === version.storeB, 10_000);
    const context = await browser.newContext();
    try {
      const { page, errors, hydration } = await visit(context, new RegExp(`/releases/${version.storeA}/`));
      expect(await page.getByRole('heading', { name: NEW.store }).count()).toBe(1);
      expect([...errors, ...hydration]).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a page whose own release is gone: the slot is rendered anew by the live release, with no hydration error', async () => {
    // Every page view names A (a candidate at 100 %), while /config.json's live entry is the newest, B.
    configure({ mf_store: { candidate: version.storeA, candidateShare: 1 } });
    await secondsUntil(async () => releasesOf(await served()).mf_store === version.storeA, 10_000);
    const context = await browser.newContext();
    try {
      const { page, errors, hydration, entries } = await visit(context, new RegExp(`/releases/${version.storeA}/`));
      await page.getByRole('heading', { name: NEW.store }).waitFor();
      expect(await page.locator(storeSlot).getAttribute('data-state')).toBe('live');
      // The page's own release was asked for first; then the live one.
      expect(entries[0]).toBe(`http://localhost:${store.port}/releases/${version.storeA}/remoteEntry.js`);
      expect(entries).toContain(`http://localhost:${store.port}/remoteEntry.js`);
      // The cards served with the page are still there around the slot's new render.
      expect(await page.locator('[data-testid="store-card"]').count()).toBeGreaterThan(20);
      expect([...errors, ...hydration]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test('canary: a 20 % candidate gets 15–25 % of 500 page views, each page and its code of one release, counted per version', async () => {
  const shellOrigin = site.originOf('shell');
  const scrape = async () => {
    const text = await (await fetch(`${shellOrigin}/metrics`)).text();
    const count = (v: string) =>
      Number(
        new RegExp(
          `linksite_first_screen_slots_total\\{remote="mf_store",version="${v}",outcome="served"\\} (\\d+)`,
        ).exec(text)?.[1] ?? 0,
      );
    return { a: count(version.storeA), b: count(version.storeB) };
  };
  configure({ mf_store: { live: version.storeA, candidate: version.storeB, candidateShare: 0.2 } });
  // The configuration is in force once a page of the live release A is served.
  await secondsUntil(async () => releasesOf(await served()).mf_store === version.storeA, 10_000);
  const before = await scrape();

  const views = 500;
  let candidate = 0;
  for (let batch = 0; batch < views / 10; batch++) {
    const pages = await Promise.all(Array.from({ length: 10 }, () => served()));
    for (const html of pages) {
      const v = releasesOf(html).mf_store;
      expect([version.storeA, version.storeB]).toContain(v);
      // The page's text is its release's: never one release's HTML under another's name.
      expect(html.includes(`>${NEW.store}<`)).toBe(v === version.storeB);
      if (v === version.storeB) candidate++;
    }
  }
  const share = candidate / views;
  console.log(`canary 20 %: ${candidate} of ${views} page views (${(share * 100).toFixed(1)} %) got the candidate`);
  expect(share).toBeGreaterThanOrEqual(0.15);
  expect(share).toBeLessThanOrEqual(0.25);
  const after = await scrape();
  expect(after.b - before.b).toBe(candidate);
  expect(after.a - before.a).toBe(views - candidate);

  // In the browser, each page loads the code of the release its HTML names, and no other.
  const context = await browser.newContext();
  try {
    for (let i = 0; i < 6; i++) {
      const { page, errors, hydration, entries, chunks } = await visit(context);
      const heading = await page.getByRole('heading', { name: /^인기 키워드/ }).innerText();
      const v = heading === NEW.store ? version.storeB : version.storeA;
      expect(entries).toEqual([`http://localhost:${store.port}/releases/${v}/remoteEntry.js`]);
      for (const chunk of chunks.filter((url) => url.includes(`:${store.port}/`))) expect(chunk).toContain(`/${v}/`);
      expect([...errors, ...hydration]).toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
  }
  configure({});
});

describe('a remote whose server render fails', () => {
  /** A copy of mf-plans' release A whose server build is `code`: the browser files are A's. */
  function brokenRelease(fakeVersion: string, code: string): void {
    const folder = path.join(plans.dir, 'releases', fakeVersion);
    fs.cpSync(path.join(plans.dir, 'releases', version.plansA), folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'server', 'first-screen.js'), code);
    fs.writeFileSync(
      path.join(folder, 'release.json'),
      JSON.stringify({ name: 'mf_plans', version: fakeVersion, path: `releases/${fakeVersion}/` }),
    );
  }

  afterAll(() => configure({}));

  test.each([
    [
      'throws',
      'dead0000beef',
      'exports.render = function () { throw new Error("시험: 배너를 그리지 못함"); };',
      'failed',
    ],
    ['hangs', 'dead0000cafe', 'exports.render = function () { for (;;) {} };', 'timeout'],
  ])(
    'that %s: / is served within the bound without its slot, which the browser renders',
    async (_how, fakeVersion, code, outcome) => {
      brokenRelease(fakeVersion, code);
      configure({ mf_plans: { live: fakeVersion } });
      const counted = new RegExp(
        `linksite_first_screen_slots_total\\{remote="mf_plans",version="${fakeVersion}",outcome="${outcome}"\\} [1-9]`,
      );
      const metrics = async () => (await fetch(`${site.originOf('shell')}/metrics`)).text();
      // In force once a page view has tried this release and counted its failure (the release before it may still be
      // the one left out: it was failing too).
      await secondsUntil(async () => {
        await served();
        return counted.test(await metrics());
      }, 10_000);
      const started = Date.now();
      const html = await served();
      const took = Date.now() - started;
      console.log(`a server render that ${_how}: / served in ${took} ms without its slot`);
      expect(took).toBeLessThan(1500);
      expect(html).not.toContain('data-first-screen="mf_plans/Banner"');
      expect(html).toContain('data-first-screen="mf_store/StorePage"');
      expect(releasesOf(html)).toEqual({ mf_store: expect.any(String) });

      const context = await browser.newContext();
      try {
        const { page, errors, hydration } = await visit(context);
        // The banner, rendered in the browser by the release's own browser code.
        await page.locator('[data-testid="plan-item"]').first().waitFor();
        expect(await page.locator(storeSlot).getAttribute('data-state')).toBe('live');
        expect([...errors, ...hydration]).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
