/**
 * Link management in the composed site (docs/decisions/0013-link-management.md), signed in through the real login form:
 * create a link by dropping an image file on the dropzone, see it on the public page (mf-store) with that image, edit
 * it (a new image chosen through the file input), reorder it by mouse drag and by keyboard and see the public order
 * follow, delete it. Screenshots of the list, the create form with its preview and the reorder mode go to
 * test-results/. docs/decisions/0051-nothing-half-saved.md, docs/decisions/0055-form-flow.md: a text file renamed .jpg
 * is refused in the dropzone before any request, a bad URL is shown before submitting (and before the missing-image
 * question), `#해시` is saved as `해시`, and editing a link without an image asks nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { waitForAppTakeover } from './support/first-screen';
import { signInAsAdmin } from './support/sign-in';
import { shotAtBothWidths } from './support/screenshot';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-링크-관리자';
const NAME = '테스트 캠핑 랜턴';
const NEW_NAME = '테스트 캠핑 랜턴 (대용량)';
const results = path.join(repoRoot, 'test-results');

let session: SiteInBrowser;
let site: RunningSite;
let context: BrowserContext;
let page: Page;
let dialogs: string[];

/** A real picture: a 640×480 gradient-ish PNG made by sharp. */
function pngOf(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><circle cx="320" cy="240" r="150" fill="#fff" fill-opacity="0.6"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_links',
    ports: { site: 20080, api: 20000, idp: 20090 },
    adminPassword: PASSWORD,
  });
  ({ site, context, page, dialogs } = session);
  fs.mkdirSync(results, { recursive: true });
  await signInAsAdmin(page, site.url, PASSWORD);
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

/** Goes to a route inside the app without reloading it (the shell stays signed in). */
async function navigate(route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL(`${site.url}${route}`);
}

async function openList(): Promise<void> {
  await navigate('/main/list');
  await page.getByRole('heading', { name: '링크 정보 관리' }).waitFor();
  await page.getByTestId('link-row').first().waitFor();
}

const rowNames = () => page.getByTestId('link-row-name').allInnerTexts();
const rowOf = (name: string): Locator =>
  page.getByTestId('link-row').filter({ has: page.getByText(name, { exact: true }) });

/** Names of the public page's cards in order (a fresh load of `/`, as a visitor sees it). */
async function publicNames(): Promise<string[]> {
  const visitor = await context.newPage();
  try {
    await visitor.goto(site.url);
    await visitor.getByTestId('store-card').first().waitFor();
    return await visitor.locator('[data-testid="store-card"] .store-card__name').allInnerTexts();
  } finally {
    await visitor.close();
  }
}

async function publicCard(name: string): Promise<{ visitor: Page; card: Locator }> {
  const visitor = await context.newPage();
  await visitor.goto(site.url);
  await visitor.getByTestId('store-card').first().waitFor();
  await waitForAppTakeover(visitor);
  return { visitor, card: visitor.getByTestId('store-card').filter({ hasText: name }) };
}

/** Waits until the row named `name` is pushed down by a dragged row (its transform has a positive y). */
async function waitUntilShifted(name: string): Promise<void> {
  await page.waitForFunction((rowName) => {
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid="link-row"]')].find(
      (candidate) => candidate.querySelector('[data-testid="link-row-name"]')?.textContent === rowName,
    );
    const y = /translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(row?.style.transform ?? '')?.[1];
    return Number(y ?? 0) > 0;
  }, name);
}

/** Waits for the reorder call and returns its path. */
function nextMove(): Promise<string> {
  return page
    .waitForResponse(
      (response) => response.url().includes('/api/main/update/order/') && response.request().method() === 'PUT',
    )
    .then((response) => {
      expect(response.status()).toBe(200);
      return new URL(response.url()).pathname;
    });
}

test('creates a link by dropping an image file on the dropzone', async () => {
  await openList();
  await page.waitForFunction(() => {
    const first = document.querySelector<HTMLImageElement>('[data-testid="link-row-photo"]');
    return Boolean(first?.complete && first.naturalWidth > 0);
  });
  await page.screenshot({ path: path.join(results, 'links-list.png'), fullPage: false });
  await page.getByTestId('link-create-button').click();
  await page.waitForURL(`${site.url}/create`);
  await page.getByRole('heading', { name: '링크 등록' }).waitFor();

  await page.getByLabel('링크 이름').fill(NAME);
  await page.getByLabel('태그').fill('캠핑, 조명');
  await page.getByLabel('구매 사이트 링크').fill('https://shop.example.com/lantern');

  // Drop a real PNG: a DataTransfer built in the page, dispatched as dragenter / dragover / drop on the zone.
  const bytes = (await pngOf({ r: 34, g: 139, b: 94 })).toString('base64');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const binary = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([binary], 'lantern.png', { type: 'image/png' }));
    return transfer;
  }, bytes);
  const zone = page.getByTestId('image-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });

  await page.getByText('선택한 파일: lantern.png').waitFor();
  const preview = page.getByTestId('image-dropzone-preview');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="image-dropzone-preview"]')?.getAttribute('src')?.startsWith('blob:'),
  );
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  expect(await page.getByLabel('사진 링크').inputValue()).toBe('');
  await page.screenshot({ path: path.join(results, 'links-create-form.png'), fullPage: true });

  dialogs.length = 0;
  // The link and its image travel in ONE request, saved in one transaction (docs/decisions/0051-nothing-half-saved.md).
  const [createResponse] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/store/create/with-image') && r.request().method() === 'POST'),
    page.getByRole('button', { name: '등록' }).click(),
  ]);
  expect(createResponse.status()).toBe(201);
  await page.waitForURL(`${site.url}/main/list`);
  await rowOf(NAME).waitFor();
  expect(dialogs).toHaveLength(1);
  expect(dialogs[0]).toMatch(/[가-힣]/);

  // The list shows the uploaded picture's 320 px variant.
  const photo = rowOf(NAME).getByTestId('link-row-photo');
  expect(await photo.getAttribute('src')).toMatch(/\/api\/images\/[0-9a-f]{64}\?w=320$/);
  await photo.scrollIntoViewIfNeeded(); // the row photos load lazily
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('[data-testid="link-row"]')]
        .find((row) => row.textContent?.includes(name))
        ?.querySelector('img')?.naturalWidth === 320,
    NAME,
  );
});

test('the public page (mf-store) shows the new link with its uploaded image', async () => {
  const { visitor, card } = await publicCard(NAME);
  await card.waitFor();
  const src = await card.locator('img').getAttribute('src');
  expect(src).toMatch(/\/api\/images\/[0-9a-f]{64}\?w=320$/);
  await card.locator('img').scrollIntoViewIfNeeded();
  await visitor.waitForFunction((name) => {
    const card = [...document.querySelectorAll('[data-testid="store-card"]')].find((c) =>
      c.textContent?.includes(name),
    );
    const img = card?.querySelector('img');
    return Boolean(img?.complete && img.naturalWidth > 0);
  }, NAME);
  await visitor.close();
});

test('edits the link (name and a new image chosen through the file input); the public page follows', async () => {
  await openList();
  const oldSrc = await rowOf(NAME).getByTestId('link-row-photo').getAttribute('src');
  await rowOf(NAME).getByTestId('link-row-name').click();
  await page.getByRole('heading', { name: '링크 수정' }).waitFor();
  const nameInput = page.getByLabel('링크 이름');
  await nameInput.waitFor();
  expect(await nameInput.inputValue()).toBe(NAME);
  expect(await page.getByLabel('태그', { exact: true }).inputValue()).toBe('캠핑, 조명');
  expect(await page.getByLabel('사진 링크').inputValue()).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);

  await nameInput.fill(NEW_NAME);
  await page.getByTestId('image-dropzone-input').setInputFiles({
    name: 'lantern-night.png',
    mimeType: 'image/png',
    buffer: await pngOf({ r: 30, g: 58, b: 138 }),
  });
  await page.getByText('선택한 파일: lantern-night.png').waitFor();

  dialogs.length = 0;
  await Promise.all([
    page.waitForResponse(
      (r) => /\/api\/main\/update\/\d+\/with-image$/.test(r.url()) && r.request().method() === 'PUT',
    ),
    page.getByRole('button', { name: '수정' }).click(),
  ]);
  await page.waitForURL(`${site.url}/main/list`);
  await rowOf(NEW_NAME).waitFor();
  expect(dialogs).toHaveLength(1);
  const newSrc = await rowOf(NEW_NAME).getByTestId('link-row-photo').getAttribute('src');
  expect(newSrc).not.toBe(oldSrc);

  const names = await publicNames();
  expect(names).toContain(NEW_NAME);
  expect(names).not.toContain(NAME);
});

test('reorders by mouse drag and by keyboard; the public order follows', async () => {
  await openList();
  await page.getByTestId('link-mode-reorder').click();
  await page.getByTestId('link-row-handle').first().waitFor();
  expect(await page.getByTestId('link-row-delete').count()).toBe(0);

  const before = await rowNames();
  const from = before.indexOf(NEW_NAME);
  expect(from).toBe(before.length - 1); // a new link goes last
  const row = rowOf(NEW_NAME);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(results, 'links-reorder-mode.png') });

  // Mouse: press the handle, move up past the row above in small steps, release.
  const handle = row.getByTestId('link-row-handle');
  const box = (await handle.boundingBox())!;
  const above = (await rowOf(before[from - 1]!).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const moved = nextMove();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - 10, { steps: 4 });
  await page.mouse.move(x, above.y + above.height / 2 - 6, { steps: 12 });
  // dnd-kit has found the drop target once the row above slides down to make room; release only then.
  await waitUntilShifted(before[from - 1]!);
  await page.mouse.up();
  expect(await moved).toMatch(new RegExp(`/api/main/update/order/\\d+/${from - 1}/${from}$`));
  const afterMouse = await rowNames();
  expect(afterMouse.indexOf(NEW_NAME)).toBe(from - 1);
  expect(await publicNames()).toEqual(afterMouse);

  // Keyboard: focus the handle, Space to pick up, ArrowUp, Space to drop.
  const movedAgain = nextMove();
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'true');
  await page.keyboard.press('ArrowUp');
  await waitUntilShifted(afterMouse[from - 2]!);
  await page.keyboard.press('Space');
  expect(await movedAgain).toMatch(new RegExp(`/api/main/update/order/\\d+/${from - 2}/${from - 1}$`));
  const afterKeyboard = await rowNames();
  expect(afterKeyboard.indexOf(NEW_NAME)).toBe(from - 2);
  expect(await publicNames()).toEqual(afterKeyboard);
  await page.screenshot({ path: path.join(results, 'links-after-reorder.png') });
});

test('deletes the link after the confirm; it is gone from the public page', async () => {
  await openList();
  await page.getByTestId('link-mode-edit').click();
  const count = await page.getByTestId('link-row').count();
  dialogs.length = 0;
  await Promise.all([
    page.waitForResponse((r) => /\/api\/main\/delete\/\d+$/.test(r.url())),
    rowOf(NEW_NAME).getByTestId('link-row-delete').click(),
  ]);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="link-row"]').length === n - 1, count);
  expect(dialogs[0]).toBe('이 링크를 삭제하시겠습니까?');
  expect(dialogs).toHaveLength(2); // the confirm, then the server's message
  expect(await rowNames()).not.toContain(NEW_NAME);
  expect(await publicNames()).not.toContain(NEW_NAME);
});

/** Every API write (POST, PUT, DELETE) the page sends until `stop()` is called. */
function recordWrites(): { writes: string[]; stop: () => void } {
  const writes: string[] = [];
  const listener = (request: import('playwright-core').Request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET')
      writes.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', listener);
  return { writes, stop: () => page.off('request', listener) };
}

/** A fresh, empty create form (by way of the list, so a form left on /create by the previous test is gone). */
async function openCreateForm(): Promise<void> {
  await navigate('/main/list');
  await page.getByRole('heading', { name: '링크 정보 관리' }).waitFor();
  await navigate('/create');
  await page.getByRole('heading', { name: '링크 등록' }).waitFor();
}

test('a text file renamed .jpg is refused in the dropzone, in Korean, before any request (docs/decisions/0051-nothing-half-saved.md)', async () => {
  await openCreateForm();
  await page.getByLabel('링크 이름').fill('사진이 아닌 파일');
  const recorder = recordWrites();
  await page.getByTestId('image-dropzone-input').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('장보기 목록: 우유, 계란, 빵\nshopping list\n'),
  });
  const error = page.getByTestId('image-dropzone-error');
  await error.waitFor();
  expect(await error.innerText()).toBe(
    '이미지 파일을 읽을 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.',
  );
  expect(await page.getByTestId('chosen-file').count()).toBe(0);
  expect(await page.getByTestId('image-dropzone-preview').getAttribute('data-placeholder')).toBe('true');
  await shotAtBothWidths(page, 'link-form-refused-file-390.png');
  recorder.stop();
  expect(recorder.writes).toEqual([]);
});

test('a bad URL is shown under its field before submitting, before the missing-image question (docs/decisions/0055-form-flow.md)', async () => {
  await openCreateForm();
  await page.getByLabel('링크 이름').fill('주소가 틀린 링크');
  await page.getByLabel('구매 사이트 링크').fill('shop.example.com/lantern');
  const recorder = recordWrites();
  dialogs.length = 0;
  await page.getByRole('button', { name: '등록' }).click();
  const error = page.getByTestId('link-error');
  await error.waitFor();
  expect(await error.innerText()).toBe('링크 주소는 http:// 또는 https:// 로 시작하는 2048자 이하의 주소여야 합니다.');
  expect(await page.getByLabel('구매 사이트 링크').getAttribute('aria-invalid')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('link');
  expect(dialogs).toEqual([]); // not even the missing-image question
  await shotAtBothWidths(page, 'link-form-bad-url-390.png');
  recorder.stop();
  expect(recorder.writes).toEqual([]);
});

test('#해시 is saved as 해시; editing a link without an image asks nothing (docs/decisions/0055-form-flow.md)', async () => {
  const name = '해시 태그 링크';
  await openCreateForm();
  await page.getByLabel('링크 이름').fill(name);
  await page.getByLabel('태그').fill('#해시, ##캠핑');
  dialogs.length = 0;
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/store/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: '등록' }).click(),
  ]);
  expect(created.status()).toBe(201);
  expect((await created.json()).product.tags).toEqual(['해시', '캠핑']);
  await page.waitForURL(`${site.url}/main/list`);
  // On create without an image the question is asked (docs/product.md#5-validation), then the server's message.
  expect(dialogs).toEqual(['이미지 없이 링크 정보를 등록하시겠습니까?', '링크가 등록되었습니다.']);
  const row = rowOf(name);
  await row.waitFor();
  expect(await row.innerText()).toContain('#해시 #캠핑');
  expect(await row.innerText()).not.toContain('##');

  await row.getByTestId('link-row-name').click();
  await page.getByRole('heading', { name: '링크 수정' }).waitFor();
  const nameInput = page.getByLabel('링크 이름');
  await nameInput.waitFor();
  expect(await page.getByLabel('태그', { exact: true }).inputValue()).toBe('해시, 캠핑');
  await nameInput.fill(`${name} (수정)`);
  dialogs.length = 0;
  await Promise.all([
    page.waitForResponse((r) => /\/api\/main\/update\/\d+$/.test(r.url()) && r.request().method() === 'PUT'),
    page.getByRole('button', { name: '수정' }).click(),
  ]);
  await page.waitForURL(`${site.url}/main/list`);
  expect(dialogs).toEqual(['링크가 수정되었습니다.']);
});

test('an unknown link id (404) shows the reason without 다시 시도 (docs/decisions/0055-form-flow.md)', async () => {
  await navigate('/main/edit/987654');
  const notice = page.getByTestId('link-edit-error');
  await notice.waitFor();
  expect(await notice.innerText()).toContain('링크 정보를 찾을 수 없습니다.');
  expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
});

test('광고 표시: set 광고 in the form, the list shows its chip, the card on / starts with 광고 at 390 px (docs/decisions/0070-disclosure-label.md)', async () => {
  const name = '수제 딸기잼 세트 (광고 표시)';
  await openCreateForm();
  await page.getByLabel('링크 이름').fill(name);
  await page.getByLabel('구매 사이트 링크').fill('https://shop.example.com/jam');
  const disclosure = page.getByLabel('광고 표시');
  expect(await disclosure.inputValue()).toBe('none');
  await disclosure.selectOption({ label: '광고' });
  await page.getByTestId('image-dropzone-input').setInputFiles({
    name: 'jam.png',
    mimeType: 'image/png',
    buffer: await pngOf({ r: 220, g: 38, b: 38 }),
  });
  await page.getByText('선택한 파일: jam.png').waitFor();
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/store/create/with-image') && r.request().method() === 'POST'),
    page.getByRole('button', { name: '등록' }).click(),
  ]);
  expect(created.status()).toBe(201);
  expect((await created.json()).product.disclosure).toBe('ad');
  await page.waitForURL(`${site.url}/main/list`);
  const chip = rowOf(name).getByTestId('link-row-disclosure');
  await chip.waitFor();
  expect(await chip.innerText()).toBe('광고');
  await shotAtBothWidths(page, 'disclosure-list-390.png');

  // The served HTML (the server render of mf-store, before any script): the card's text starts with 광고.
  const html = await (await fetch(`${site.url}/`)).text();
  const served = [...html.matchAll(/<a [^>]*data-testid="store-card"[^>]*>([\s\S]*?)<\/a>/g)]
    .map((match) => match[1]!.replace(/<[^>]+>/g, ''))
    .find((text) => text.includes(name));
  expect(served?.startsWith(`광고 · ${name}`)).toBe(true);

  // A visitor's phone: the chip is on the card, first in its text and in its accessible name.
  const visitor = await context.newPage();
  try {
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(site.url);
    await waitForAppTakeover(visitor);
    const card = visitor.getByRole('link', { name: new RegExp(`^광고 · ${name.replace(/[()]/g, '\\$&')}`) });
    await card.scrollIntoViewIfNeeded();
    expect(await card.innerText()).toMatch(/^광고/);
    const label = card.getByTestId('store-card-disclosure');
    await visitor.waitForFunction((text) => {
      const img = [...document.querySelectorAll('[data-testid="store-card"]')]
        .find((c) => c.textContent?.includes(text))
        ?.querySelector('img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, name);
    const [labelBox, cardBox] = [(await label.boundingBox())!, (await card.boundingBox())!];
    expect(labelBox.width).toBeGreaterThan(0);
    expect(labelBox.x).toBeGreaterThanOrEqual(cardBox.x);
    expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(Math.min(cardBox.x + cardBox.width, 390));
    expect(labelBox.y).toBeGreaterThanOrEqual(cardBox.y);
    await visitor.screenshot({ path: path.join(results, 'disclosure-card-390.png') });
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: path.join(results, 'disclosure-card-desktop.png') });
  } finally {
    await visitor.close();
  }
});
