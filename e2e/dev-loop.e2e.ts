/**
 * `npm run dev`, the edit loop (docs/decisions/0019-remotes-ship-alone.md): the site on development builds in watch
 * mode and the API from its sources under `node --watch`. A label saved in a remote's source is in the served HTML of
 * the next reload, which hydrates with no error (docs/decisions/0057-remotes-ship-alone-with-ssr.md: the server render
 * comes from the code being edited); a sentence saved in the API's source is in its next answer. The seconds from save
 * to served are printed. The edited files are put back byte for byte, with their modification times, so the production
 * builds stay up to date.
 * @edits-working-tree: `npm test` runs it after the other lanes (scripts/test.mjs), never beside lint or a spec that
 * reads those files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createMigratedTestDatabase } from '../api/src/test/test-database';
import { launchChromium } from './support/browser';
import { waitForAppTakeover } from './support/first-screen';
import { secondsUntil } from './support/poll';
import { repoRoot, RunningSite, startSite } from './support/site';

jest.setTimeout(240_000);

const PORTS = { site: 24080, api: 24000, idp: 24090 };
let site: RunningSite;
let dropDatabase: () => Promise<void>;
let browser: Browser;
let page: Page;

/** Replaces `from` with `to` in `file` while `run` runs, then restores the file and its modification time. */
async function whileEdited<T>(file: string, from: string, to: string, run: () => Promise<T>): Promise<T> {
  const original = fs.readFileSync(file, 'utf8');
  const { atime, mtime } = fs.statSync(file);
  expect(original).toContain(from);
  fs.writeFileSync(file, original.replace(from, to));
  try {
    return await run();
  } finally {
    fs.writeFileSync(file, original);
    fs.utimesSync(file, atime, mtime);
  }
}

beforeAll(async () => {
  const database = await createMigratedTestDatabase('linksite_e2e_dev');
  dropDatabase = database.drop;
  site = await startSite(
    {
      DATABASE_URL: database.url,
      SITE_PORT: String(PORTS.site),
      API_PORT: String(PORTS.api),
      IDP_PORT: String(PORTS.idp),
      ADMIN_PASSWORD: 'dev-loop-관리자-비밀번호',
    },
    180_000,
    'scripts/dev.mjs',
  );
  browser = await launchChromium();
  page = await browser.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (site) expect(await site.stop()).toBe(0);
  await dropDatabase?.();
});

test('a label saved in a remote is in the served HTML of the next reload, and the page hydrates it with no error', async () => {
  await page.goto(site.url);
  await page.getByRole('heading', { name: '인기 키워드' }).waitFor();
  const changed = '인기 키워드 모음';
  const problems: string[] = [];
  page.on('console', (message) => {
    // React's hydration errors, and the shell's report of a recoverable one (`[hydrate]`).
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  const seconds = await whileEdited(
    path.join(repoRoot, 'mf-store/src/lib/messages.ts'),
    "popularKeywords: '인기 키워드'",
    `popularKeywords: '${changed}'`,
    async () => {
      // The shell's server renders / from the remote's development build (docs/decisions/0058-web-tier-renders.md): the
      // saved label is in the HTML itself, not only after the page's scripts have run.
      const took = await secondsUntil(async () => (await (await fetch(site.url)).text()).includes(`>${changed}<`));
      await page.reload();
      await waitForAppTakeover(page, 30_000);
      expect(await page.getByRole('heading', { name: /^인기 키워드/ }).innerText()).toBe(changed);
      expect(await page.locator('[data-first-screen="mf_store/StorePage"]').getAttribute('data-state')).toBe('live');
      return took;
    },
  );
  expect(problems).toEqual([]);
  console.log(`npm run dev: save in mf-store → new label in the served HTML: ${seconds.toFixed(2)} s`);
  // Production builds were left alone: dev writes dist-dev/.
  expect(fs.existsSync(path.join(repoRoot, 'mf-store/dist-dev/remoteEntry.js'))).toBe(true);
});

test('a sentence saved in the API is in its next answers after the restart', async () => {
  /** The API's answer to an unknown route, or null while it restarts. */
  const notFoundMessage = () =>
    fetch(`http://127.0.0.1:${PORTS.api}/api/nowhere`).then(
      async (response) => ((await response.json()) as { message?: string }).message ?? null,
      () => null,
    );
  const changed = '요청한 주소가 없습니다 (개발 중).';
  const seconds = await whileEdited(
    path.join(repoRoot, 'api/src/common/messages.ts'),
    "routeNotFound: '요청한 주소를 찾을 수 없습니다.'",
    `routeNotFound: '${changed}'`,
    () => secondsUntil(async () => (await notFoundMessage()) === changed),
  );
  console.log(`npm run dev: save in the API → restarted with it: ${seconds.toFixed(2)} s`);
  // And back to the original once restored.
  await secondsUntil(async () => (await notFoundMessage()) === '요청한 주소를 찾을 수 없습니다.');
});
