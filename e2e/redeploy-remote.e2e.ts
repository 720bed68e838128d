/**
 * A team ships its remote alone (docs/decisions/0018-independent-remote-deployment.md,
 * docs/decisions/0021-remote-owned-strings.md). mf-plans is built and served from its own release folder while the
 * composed site runs on the current shell and platform:
 *
 * (a) label skew: a label is changed in mf-plans' own `src/lib/messages.ts`, only mf-plans is rebuilt and its served
 *     folder switched; after a reload the screen shows the new label, and the shell and every other app kept
 *     running, unchanged.
 * (b) platform skew: the previous release of mf-plans, built against the previous platform (0.1.0, from git), still
 *     works in a shell that carries platform 1.x: its labels, its list (read with the shell's signed-in session,
 *     so through the shared platform singleton) and the banner it exposes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createTestDatabase } from '../api/src/test/test-database';
import previousRelease from './fixtures/previous-release.json';
import { launchChromium } from './support/browser';
import { remoteReleases } from './support/remote-release';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, RunningSite, startSite } from './support/site';
import { serveApp } from './support/static-app';

jest.setTimeout(240_000);

const PASSWORD = 'redeploy-관리자-비밀번호';
const PLANS_PORT = 23182;
const LIST_TITLE = '일정 정보 관리';
const NEW_LIST_TITLE = '일정 관리 (새 릴리스)';

const releases = remoteReleases('mf-plans', path.join(repoRoot, 'test-results', `redeploy-${process.pid}`));

let site: RunningSite;
let dropDatabase: () => Promise<void>;
let browser: Browser;
let page: Page;
let plansServer: { stop: () => Promise<void> };

/** Modification times of every file the other apps serve, to show nothing else was rebuilt. */
function otherAppFiles(): Record<string, number> {
  const files: Record<string, number> = {};
  for (const app of ['shell', 'mf-store', 'mf-links', 'mf-popups', 'mf-cover']) {
    const dist = path.join(repoRoot, app, 'dist');
    for (const entry of fs.readdirSync(dist, { recursive: true }) as string[]) {
      const file = path.join(dist, entry);
      if (fs.statSync(file).isFile()) files[path.relative(repoRoot, file)] = fs.statSync(file).mtimeMs;
    }
  }
  return files;
}

/** The schedule list as a visitor sees it: its heading, the create link and the seeded rows. */
async function expectPlanList(title: string): Promise<void> {
  await page.goto(`${site.url}/plan/list`);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('link', { name: '+ 일정 등록' }).waitFor();
  await page.getByTestId('plan-row').first().waitFor();
  await page.getByTestId('plan-banner').getByText('OPEN').first().waitFor();
}

beforeAll(async () => {
  releases.checkOut();
  releases.releaseAndDeploy('current');
  plansServer = await serveApp(releases.liveDir, PLANS_PORT);
  const database = await createTestDatabase('linksite_e2e_redeploy');
  dropDatabase = database.drop;
  site = await startSite({
    DATABASE_URL: database.url,
    SITE_PORT: '23080',
    API_PORT: '23000',
    IDP_PORT: '23090',
    ADMIN_PASSWORD: PASSWORD,
    REMOTE_MF_PLANS_URL: `http://localhost:${PLANS_PORT}/remoteEntry.js`,
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(page, site.url, PASSWORD);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  if (site) expect(await site.stop()).toBe(0);
  await plansServer?.stop();
  await dropDatabase?.();
  releases.remove();
});

test('(a) a new mf-plans release shows its own new label after a reload, with nothing else rebuilt or restarted', async () => {
  await expectPlanList(LIST_TITLE);
  const servicesBefore = site.services();
  const filesBefore = otherAppFiles();

  const messages = path.join(releases.checkOut(), 'src', 'lib', 'messages.ts');
  const source = fs.readFileSync(messages, 'utf8');
  expect(source).toContain(`planListTitle: '${LIST_TITLE}'`);
  fs.writeFileSync(messages, source.replace(`planListTitle: '${LIST_TITLE}'`, `planListTitle: '${NEW_LIST_TITLE}'`));
  releases.releaseAndDeploy('new-label');

  await expectPlanList(NEW_LIST_TITLE);
  expect(await page.getByRole('heading', { name: LIST_TITLE, exact: true }).count()).toBe(0);
  expect(site.services()).toEqual(servicesBefore);
  expect(otherAppFiles()).toEqual(filesBefore);
});

test(`(b) the previous mf-plans release, built against platform ${previousRelease.platformVersion}, works in a shell carrying the current platform`, async () => {
  const sourceDir = releases.checkOut({ commit: previousRelease.commit });
  // It really is the old code: its labels come from the platform, not from a messages file of its own.
  expect(fs.existsSync(path.join(sourceDir, 'src', 'lib', 'messages.ts'))).toBe(false);
  expect(
    JSON.parse(fs.readFileSync(path.join(sourceDir, 'package.json'), 'utf8')).dependencies['@linksite/platform'],
  ).toBe(previousRelease.platformVersion);
  releases.releaseAndDeploy('previous');

  const shared = await page.evaluate(() => fetch('/config.json').then((r) => r.json()));
  expect(shared.remotes.mf_plans).toBe(`http://localhost:${PLANS_PORT}/remoteEntry.js`);
  await expectPlanList(LIST_TITLE);
  await page.getByRole('button', { name: /삭제$/ }).first().waitFor();
  // One platform on the page, the shell's: the federation runtime offered the remote nothing else.
  const platformVersions = await page.evaluate(() => {
    const scope = (
      window as unknown as {
        __FEDERATION__?: {
          __SHARE__?: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>>;
        };
      }
    ).__FEDERATION__?.__SHARE__;
    return Object.values(scope ?? {}).flatMap((scopes) =>
      Object.entries(scopes.default?.['@linksite/platform'] ?? {})
        .filter(([, entry]) => entry.loaded)
        .map(([version]) => version),
    );
  });
  expect([...new Set(platformVersions)]).toEqual([
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'platform/package.json'), 'utf8')).version,
  ]);
});
