/**
 * The README's first start as a newcomer meets it: a fresh clone of the repository with nothing built, its packages
 * installed, then the first `npm start` on the embedded defaults (no DATABASE_URL: the embedded database; the
 * embedded identity server). Its `/` carries every card in the served HTML as soon as it says it is ready. The clone
 * is of the committed HEAD (CI's checkout is `main`): uncommitted changes of a working tree are not in it.
 *
 * The clone's packages are this checkout's, hard-linked: what `npm ci` lays out from the same lockfile, without its
 * minute of unpacking (the suite's longest step after the build). The install itself is checked where a newcomer runs
 * it, by `.ci/run` on CI's own fresh clone: `npm ci`, the other platforms' dry runs, and no tracked file changed. No
 * build state is linked: each package's `node_modules/.cache` (webpack's cache, the recorded build inputs) is left
 * out, so the first start builds from nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeSitePorts } from './support/free-ports';
import { launchChromium } from './support/browser';
import { secondsUntil } from './support/poll';
import { repoRoot, startSite, VISITOR_READY_LINE } from './support/site';

jest.setTimeout(900_000);

const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-first-start-'));

/** Runs `command` in the clone; its output on failure. */
function inClone(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: clone, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The folders whose `node_modules` an install makes: the repository's and each workspace's (package.json). */
const installedFolders = (): string[] => [
  '.',
  ...(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces,
];

/**
 * Gives the clone this checkout's installed packages: each `node_modules` hard-linked (`cp -al`; the workspaces'
 * links inside are relative, so they name the clone's own packages), without its `.cache`. Where hard links cannot
 * be made (another file system), the clone runs `npm ci` instead.
 */
function installPackages(): void {
  for (const folder of installedFolders()) {
    const from = path.join(repoRoot, folder, 'node_modules');
    if (!fs.existsSync(from)) continue;
    const to = path.join(clone, folder, 'node_modules');
    if (spawnSync('cp', ['-al', from, to]).status !== 0) {
      fs.rmSync(to, { recursive: true, force: true });
      inClone('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
      return;
    }
    fs.rmSync(path.join(to, '.cache'), { recursive: true, force: true });
  }
}

beforeAll(() => {
  const result = spawnSync('git', ['clone', '--quiet', '--depth', '1', `file://${repoRoot}`, clone], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git clone failed:\n${result.stderr}`);
  installPackages();
});

afterAll(() => fs.rmSync(clone, { recursive: true, force: true }));

test('the first npm start serves / to visitors first, says the other screens are being prepared, then serves them', async () => {
  // Nothing built, nothing changed: the clone is HEAD as committed, with packages beside it.
  expect(inClone('git', ['status', '--porcelain'])).toBe('');
  for (const app of ['shell', 'mf-store', 'mf-plans']) {
    expect(fs.existsSync(path.join(clone, app, 'dist'))).toBe(false);
    expect(fs.existsSync(path.join(clone, app, 'node_modules', '.cache'))).toBe(false);
  }
  const ports = await freeSitePorts();
  const started = Date.now();
  const site = await startSite(
    {
      SITE_PORT: String(ports.site),
      API_PORT: String(ports.api),
      IDP_PORT: String(ports.idp),
      ADMIN_PASSWORD: 'first-start-관리자-비밀번호',
      // What a newcomer's `npm start` does: build what is not built.
      SITE_SKIP_BUILD: '',
    },
    600_000,
    'scripts/start.mjs',
    clone,
    VISITOR_READY_LINE,
  );
  const browser = await launchChromium();
  try {
    const visitorReady = (Date.now() - started) / 1000;
    // The visitor's page is whole: every card in the HTML itself, the banner's markup, the first screen's stylesheet.
    const store = ((await (await fetch(`${site.url}/api/store`)).json()) as { product: { pname: string }[] }).product;
    expect(store.length).toBeGreaterThanOrEqual(24);
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html.match(/data-testid="store-card"/g)?.length).toBe(store.length);
    expect(html).toContain('data-first-screen="mf_plans/Banner"');
    expect(html).toMatch(/<link rel="stylesheet" href="\/first-screen\/[^"]+\.css"/);
    // The remotes that / does not need are still being built: /config.json says so instead of naming an entry that
    // nobody serves yet.
    const preparingNow = async () =>
      ((await (await fetch(`${site.url}/config.json`)).json()) as { preparing?: string[]; remotes: object })
        .preparing ?? [];
    expect(await preparingNow()).toEqual(expect.arrayContaining(['mf_popups', 'mf_links', 'mf_backup']));

    // A visitor who follows the booking link now is told the screen is being prepared, and gets it by itself.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.url}/reserve`);
    await page.getByTestId('remote-preparing').getByText('이 화면을 준비하고 있습니다.').waitFor();
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'first-start-preparing-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'first-start-preparing-1280.png') });
    await page.getByRole('heading', { name: '예약 회차' }).waitFor({ timeout: 300_000 });

    await secondsUntil(async () => /사이트가 준비되었습니다/.test(site.output()), 300_000);
    expect(await preparingNow()).toEqual([]);
    // The times npm start printed itself, from its own start.
    const printed = (line: RegExp) => Number(line.exec(site.output())?.[1]);
    console.log(
      `fresh clone, first npm start: visitor-ready ${printed(/방문자 화면을 열 수 있습니다 \(([\d.]+) s\)/)} s, ` +
        `everything ready ${printed(/사이트가 준비되었습니다 \(([\d.]+) s\)/)} s ` +
        `(${visitorReady.toFixed(1)} s until the visitor line reached this test)`,
    );
  } finally {
    await browser.close();
    expect(await site.stop()).toBe(0);
  }
});
