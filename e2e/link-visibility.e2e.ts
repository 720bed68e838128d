/**
 * Per-link visibility in the composed site (docs/decisions/0026-creator-features.md): a 공동구매 card with a window,
 * entered in Asia/Seoul in the link form, appears on the public page when its window opens and disappears when it
 * closes, under a controlled clock (the API reads "now" from TEST_CLOCK_FILE, so the test moves time instead of waiting
 * for it); the administrator's list shows 공개 예정 D-n, 공개, 종료 and 숨김, filters by them and switches a link off in one
 * click. Screenshots of the list and the form at 390 px and 1280 px go to test-results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-공개-관리자';
const DEAL = '공동구매 제주 감귤 5kg';
const results = path.join(repoRoot, 'test-results');
const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-clock-')), 'now');

/** 12:00 today in Seoul, as the API's "now" at the start. */
const START = new Date(`${new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10)}T03:00:00Z`);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** What a person types into the Korean date-time picker for an instant: `2026년 11월 24일 오후 1:00` in Seoul. */
function seoulInput(instant: Date): string {
  const seoul = new Date(instant.getTime() + 9 * HOUR);
  const [date, time] = seoul.toISOString().split('T') as [string, string];
  const [year, month, day] = date.split('-');
  const hours = Number(time.slice(0, 2));
  const clock = `${hours < 12 ? '오전' : '오후'} ${hours % 12 === 0 ? 12 : hours % 12}:${time.slice(3, 5)}`;
  return `${year}년 ${month}월 ${day}일 ${clock}`;
}

/**
 * Types into a react-datepicker and closes it; the picker gives the focus back from a zero-delay timer, which runs
 * before the next step (see schedule-popups-cover.e2e.ts `closePicker`).
 */
async function typeDateTime(label: string, value: string): Promise<void> {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Escape');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(await input.inputValue()).toBe(value);
}
const OPENS = new Date(START.getTime() + DAY + HOUR); // tomorrow 13:00
const CLOSES = new Date(START.getTime() + 3 * DAY); // in three days, 12:00

let session: SiteInBrowser;
let site: RunningSite;
let page: Page;

const setClock = (instant: Date) => fs.writeFileSync(clockFile, instant.toISOString());

/** The names of the public page's cards, as a new visitor (no cache, no session) sees them now. */
async function publicNames(): Promise<string[]> {
  const context = await session.browser.newContext({ locale: 'ko-KR' });
  try {
    const visitor = await context.newPage();
    await context.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
    await visitor.goto(site.url);
    await visitor.getByTestId('store-card').first().waitFor();
    return await visitor.locator('[data-testid="store-card"] .store-card__name').allInnerTexts();
  } finally {
    await context.close();
  }
}

async function openList(): Promise<void> {
  await page.goto(`${site.url}/main/list`);
  await page.getByRole('heading', { name: '링크 정보 관리' }).waitFor();
  await page.getByTestId('link-row').first().waitFor();
}

const badgeOf = (name: string) =>
  page.getByTestId('link-row').filter({ hasText: name }).getByTestId('link-row-badge').innerText();

async function screenshot(name: string): Promise<void> {
  for (const [suffix, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(results, `${name}-${suffix}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  setClock(START);
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_visibility',
    ports: { site: 27080, api: 27000, idp: 27090 },
    adminPassword: PASSWORD,
    env: { TEST_CLOCK_FILE: clockFile },
  });
  ({ site, page } = session);
  fs.mkdirSync(results, { recursive: true });
  await signInAsAdmin(page, site.url, PASSWORD);
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

test('a card with a window appears when it opens and disappears when it closes', async () => {
  await page.goto(`${site.url}/create`);
  await page.getByLabel(/^링크 이름/).fill(DEAL);
  await page.getByLabel('태그').fill('공동구매, 과일');
  await typeDateTime('공개 시작', seoulInput(OPENS));
  await typeDateTime('공개 종료', seoulInput(CLOSES));
  await screenshot('link-visibility-form');
  await page.getByRole('button', { name: '등록' }).click();
  await page.waitForURL(`${site.url}/main/list`);
  expect(session.dialogs).toContain('링크가 등록되었습니다.');

  await openList();
  expect(await badgeOf(DEAL)).toBe('공개 예정 D-1');
  expect(await publicNames()).not.toContain(DEAL);

  setClock(new Date(OPENS.getTime() - 1000));
  expect(await publicNames()).not.toContain(DEAL);
  setClock(OPENS);
  expect(await publicNames()).toContain(DEAL);
  await openList();
  expect(await badgeOf(DEAL)).toBe('공개');

  setClock(new Date(CLOSES.getTime() - 1000));
  expect(await publicNames()).toContain(DEAL);
  setClock(CLOSES);
  expect(await publicNames()).not.toContain(DEAL);
  await openList();
  expect(await badgeOf(DEAL)).toBe('종료');
});

test('the list switches a link off in one click and filters by state', async () => {
  setClock(START);
  await openList();
  const [first] = await page.getByTestId('link-row-name').allInnerTexts();
  expect(await publicNames()).toContain(first);
  await page.getByRole('button', { name: `${first} 숨기기` }).click();
  await page.getByTestId('link-list-status').getByText(`${first} 링크를 숨겼습니다.`).waitFor();
  expect(await badgeOf(first!)).toBe('숨김');
  expect(await publicNames()).not.toContain(first);

  await page.getByTestId('link-filter').selectOption('hidden');
  expect(await page.getByTestId('link-row-name').allInnerTexts()).toEqual([first]);
  await page.getByTestId('link-filter').selectOption('scheduled');
  expect(await page.getByTestId('link-row-name').allInnerTexts()).toEqual([DEAL]);
  await page.getByTestId('link-filter').selectOption('all');
  await screenshot('link-visibility-list');

  await page.getByRole('button', { name: `${first} 공개하기` }).click();
  await page.getByTestId('link-list-status').getByText(`${first} 링크를 공개했습니다.`).waitFor();
  expect(await publicNames()).toContain(first);
});
