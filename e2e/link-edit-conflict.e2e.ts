/**
 * No silent overwrite (docs/decisions/0048-no-silent-overwrite.md), as the issue found it: two tabs of one
 * administrator on the same `/main/edit/{id}`. Tab A renames the link and saves; tab B, loaded before that, changes
 * only the tags and saves. B's save is refused (409) and B's screen explains, field by field, what is stored and what B
 * typed; B applies its change on top and saves, and the stored link then has A's name AND B's tags. The same for a
 * schedule on `/plan/edit/{id}` (A moves the end date, B renames). Screenshots of B's comparisons at 390 px and 1280 px
 * go to test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { adminApiOf, type AdminApi } from './support/admin-api';
import { freeSitePorts } from './support/free-ports';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-충돌-관리자';
const results = path.join(repoRoot, 'test-results');

let session: SiteInBrowser;
let site: RunningSite;
let tabA: Page;
let api: AdminApi;

interface StoredLink {
  id: number;
  pname: string;
  tags: string[];
  version: number;
}

beforeAll(async () => {
  const ports = await freeSitePorts();
  session = await openSiteInBrowser({ databasePrefix: 'linksite_e2e_edit_conflict', ports, adminPassword: PASSWORD });
  ({ site, page: tabA } = session);
  fs.mkdirSync(results, { recursive: true });
  const admin = adminApiOf(tabA, site.url, `http://localhost:${ports.idp}`);
  api = admin.api;
  await signInAsAdmin(tabA, site.url, PASSWORD);
  expect(admin.token()).not.toBe('');
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

/** Opens a second tab from `tab` on `path` (window.open: it inherits the sign-in, as a browser tab does). */
async function openSecondTab(tab: Page, path: string): Promise<{ tab: Page; dialogs: string[] }> {
  const [second] = await Promise.all([
    session.context.waitForEvent('page'),
    tab.evaluate((where) => void window.open(where, '_blank'), path),
  ]);
  const dialogs: string[] = [];
  second.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await second.setViewportSize({ width: 1280, height: 900 });
  return { tab: second, dialogs };
}

/** Full-page screenshots of `tab` at 1280 px and 390 px as `<name>-desktop.png` / `<name>-mobile.png`. */
async function shots(tab: Page, name: string): Promise<void> {
  for (const [suffix, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await tab.setViewportSize({ width, height: 900 });
    await tab.screenshot({ path: path.join(results, `${name}-${suffix}.png`), fullPage: true });
  }
  await tab.setViewportSize({ width: 1280, height: 900 });
}

/** Types a date into a react-datepicker and closes it (see schedule-popups-cover.e2e.ts `closePicker`). */
async function typeDate(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Escape');
  await input.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(await input.inputValue()).toBe(value);
}

/** Opens the edit form of link `id` in `tab` and waits for its loaded name. */
async function openEdit(tab: Page, id: number, name: string): Promise<void> {
  await tab.goto(`${site.url}/main/edit/${id}`);
  await tab.getByRole('heading', { name: '링크 수정' }).waitFor();
  await tab.getByLabel(/^링크 이름/).waitFor();
  expect(await tab.getByLabel(/^링크 이름/).inputValue()).toBe(name);
}

test('two tabs edit one link: the later save is refused, explained, and applied on top', async () => {
  const created = await api<{ product: StoredLink }>('POST', '/store/create', {
    pname: '여름 샌들',
    tag: '신발, 여름',
    link: 'https://shop.example/sandal',
  });
  const id = created.product.id;

  // Tab B: a second tab of the same administrator, opened from tab A (it inherits A's sign-in, as a browser tab does).
  await openEdit(tabA, id, '여름 샌들');
  const { tab: tabB, dialogs: dialogsB } = await openSecondTab(tabA, `/main/edit/${id}`);
  await tabB.getByLabel(/^링크 이름/).waitFor();
  expect(await tabB.getByLabel(/^링크 이름/).inputValue()).toBe('여름 샌들');

  // A renames and saves.
  await tabA.getByLabel(/^링크 이름/).fill('여름 샌들 (2026 신상)');
  await tabA.getByRole('button', { name: '수정', exact: true }).click();
  await tabA.waitForURL(`${site.url}/main/list`);
  expect(session.dialogs).toContain('링크가 수정되었습니다.');

  // B, loaded before that, changes only the tags and saves: refused, and explained field by field.
  await tabB.getByLabel(/^태그/).fill('신발, 여름, 할인');
  await tabB.getByRole('button', { name: '수정', exact: true }).click();
  const panel = tabB.getByTestId('link-conflict');
  await panel.waitFor();
  expect(dialogsB).toEqual([]);
  expect(tabB.url()).toBe(`${site.url}/main/edit/${id}`);
  expect(await panel.innerText()).toContain('다른 관리자가 이 링크를 먼저 수정했습니다.');
  const nameRow = await tabB.getByTestId('conflict-pname').innerText();
  expect(nameRow).toContain('여름 샌들 (2026 신상)');
  expect(nameRow).toContain('다른 관리자가 바꿈');
  const tagRow = await tabB.getByTestId('conflict-tag').innerText();
  expect(tagRow).toContain('신발, 여름');
  expect(tagRow).toContain('신발, 여름, 할인');
  expect(tagRow).toContain('내가 바꿈');
  expect(await tabB.getByTestId('conflict-link').count()).toBe(0);
  // Nothing of B's was stored.
  const between = await api<{ product: StoredLink }>('GET', `/main/detail/${id}`);
  expect(between.product).toMatchObject({ pname: '여름 샌들 (2026 신상)', tags: ['신발', '여름'], version: 2 });

  await shots(tabB, 'link-edit-conflict');

  // B applies its change on top of the stored link and saves again.
  await tabB.getByRole('button', { name: '내 변경 적용' }).click();
  await panel.waitFor({ state: 'detached' });
  expect(await tabB.getByLabel(/^링크 이름/).inputValue()).toBe('여름 샌들 (2026 신상)');
  expect(await tabB.getByLabel(/^태그/).inputValue()).toBe('신발, 여름, 할인');
  await tabB.getByRole('button', { name: '수정', exact: true }).click();
  await tabB.waitForURL(`${site.url}/main/list`);
  expect(dialogsB).toEqual(['링크가 수정되었습니다.']);

  const stored = await api<{ product: StoredLink }>('GET', `/main/detail/${id}`);
  expect(stored.product).toMatchObject({ pname: '여름 샌들 (2026 신상)', tags: ['신발', '여름', '할인'], version: 3 });
  await tabB.close();
});

test('two tabs edit one schedule: the later save is refused, explained, and applied on top', async () => {
  const created = await api<{ product: { id: number } }>('POST', '/plan', {
    title: '성수 팝업',
    startdate: '2030-05-01',
    enddate: '2030-05-03',
  });
  const id = created.product.id;
  await tabA.goto(`${site.url}/plan/edit/${id}`);
  await tabA.getByLabel('내용').waitFor();
  const { tab: tabB, dialogs: dialogsB } = await openSecondTab(tabA, `/plan/edit/${id}`);
  await tabB.getByLabel('내용').waitFor();
  expect(await tabB.getByLabel('내용').inputValue()).toBe('성수 팝업');

  // A moves the end date and saves.
  session.dialogs.length = 0;
  await typeDate(tabA.getByLabel('종료일'), '2030년 05월 05일');
  await tabA.getByRole('button', { name: '수정', exact: true }).click();
  await tabA.waitForURL(`${site.url}/plan/list`);
  expect(session.dialogs).toEqual(['일정이 수정되었습니다.']);

  // B renames: refused and explained.
  await tabB.getByLabel('내용').fill('성수 팝업 (연장)');
  await tabB.getByRole('button', { name: '수정', exact: true }).click();
  await tabB.getByTestId('plan-conflict').waitFor();
  expect(dialogsB).toEqual([]);
  expect(await tabB.getByTestId('plan-conflict-enddate').innerText()).toContain('2030-05-05');
  expect(await tabB.getByTestId('plan-conflict-title').innerText()).toContain('성수 팝업 (연장)');
  await shots(tabB, 'plan-edit-conflict');

  await tabB.getByRole('button', { name: '내 변경 적용' }).click();
  expect(await tabB.getByLabel('종료일').inputValue()).toBe('2030년 05월 05일');
  await tabB.getByRole('button', { name: '수정', exact: true }).click();
  await tabB.waitForURL(`${site.url}/plan/list`);
  expect(dialogsB).toEqual(['일정이 수정되었습니다.']);
  const stored = await api<{ product: { title: string; enddate: string; version: number } }>(
    'GET',
    `/plan/select/${id}`,
  );
  expect(stored.product).toMatchObject({ title: '성수 팝업 (연장)', enddate: '2030-05-05', version: 3 });
  await tabB.close();
});
