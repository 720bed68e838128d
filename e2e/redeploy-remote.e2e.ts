/**
 * One team redeploys its remote alone (issue 6, item 4): mf-links is built and served from its own
 * release folder while the composed site runs; a visible label is changed in mf-links' source,
 * only mf-links is rebuilt, its served folder is switched to the new release, and after a reload
 * the shell shows the new label. The shell and every other app keep running, unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { createFreshDatabase } from './support/database';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, RunningSite, startSite } from './support/site';
import { buildApp, serveApp } from './support/static-app';

jest.setTimeout(180_000);

const PASSWORD = 'redeploy-관리자-비밀번호';
const LINKS_PORT = 23183;
const OLD_LABEL = '+ 새 링크 등록';
const NEW_LABEL = '+ 새 상품 링크 등록';

const workDir = path.join(repoRoot, 'test-results', `redeploy-${process.pid}`);
const sourceDir = path.join(workDir, 'mf-links');
const liveDir = path.join(workDir, 'live');

let site: RunningSite;
let dropDatabase: () => Promise<void>;
let browser: Browser;
let page: Page;
let linksServer: { stop: () => Promise<void> };

/** The team's checkout of mf-links: its own source, built with the repository's shared build setup. */
function checkOutMfLinks(): void {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(sourceDir, { recursive: true });
  const original = path.join(repoRoot, 'mf-links');
  fs.cpSync(path.join(original, 'src'), path.join(sourceDir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(original, 'package.json'), path.join(sourceDir, 'package.json'));
  const webpackConfig = fs.readFileSync(path.join(original, 'webpack.config.js'), 'utf8');
  fs.writeFileSync(
    path.join(sourceDir, 'webpack.config.js'),
    webpackConfig.replace("require('../build/webpack-app')", `require(${JSON.stringify(path.join(repoRoot, 'build', 'webpack-app'))})`),
  );
  fs.writeFileSync(
    path.join(sourceDir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(repoRoot, 'tsconfig.base.json'), include: ['src', path.join(repoRoot, 'types')] }),
  );
}

/** Builds the checkout into releases/<name> and points the served folder at it (an atomic symlink swap). */
function releaseAndDeploy(name: string): void {
  buildApp(sourceDir);
  const release = path.join(workDir, 'releases', name);
  fs.mkdirSync(path.dirname(release), { recursive: true });
  fs.renameSync(path.join(sourceDir, 'dist'), release);
  fs.mkdirSync(liveDir, { recursive: true });
  const next = path.join(liveDir, `dist.${name}`);
  fs.symlinkSync(release, next);
  fs.renameSync(next, path.join(liveDir, 'dist'));
}

/** Modification times of every file the other apps serve, to show nothing else was rebuilt. */
function otherAppFiles(): Record<string, number> {
  const files: Record<string, number> = {};
  for (const app of ['shell', 'mf-store', 'mf-plans', 'mf-popups', 'mf-cover']) {
    const dist = path.join(repoRoot, app, 'dist');
    for (const entry of fs.readdirSync(dist, { recursive: true }) as string[]) {
      const file = path.join(dist, entry);
      if (fs.statSync(file).isFile()) files[path.relative(repoRoot, file)] = fs.statSync(file).mtimeMs;
    }
  }
  return files;
}

beforeAll(async () => {
  checkOutMfLinks();
  releaseAndDeploy('v1');
  linksServer = await serveApp(liveDir, LINKS_PORT);
  const database = await createFreshDatabase('linksite_e2e_redeploy');
  dropDatabase = database.drop;
  site = await startSite({
    DATABASE_URL: database.url,
    SITE_PORT: '23080',
    API_PORT: '23000',
    IDP_PORT: '23090',
    ADMIN_PASSWORD: PASSWORD,
    REMOTE_MF_LINKS_URL: `http://localhost:${LINKS_PORT}/remoteEntry.js`,
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 420_000);

afterAll(async () => {
  await browser?.close();
  if (site) expect(await site.stop()).toBe(0);
  await linksServer?.stop();
  await dropDatabase?.();
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('a new mf-links release shows its new label after a reload, with nothing else rebuilt or restarted', async () => {
  await signInAsAdmin(page, site.url, PASSWORD);
  await page.goto(`${site.url}/main/list`);
  await page.getByRole('link', { name: OLD_LABEL }).waitFor();

  const servicesBefore = site.services();
  const filesBefore = otherAppFiles();
  const messages = path.join(sourceDir, 'src', 'lib', 'messages.ts');
  const source = fs.readFileSync(messages, 'utf8');
  expect(source).toContain(`'${OLD_LABEL}'`);
  fs.writeFileSync(messages, source.replace(`'${OLD_LABEL}'`, `'${NEW_LABEL}'`));
  releaseAndDeploy('v2');

  await page.reload();
  await page.getByRole('link', { name: NEW_LABEL }).waitFor();
  expect(await page.getByRole('link', { name: OLD_LABEL }).count()).toBe(0);

  expect(site.services()).toEqual(servicesBefore);
  expect(otherAppFiles()).toEqual(filesBefore);
});
