/**
 * Schedules, popup reservation slots and the cover image in the composed site
 * (docs/decisions/0014-schedules-popups-cover.md), signed in through the real login form. Every screen is reached from
 * /admin by clicking: create a plan starting in 3 days and see the banner count `D - 3`, type an end before its start
 * and see it kept, explained and refused (docs/decisions/0050-admin-console-real-use.md), move it to today and see
 * `OPEN`, delete it and see it leave the banner; create, edit and delete a popup slot (a zero-length one refused) and
 * read it back in the table; upload a cover, watch the progress reach 100 and the `이미지` dialog, and see the new cover
 * on `/`. Screenshots (lists, forms with the Korean pickers open, the popup table, the cover page) go to test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { alerted } from './support/alerts';
import { waitForAppTakeover } from './support/first-screen';
import { signInAsAdmin } from './support/sign-in';
import { shotAtBothWidths } from './support/screenshot';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

/** How long a list may take to show a save: one read of the API, never a cached copy's lifetime (30 s). */
const FRESH_LIST_MS = 5_000;

const PASSWORD = 'e2e-일정-관리자';
const API = 'http://localhost:21000/api';
const PLAN_TITLE = '테스트 여름 팝업스토어 오픈';
const results = path.join(repoRoot, 'test-results');

let session: SiteInBrowser;
let site: RunningSite;
let page: Page;
let dialogs: string[];

/** A date `days` after today in Asia/Seoul as the plan pickers write it: `2026년 07월 04일`. */
function seoulDate(days: number): string {
  const seoul = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${seoul.getUTCFullYear()}년 ${pad(seoul.getUTCMonth() + 1)}월 ${pad(seoul.getUTCDate())}일`;
}

const POPUP_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear() + 1;

/** A real 1600×500 JPEG made by sharp: a coloured band with a lighter disc. */
function coverJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 500, channels: 3, background: { r: 190, g: 60, b: 90 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500"><circle cx="1200" cy="250" r="200" fill="#fde68a" fill-opacity="0.8"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_schedule',
    ports: { site: 21080, api: 21000, idp: 21090 },
    adminPassword: PASSWORD,
    context: { timezoneId: 'Asia/Seoul' },
  });
  ({ site, page, dialogs } = session);
  fs.mkdirSync(results, { recursive: true });
  await signInAsAdmin(page, site.url, PASSWORD);
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
});

/** Back to the administrator landing through the footer's 관리자 button (no typed URL). */
async function toAdmin(): Promise<void> {
  await page.getByTestId('footer-admin').click();
  await page.waitForURL(`${site.url}/admin`);
  await page.getByTestId('admin-plans-button').waitFor();
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(results, name), fullPage: true });
}

/** Types a value into a react-datepicker input and closes its popup, as a person typing the date would. */
async function typeDate(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await closePicker(input);
  expect(await input.inputValue()).toBe(value);
}

/**
 * Escape closes a react-datepicker, which then gives the focus back to its input from a zero-delay timer. On a busy
 * machine that timer could fire after the next `fill` had focused another field, and the text went into the date
 * input instead. The timer is queued by the time the key press returns, so one zero-delay timer queued after it in
 * the page runs after it.
 */
async function closePicker(input: Locator): Promise<void> {
  await input.press('Escape');
  await input.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Waits for the page to reach `pathname`; on a time-out the error names the alerts seen (a refused save says why). */
async function waitForPath(pathname: string): Promise<void> {
  try {
    await page.waitForURL(`${site.url}${pathname}`);
  } catch (error) {
    const invalid = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea')]
        .filter((field) => !(field as HTMLInputElement).checkValidity())
        .map(
          (field) =>
            `${field.id}: "${(field as HTMLInputElement).value}" ${(field as HTMLInputElement).validationMessage}`,
        ),
    );
    await page.screenshot({ path: path.join(results, `failed-${pathname.replace(/\//g, '_')}.png`), fullPage: true });
    throw new Error(
      `${(error as Error).message}\nalerts so far: ${JSON.stringify(dialogs)}; at ${page.url()}; invalid fields: ${JSON.stringify(invalid)}`,
    );
  }
}

/** Waits until an alert with `message` has been accepted, and forgets the alerts so far; on failure, `<results>/failed-alert.png` shows the page. */
const expectAlert = (message: string) =>
  alerted(page, dialogs, message, { forget: true, failureShot: path.join(results, 'failed-alert.png') });

const bannerItem = () => page.getByTestId('plan-item').filter({ hasText: PLAN_TITLE });
const planRow = () => page.getByTestId('plan-row').filter({ hasText: PLAN_TITLE });

test('a plan created, moved to today and deleted shows on the banner as D - 3, then OPEN, then not at all', async () => {
  await page.getByTestId('admin-plans-button').click();
  await waitForPath('/plan/list');
  await page.getByRole('heading', { name: '일정 정보 관리' }).waitFor();
  await page.getByRole('link', { name: '+ 일정 등록' }).click();
  await page.waitForURL(`${site.url}/plan`);
  await page.getByRole('heading', { name: '일정 등록' }).waitFor();

  // Both dates start at today (Seoul); the picker is Korean.
  const start = page.getByLabel('시작일');
  const end = page.getByLabel('종료일');
  expect(await start.inputValue()).toBe(seoulDate(0));
  expect(await end.inputValue()).toBe(seoulDate(0));
  await start.click();
  const picker = page.getByRole('dialog', { name: '날짜 선택' });
  await picker.waitFor();
  expect(await picker.locator('.react-datepicker__current-month').innerText()).toMatch(/^\d{4}년 \d{1,2}월$/);
  await screenshot('plan-form-picker.png');
  await closePicker(start);

  // Start in 3 days: the end follows (it may not be earlier than the start).
  await typeDate(start, seoulDate(3));
  expect(await end.inputValue()).toBe(seoulDate(3));
  await page.getByLabel('내용').fill(PLAN_TITLE);
  await page.getByRole('button', { name: '등록' }).click();
  await waitForPath('/plan/list');
  await expectAlert('일정이 등록되었습니다.');
  // What was saved is what is shown (docs/decisions/0083-admin-reads-not-cached.md): the list read on arrival has it,
  // not a browser's copy of the list from before (the API's answer to an administrator is private, no-store). A copy
  // would take a reload.
  await planRow().waitFor({ timeout: FRESH_LIST_MS });
  expect(await planRow().getByTestId('plan-row-dates').innerText()).toBe(`${seoulDate(3)} ~ ${seoulDate(3)}`);
  await bannerItem().getByText('D - 3').waitFor();
  await screenshot('plan-list.png');

  // Move the start to today: the banner switches to OPEN.
  await planRow()
    .getByRole('link', { name: `${PLAN_TITLE} 수정` })
    .click();
  await page.waitForURL(/\/plan\/edit\/\d+$/);
  await page.getByRole('heading', { name: '일정 수정' }).waitFor();
  expect(await page.getByLabel('시작일').inputValue()).toBe(seoulDate(3));
  // An end typed before the start stays as typed, is explained at once and refused on save
  // (docs/decisions/0050-admin-console-real-use.md, docs/product.md#5-validation).
  await typeDate(page.getByLabel('종료일'), seoulDate(1));
  const datesError = page.getByTestId('plan-dates-error');
  expect(await datesError.innerText()).toBe('종료일은 시작일보다 빠를 수 없습니다.');
  await shotAtBothWidths(page, 'plan-form-end-before-start-390.png');
  await page.getByRole('button', { name: '수정' }).click();
  await expectAlert('종료일은 시작일보다 빠를 수 없습니다.');
  expect(page.url()).toMatch(/\/plan\/edit\/\d+$/);
  expect(await page.getByLabel('종료일').inputValue()).toBe(seoulDate(1));
  await typeDate(page.getByLabel('종료일'), seoulDate(3));
  await datesError.waitFor({ state: 'detached' });
  await typeDate(page.getByLabel('시작일'), seoulDate(0));
  await page.getByRole('button', { name: '수정' }).click();
  await waitForPath('/plan/list');
  await expectAlert('일정이 수정되었습니다.');
  await planRow()
    .getByTestId('plan-row-dates')
    .getByText(`${seoulDate(0)} ~ ${seoulDate(3)}`)
    .waitFor({ timeout: FRESH_LIST_MS });
  await bannerItem().getByText('OPEN').waitFor();

  // Delete it: asked first, then gone from the list and the banner.
  await planRow()
    .getByRole('button', { name: `${PLAN_TITLE} 삭제` })
    .click();
  await expectAlert('일정이 삭제되었습니다.');
  await planRow().waitFor({ state: 'detached', timeout: FRESH_LIST_MS });
  await bannerItem().waitFor({ state: 'detached' });
});

test('a popup slot is created, edited and deleted, and read back in the table each time', async () => {
  await toAdmin();
  await page.getByRole('link', { name: '팝업 예약 관리' }).click();
  await waitForPath('/popup/list');
  await page.getByRole('heading', { name: '팝업 예약 관리' }).waitFor();
  await page.getByRole('link', { name: '+ 팝업 예약 등록' }).click();
  await page.waitForURL(`${site.url}/popup`);
  await page.getByRole('heading', { name: '팝업 예약 등록' }).waitFor();

  const startText = `${POPUP_YEAR}년 05월 10일 오후 1:30`;
  await page.getByLabel('회차').selectOption('2');
  await typeDate(page.getByLabel('시작 일시'), startText);
  // The end picker with its 12-hour time list, open for the screenshot.
  await page.getByLabel('종료 일시').click();
  const picker = page.getByRole('dialog', { name: '날짜와 시간 선택' });
  await picker.waitFor();
  expect(await picker.getByRole('listbox', { name: '시간' }).innerText()).toContain('오후 1:30');
  await screenshot('popup-form-picker.png');
  await closePicker(page.getByLabel('종료 일시'));
  await typeDate(page.getByLabel('종료 일시'), `${POPUP_YEAR}년 05월 10일 오후 6:00`);
  await page.getByLabel('인원', { exact: true }).fill('37');
  await page.getByLabel('예약 가능 테이블').fill('6');
  await page.getByRole('button', { name: '등록' }).click();
  await waitForPath('/popup/list');
  await expectAlert('팝업 예약이 등록되었습니다.');

  const row = page.getByTestId('popup-row').filter({ hasText: startText });
  await row.waitFor();
  const cells = () => row.getByRole('cell').allInnerTexts();
  expect((await cells()).slice(1, 5)).toEqual([
    '2회차',
    `${startText} ~ ${POPUP_YEAR}년 05월 10일 오후 6:00`,
    '37',
    '6',
  ]);
  // Nothing booked yet; the slot takes bookings (docs/decisions/0030-popup-bookings.md).
  expect((await cells())[5]).toMatch(/^예약 가능 \(잔여 37명\)\s*예약 0 · 잔여 37 · 입장 0$/);
  expect((await cells())[6]).toMatch(/^예약자\s*수정\s*삭제$/);
  expect(await page.getByRole('table').getByRole('columnheader').allInnerTexts()).toEqual([
    'ID',
    '회차',
    '일정',
    '인원',
    '예약 가능 테이블',
    '예약 현황',
    '관리',
  ]);
  await screenshot('popup-list.png');

  // Edit: pre-filled, saved with the popup path, back on the list with the new values.
  await row.getByRole('link', { name: /수정$/ }).click();
  await page.waitForURL(/\/popup\/edit\/\d+$/);
  await page.getByRole('heading', { name: '팝업 예약 수정' }).waitFor();
  expect(await page.getByLabel('시작 일시').inputValue()).toBe(startText);
  expect(await page.getByLabel('회차').inputValue()).toBe('2');
  expect(await page.getByLabel('인원', { exact: true }).inputValue()).toBe('37');
  // A zero-length slot (1:30 ~ 1:30) is kept as typed, explained and refused
  // (docs/decisions/0050-admin-console-real-use.md).
  await typeDate(page.getByLabel('종료 일시'), startText);
  expect(await page.getByTestId('popup-dates-error').innerText()).toBe('종료 일시는 시작 일시보다 늦어야 합니다.');
  await shotAtBothWidths(page, 'popup-form-zero-length-390.png');
  await page.getByRole('button', { name: '수정' }).click();
  await expectAlert('종료 일시는 시작 일시보다 늦어야 합니다.');
  expect(await page.getByLabel('종료 일시').inputValue()).toBe(startText);
  await typeDate(page.getByLabel('종료 일시'), `${POPUP_YEAR}년 05월 10일 오후 6:00`);
  await page.getByLabel('회차').selectOption('');
  await page.getByLabel('인원', { exact: true }).fill('1.5');
  await page.getByRole('button', { name: '수정' }).click();
  await expectAlert('인원은 0부터 100,000까지의 정수로 입력해주세요.');
  await page.getByLabel('인원', { exact: true }).fill('41');
  await page.getByRole('button', { name: '수정' }).click();
  await waitForPath('/popup/list');
  await expectAlert('팝업 예약이 수정되었습니다.');
  await row.waitFor();
  expect((await cells()).slice(1, 4)).toEqual([
    '선택 안 함',
    `${startText} ~ ${POPUP_YEAR}년 05월 10일 오후 6:00`,
    '41',
  ]);

  // Delete: asked first, then gone from the table.
  await row.getByRole('button', { name: /삭제$/ }).click();
  await expectAlert('팝업 예약이 삭제되었습니다.');
  await row.waitFor({ state: 'detached' });
});

test('a cover upload reaches 100 %, says so in the 이미지 dialog, and the banner on / shows the new cover', async () => {
  await toAdmin();
  const banner = page.getByTestId('plan-banner');
  await banner.waitFor();
  const coverBefore = await banner.evaluate(
    (el) => el.querySelector('[data-testid="plan-banner-cover"]')?.getAttribute('src') ?? null,
  );

  await page.getByRole('navigation', { name: '그 밖의 관리' }).getByRole('link', { name: '커버 이미지 변경' }).click();
  await page.waitForURL(`${site.url}/uploadimage`);
  await page.getByRole('heading', { name: '커버 이미지 변경' }).waitFor();
  // The screen has loaded the stored cover (its caption says which), so nothing redraws it under the click below.
  await page
    .getByTestId('cover-caption')
    .filter({ hasText: /현재 커버 이미지|아직 커버 이미지가 없습니다/ })
    .waitFor();

  // Without a file: the spec's alert, nothing sent.
  await page.getByRole('button', { name: '저장' }).click();
  await expectAlert('변경할 이미지가 없습니다.');

  const jpeg = await coverJpeg();
  await page
    .getByTestId('cover-dropzone-input')
    .setInputFiles({ name: 'summer-cover.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="cover-dropzone-preview"]')?.getAttribute('src')?.startsWith('blob:'),
  );
  await page.getByRole('button', { name: '저장' }).click();
  const dialog = page.getByRole('dialog', { name: '이미지', exact: true });
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain('커버 이미지가 변경되었습니다.');
  expect(await page.getByTestId('cover-progress-value').innerText()).toBe('100%');
  expect(await page.getByRole('progressbar', { name: '업로드 진행률' }).getAttribute('aria-valuenow')).toBe('100');
  await screenshot('cover-upload.png');
  await dialog.getByRole('button', { name: '닫기' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The new cover, as the API names it.
  const answer = (await (await fetch(`${API}/cover`)).json()) as { product: { imagelink: string } | null };
  const key = /^\/api\/images\/([0-9a-f]+)$/.exec(answer.product?.imagelink ?? '')?.[1];
  expect(key).toBeDefined();
  // The banner of this page already follows (bannerChanged), and so does a fresh visit to /.
  await page.waitForFunction(
    (k) => document.querySelector('[data-testid="plan-banner-cover"]')?.getAttribute('src')?.includes(`/images/${k}`),
    key,
  );
  // A fresh visit: the served first screen already carries the new cover (an <img> in the HTML, refreshed on the
  // write), before mf-plans takes it over.
  const served = await (await fetch(site.url)).text();
  expect(served).toContain(`/api/images/${key}?w=1280`);
  await page.goto(site.url);
  await page.getByTestId('plan-item').first().waitFor();
  await waitForAppTakeover(page);
  const coverAfter = await page.getByTestId('plan-banner-cover').getAttribute('src');
  expect(coverAfter).toContain(`/images/${key}?w=1280`);
  expect(coverAfter).not.toBe(coverBefore);
  await screenshot('cover-home.png');
});
