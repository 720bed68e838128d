/**
 * No silent overwrite (docs/decisions/0048-no-silent-overwrite.md) for popup slots and the cover, as a person meets it:
 * two tabs of one administrator on the same screen. For a slot on `/popup/edit/{id}`: tab A changes the head count and
 * saves; tab B, loaded before that, changes the tables and saves: refused (409), B's screen shows stored vs. mine field
 * by field, B applies its change on top and saves, and the stored slot has A's head count AND B's tables. For the cover
 * on `/uploadimage`: A replaces the cover; B, loaded before that, replaces it with another image: refused, B sees the
 * cover stored now beside its own image, applies and saves, and B's image is the cover. Screenshots of both panels at
 * 390 px and 1280 px go to test-results/ (docs/screenshots/popup-edit-conflict-390.png is a copy of the popup one,
 * committed by hand: a test run changes no tracked file).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { adminApiOf, type AdminApi } from './support/admin-api';
import { freeSitePorts } from './support/free-ports';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-충돌-팝업-관리자';
const results = path.join(repoRoot, 'test-results');

let session: SiteInBrowser;
let site: RunningSite;
let tabA: Page;
let api: AdminApi;

interface StoredSlot {
  id: number;
  count: number;
  table: number;
  version: number;
}
interface StoredCover {
  imagelink: string;
  version: number;
}

beforeAll(async () => {
  const ports = await freeSitePorts();
  session = await openSiteInBrowser({ databasePrefix: 'linksite_e2e_popup_conflict', ports, adminPassword: PASSWORD });
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
async function openSecondTab(tab: Page, where: string): Promise<{ tab: Page; dialogs: string[] }> {
  const [second] = await Promise.all([
    session.context.waitForEvent('page'),
    tab.evaluate((url) => void window.open(url, '_blank'), where),
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

/** A PNG of `width`×`height` in one colour: two different ones are two different cover images. */
const picture = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 255 - r } } })
    .png()
    .toBuffer();

/** Chooses `name` in the cover dropzone of `tab` and waits for its preview. */
async function chooseCover(tab: Page, name: string, bytes: Buffer): Promise<void> {
  await tab.getByTestId('cover-dropzone-input').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await tab.getByTestId('cover-caption').filter({ hasText: name }).waitFor();
}

/** Saves the cover in `tab` and closes the 이미지 dialog, returning its sentence. */
async function saveCover(tab: Page): Promise<string> {
  await tab.getByRole('button', { name: '저장', exact: true }).click();
  const dialog = tab.getByRole('dialog', { name: '이미지', exact: true });
  await dialog.waitFor();
  const text = await dialog.innerText();
  await dialog.getByRole('button', { name: '닫기' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

const countField = (tab: Page): Locator => tab.getByLabel('인원', { exact: true });
const tableField = (tab: Page): Locator => tab.getByLabel('예약 가능 테이블');

test('two tabs edit one popup slot: the later save is refused, explained, and applied on top', async () => {
  const created = await api<{ product: StoredSlot }>('POST', '/popup', {
    cnt: '1',
    startdate: '2030-06-01T13:00:00+09:00',
    enddate: '2030-06-01T18:00:00+09:00',
    count: 40,
    table: 10,
  });
  const id = created.product.id;
  expect(created.product.version).toBe(1);

  await tabA.goto(`${site.url}/popup/edit/${id}`);
  await tabA.getByRole('heading', { name: '팝업 예약 수정' }).waitFor();
  await countField(tabA).waitFor();
  const { tab: tabB, dialogs: dialogsB } = await openSecondTab(tabA, `/popup/edit/${id}`);
  await countField(tabB).waitFor();
  expect(await countField(tabB).inputValue()).toBe('40');

  // A raises the head count and saves.
  session.dialogs.length = 0;
  await countField(tabA).fill('55');
  await tabA.getByRole('button', { name: '수정', exact: true }).click();
  await tabA.waitForURL(`${site.url}/popup/list`);
  expect(session.dialogs).toEqual(['팝업 예약이 수정되었습니다.']);

  // B, loaded before that, changes only the tables and saves: refused, and explained field by field.
  await tableField(tabB).fill('12');
  await tabB.getByRole('button', { name: '수정', exact: true }).click();
  const panel = tabB.getByTestId('popup-conflict');
  await panel.waitFor();
  expect(dialogsB).toEqual([]);
  expect(tabB.url()).toBe(`${site.url}/popup/edit/${id}`);
  expect(await panel.innerText()).toContain('다른 관리자가 이 팝업 예약을 먼저 수정했습니다.');
  const countRow = await tabB.getByTestId('popup-conflict-count').innerText();
  expect(countRow).toContain('55');
  expect(countRow).toContain('다른 관리자가 바꿈');
  const tableRow = await tabB.getByTestId('popup-conflict-table').innerText();
  expect(tableRow).toContain('10');
  expect(tableRow).toContain('12');
  expect(tableRow).toContain('내가 바꿈');
  expect(await tabB.getByTestId('popup-conflict-startdate').count()).toBe(0);
  // Nothing of B's was stored.
  const between = await api<{ product: StoredSlot }>('GET', `/popup/select/${id}`);
  expect(between.product).toMatchObject({ count: 55, table: 10, version: 2 });

  await shots(tabB, 'popup-edit-conflict');

  // B applies its change on top of the stored slot and saves again.
  await tabB.getByRole('button', { name: '내 변경 적용' }).click();
  await panel.waitFor({ state: 'detached' });
  expect(await countField(tabB).inputValue()).toBe('55');
  expect(await tableField(tabB).inputValue()).toBe('12');
  expect(await tabB.getByTestId('popup-edit-status').innerText()).toContain('최신 내용에 내 변경을 적용했습니다.');
  await tabB.getByRole('button', { name: '수정', exact: true }).click();
  await tabB.waitForURL(`${site.url}/popup/list`);
  expect(dialogsB).toEqual(['팝업 예약이 수정되었습니다.']);

  const stored = await api<{ product: StoredSlot }>('GET', `/popup/select/${id}`);
  expect(stored.product).toMatchObject({ count: 55, table: 12, version: 3 });
  await tabB.close();
});

test('two tabs replace the cover: the later replace is refused, shows both images, and is applied on top', async () => {
  const before = (await api<{ product: StoredCover | null }>('GET', '/cover')).product;
  await tabA.goto(`${site.url}/uploadimage`);
  await tabA.getByRole('heading', { name: '커버 이미지 변경' }).waitFor();
  await tabA
    .getByTestId('cover-caption')
    .filter({ hasText: before ? '현재 커버 이미지' : '아직' })
    .waitFor();
  const { tab: tabB, dialogs: dialogsB } = await openSecondTab(tabA, '/uploadimage');
  await tabB
    .getByTestId('cover-caption')
    .filter({ hasText: before ? '현재 커버 이미지' : '아직' })
    .waitFor();

  // A replaces the cover.
  await chooseCover(tabA, 'cover-a.png', await picture(900, 300, 40));
  expect(await saveCover(tabA)).toContain('커버 이미지가 변경되었습니다.');
  const afterA = (await api<{ product: StoredCover }>('GET', '/cover')).product;
  expect(afterA.version).toBe((before?.version ?? 0) + 1);

  // B, loaded before that, replaces it with another image: refused; the cover stored now beside B's image.
  await chooseCover(tabB, 'cover-b.png', await picture(800, 400, 220));
  await tabB.getByRole('button', { name: '저장', exact: true }).click();
  const panel = tabB.getByTestId('cover-conflict');
  await panel.waitFor();
  expect(dialogsB).toEqual([]);
  expect(await panel.innerText()).toContain('다른 관리자가 커버 이미지를 먼저 변경했습니다.');
  const row = tabB.getByTestId('cover-conflict-image');
  const storedImage = row.getByRole('img', { name: '지금 저장된 커버 이미지' });
  await storedImage.waitFor();
  expect(await storedImage.getAttribute('src')).toContain(afterA.imagelink.split('/').pop());
  await tabB.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid="cover-conflict-image"] img')].every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
  expect(await row.innerText()).toContain('cover-b.png');
  expect((await api<{ product: StoredCover }>('GET', '/cover')).product).toEqual(afterA);

  await shots(tabB, 'cover-conflict');

  // B applies: its image stays chosen against the stored cover; 저장 replaces A's cover with B's.
  await tabB.getByRole('button', { name: '내 변경 적용' }).click();
  await panel.waitFor({ state: 'detached' });
  expect(await tabB.getByTestId('cover-caption').innerText()).toContain('cover-b.png');
  expect(await saveCover(tabB)).toContain('커버 이미지가 변경되었습니다.');

  const afterB = (await api<{ product: StoredCover }>('GET', '/cover')).product;
  expect(afterB.version).toBe(afterA.version + 1);
  expect(afterB.imagelink).not.toBe(afterA.imagelink);
  // The stored original is B's picture (800×400), not A's (900×300).
  const original = Buffer.from(await (await fetch(`${site.url}${afterB.imagelink}`)).arrayBuffer());
  const { width, height } = await sharp(original).metadata();
  expect({ width, height }).toEqual({ width: 800, height: 400 });
  await tabB.close();
});
