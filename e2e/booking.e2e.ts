/**
 * Visitors book popup slots (docs/decisions/0030-popup-bookings.md) in the composed site, in Debian's Chromium.
 * - The administrator (desktop, real sign-in) writes the popup's public information with an image.
 * - A visitor on a phone (390 px, Korean, Asia/Seoul) opens /reserve from the store page's link, sees a form error,
 * books with an email address for the reminder (docs/decisions/0076-calendar-and-reminders.md), gets the confirmation
 * with its code and QR code,
 *   downloads it with 캘린더에 추가 as an .ics file read back by ical.js, cancels with the last four digits, and finds
 *   the seats back on /reserve.
 * - The administrator checks one booking in, marks another as a no-show, and downloads the CSV (BOM, Korean).
 * Screenshots of the booking page, the form with an error, the confirmation and the administrator's bookings screen
 * at 390 px and 1280 px go to test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { alerted } from './support/alerts';
import { waitForAppTakeover } from './support/first-screen';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot, type RunningSite } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-예약-관리자';
const API = 'http://localhost:25000/api';
const results = path.join(repoRoot, 'test-results');
const INFO = {
  title: '링크 & 일정 겨울 팝업스토어',
  place: '서울 성동구 연무장길 00, 1층',
  notice: '입장은 예약 시간 10분 전부터 가능합니다.\n노쇼 시 다음 팝업 예약이 제한될 수 있습니다.',
};

let session: SiteInBrowser;
let site: RunningSite;
let admin: Page;
let dialogs: string[];
let phoneContext: BrowserContext;
let phone: Page;
/** The slots made for the test: A bookable (6 seats), B switched off, C opening later, D 10 seats at 2 tables. */
const slot = { a: 0, b: 0, c: 0, d: 0 };

/** `yyyy-mm-dd` of the day `days` after today in Seoul. */
function seoulDay(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => session.sql<T>(text, params);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(results, name), fullPage: true });
}

/** Waits until an alert with `message` was accepted, and forgets the alerts so far. */
const expectAlert = (message: string) => alerted(admin, dialogs, message, { forget: true });

beforeAll(async () => {
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_booking',
    ports: { site: 25080, api: 25000, idp: 25090 },
    adminPassword: PASSWORD,
    context: { timezoneId: 'Asia/Seoul' },
    // Reminders on, so the form asks for the optional email address (docs/decisions/0076-calendar-and-reminders.md). No
    // slot here starts within REMINDER_HOURS_BEFORE, so no reminder is due and nothing connects to this address during
    // the test.
    env: {
      SMTP_URL: 'smtp://127.0.0.1:25025',
      SMTP_FROM: 'no-reply@links.example.com',
      PUBLIC_SITE_URL: 'http://localhost:25080',
    },
  });
  ({ site, page: admin, dialogs } = session);
  fs.mkdirSync(results, { recursive: true });
  const day = seoulDay(3);
  const insert = async (fields: string, values: string) =>
    (
      await sql<{ id: number }>(
        `INSERT INTO popup_slots (cnt, startdate, enddate, head_count, bookable_tables, party_min, party_max${fields})
         VALUES ${values} RETURNING id`,
      )
    )[0]!.id;
  slot.a = await insert('', `('1', '${day}T19:00:00+09:00', '${day}T21:00:00+09:00', 6, 6, 1, 4)`);
  slot.b = await insert(
    ', booking_enabled',
    `('2', '${day}T21:00:00+09:00', '${day}T22:00:00+09:00', 10, 5, 1, 2, false)`,
  );
  slot.c = await insert(
    ', booking_opens_at',
    `('1', '${seoulDay(6)}T13:00:00+09:00', '${seoulDay(6)}T15:00:00+09:00', 30, 10, 1, 2, '${seoulDay(2)}T10:00:00+09:00')`,
  );
  slot.d = await insert('', `('3', '${day}T22:00:00+09:00', '${day}T23:00:00+09:00', 10, 2, 1, 4)`);
  phoneContext = await session.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  phone = await phoneContext.newPage();
  await signInAsAdmin(admin, site.url, PASSWORD);
}, 420_000);

afterAll(async () => {
  await phoneContext?.close();
  expect(await session?.close()).toBe(0);
});

test('the administrator writes the popup information with an image; /reserve shows it', async () => {
  await admin.goto(`${site.url}/popup/list`);
  await admin.getByRole('heading', { name: '팝업 예약 관리' }).waitFor();
  await admin.getByRole('link', { name: '팝업 안내 수정' }).click();
  await admin.waitForURL(`${site.url}/popup/info`);
  await admin.getByLabel('팝업 이름').fill(INFO.title);
  await admin.getByLabel('장소').fill(INFO.place);
  await admin.getByLabel('안내 사항 (취소·노쇼 규정 포함)').fill(INFO.notice);
  const picture = await sharp({
    create: { width: 1200, height: 600, channels: 3, background: { r: 30, g: 64, b: 175 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><circle cx="900" cy="300" r="220" fill="#fbbf24"/><rect x="120" y="200" width="420" height="200" rx="30" fill="#f8fafc" fill-opacity="0.9"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await admin
    .getByTestId('popup-info-dropzone-input')
    .setInputFiles({ name: 'popup.jpg', mimeType: 'image/jpeg', buffer: picture });
  await shot(admin, 'booking-admin-info-1280.png');
  await admin.getByRole('button', { name: '저장' }).click();
  await admin.waitForURL(`${site.url}/popup/list`);
  await expectAlert('팝업 안내 이미지가 저장되었습니다.');
  const row = admin
    .getByTestId('popup-row')
    .filter({ has: admin.getByRole('link', { name: `${slot.a}번 팝업 예약의 예약자 목록` }) });
  expect(await row.getByTestId('popup-row-bookings').innerText()).toMatch(
    /예약 가능 \(잔여 6명\)\s*예약 0 · 잔여 6 · 입장 0/,
  );
  await shot(admin, 'booking-admin-list-1280.png');
  const page = (await (await fetch(`${API}/reserve`)).json()) as { product: { info: { imagelink: string } } };
  expect(page.product.info).toMatchObject({ title: INFO.title, place: INFO.place });
  expect(page.product.info.imagelink).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
});

test('a visitor’s banner is the served one (no mf-plans code loads) with the reservation link, which opens /reserve in the app', async () => {
  const plansEntry = `${site.originOf('mf-plans')}/remoteEntry.js`;
  const asked: string[] = [];
  const onRequest = (request: { url(): string }) => asked.push(request.url());
  phone.on('request', onRequest);
  try {
    await phone.goto(site.url);
    await waitForAppTakeover(phone);
    // Marks this document: a navigation that loads the page anew loses it.
    await phone.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await phone.getByTestId('banner-reserve-link').click();
    await phone.waitForURL(`${site.url}/reserve`);
    await phone.getByRole('heading', { name: INFO.title }).waitFor();
    expect(await phone.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(asked).not.toContain(plansEntry);
  } finally {
    phone.off('request', onRequest);
  }
});

test('a visitor on a phone books from the store page, sees the code and QR, cancels, and the seats come back', async () => {
  await phone.goto(site.url);
  await phone.getByTestId('store-reserve-link').click();
  await phone.waitForURL(`${site.url}/reserve`);
  await phone.getByRole('heading', { name: INFO.title }).waitFor();
  await phone.getByTestId('reserve-image').waitFor();
  await phone.waitForFunction(
    () => (document.querySelector('[data-testid="reserve-image"]') as HTMLImageElement)?.naturalWidth > 0,
  );
  const card = (id: number) => phone.locator(`[data-testid="slot-card"][data-slot-id="${id}"]`);
  expect(await card(slot.a).getByTestId('slot-status').innerText()).toBe('예약 가능 (잔여 6명)');
  expect(await card(slot.b).getByTestId('slot-status').innerText()).toBe('마감');
  expect(await card(slot.c).getByTestId('slot-status').innerText()).toBe('오픈 예정');
  expect(await card(slot.c).innerText()).toMatch(/오전 10:00 오픈/);
  await shot(phone, 'booking-reserve-390.png');

  await card(slot.a)
    .getByRole('button', { name: /예약하기$/ })
    .click();
  await phone.getByRole('heading', { name: '예약 정보 입력' }).waitFor();
  await phone.getByLabel('휴대폰 번호').fill('0212345678');
  await phone.getByRole('button', { name: '예약하기', exact: true }).click();
  await phone.getByText('휴대폰 번호는 010으로 시작하는 11자리로 입력해주세요. (예: 010-1234-5678)').waitFor();
  await phone.getByText('개인정보 수집·이용에 동의해주세요.').waitFor();
  await shot(phone, 'booking-form-error-390.png');

  await phone.getByLabel('이름').fill('김하늘');
  await phone.getByLabel('휴대폰 번호').fill('01098765432');
  expect(await phone.getByLabel('휴대폰 번호').inputValue()).toBe('010-9876-5432');
  await phone.getByLabel('인원').selectOption('2');
  await phone.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }).check();
  // The optional reminder address, with its own consent (docs/decisions/0076-calendar-and-reminders.md).
  await phone.getByLabel('이메일 (선택)').fill('haneul@example');
  await phone.getByRole('button', { name: '예약하기', exact: true }).click();
  await phone.getByText('이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)').waitFor();
  await phone.getByText('예약 알림을 이메일로 받으려면 이메일 수신에 동의해주세요.').waitFor();
  await phone.getByLabel('이메일 (선택)').fill(' haneul@example.com ');
  await phone.getByRole('checkbox', { name: '예약 알림을 이메일로 받겠습니다' }).check();
  await phone.getByRole('heading', { name: '예약 알림 이메일 수신 동의 (선택)' }).scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(results, 'booking-form-email-390.png') });
  await phone.getByRole('button', { name: '예약하기', exact: true }).click();
  await phone.waitForURL(/\/reserve\/[23456789A-HJ-NP-Z]{8}$/);
  const code = (await phone.getByTestId('booking-code').innerText()).trim();
  expect(phone.url()).toBe(`${site.url}/reserve/${code}`);
  const qr = phone.getByRole('img', { name: `예약 ${code} 확인 주소 QR 코드` });
  await qr.waitFor();
  expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await qr.isVisible()).toBe(true);
  expect(await phone.getByTestId('booking-state').innerText()).toBe('예약 완료');
  await shot(phone, 'booking-confirmation-390.png');
  const stored = await sql<{ phone: string; email: string; party_size: number; status: string }>(
    `SELECT phone, email, party_size, status FROM bookings WHERE code = $1`,
    [code],
  );
  expect(stored).toEqual([{ phone: '01098765432', email: 'haneul@example.com', party_size: 2, status: 'booked' }]);

  // 캘린더에 추가 downloads the booking as an .ics file: the slot's instant in Asia/Seoul
  // (docs/decisions/0076-calendar-and-reminders.md).
  const [download] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('link', { name: '캘린더에 추가' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`booking-${code}.ics`);
  const ics = fs.readFileSync(await download.path(), 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  const { startdate } = (
    await sql<{ startdate: Date }>(`SELECT startdate FROM popup_slots WHERE id = $1`, [slot.a])
  )[0]!;
  expect(event.startDate.zone.tzid).toBe('Asia/Seoul');
  expect(event.startDate.toJSDate().toISOString()).toBe(startdate.toISOString());
  expect(ics).toMatch(/\r\nDTSTART;TZID=Asia\/Seoul:\d{8}T190000\r\n/);
  expect(event.summary).toBe(`${INFO.title} 1회차`);
  expect(event.location).toBe(INFO.place);
  expect(event.description).toContain(`예약 번호: ${code}`);
  expect(event.description).toContain(`http://localhost:25080/reserve/${code}`);
  // The page says the same wall time.
  expect(await phone.getByTestId('booking-slot').innerText()).toContain('1회차 · 오후 7:00 ~ 오후 9:00');

  // Another tab of the same visitor sees the seats taken.
  const other = await phoneContext.newPage();
  await other.goto(`${site.url}/reserve`);
  await other
    .locator(`[data-testid="slot-card"][data-slot-id="${slot.a}"]`)
    .getByText('예약 가능 (잔여 4명)')
    .waitFor();

  // Self-cancel with the last four digits.
  await phone.getByRole('button', { name: '예약 취소' }).click();
  await phone.getByLabel('휴대폰 번호 뒤 4자리').fill('1111');
  await phone.getByRole('button', { name: '취소하기' }).click();
  await phone
    .getByTestId('cancel-result')
    .getByText('예약을 찾을 수 없습니다. 예약 번호와 휴대폰 번호 뒤 4자리를 확인해주세요.')
    .waitFor();
  await phone.getByLabel('휴대폰 번호 뒤 4자리').fill('5432');
  await phone.getByRole('button', { name: '취소하기' }).click();
  await phone.getByTestId('cancel-result').getByText('예약이 취소되었습니다.').waitFor();
  expect(await phone.getByTestId('booking-state').innerText()).toBe('취소됨');
  // A cancelled booking is no ticket: no QR code to show at the door
  // (docs/decisions/0077-visitor-knows-what-happened.md).
  expect(await qr.count()).toBe(0);
  expect(await phone.getByRole('link', { name: '캘린더에 추가' }).count()).toBe(0);
  expect(await phone.getByTestId('ticket-hint').innerText()).toBe('취소된 예약이라 입장에 사용할 수 없습니다.');
  await shot(phone, 'booking-cancelled-390.png');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await shot(phone, 'booking-cancelled-1280.png');
  await phone.setViewportSize({ width: 390, height: 844 });

  // The other tab's list follows within its 10 s refresh, without a reload.
  await other
    .locator(`[data-testid="slot-card"][data-slot-id="${slot.a}"]`)
    .getByText('예약 가능 (잔여 6명)')
    .waitFor({ timeout: 15_000 });
  await other.close();
  await phone.getByRole('link', { name: '예약 페이지로' }).click();
  await phone.waitForURL(`${site.url}/reserve`);
  await card(slot.a).getByText('예약 가능 (잔여 6명)').waitFor();

  // The same page on a desktop.
  await admin.goto(`${site.url}/reserve`);
  await admin.getByRole('heading', { name: INFO.title }).waitFor();
  await admin.waitForFunction(
    () => (document.querySelector('[data-testid="reserve-image"]') as HTMLImageElement)?.naturalWidth > 0,
  );
  await shot(admin, 'booking-reserve-1280.png');
});

test('a slot whose tables ran out while the visitor typed: the form stays with its values, says why with focus on it, and offers the waitlist (docs/decisions/0077-visitor-knows-what-happened.md)', async () => {
  await phone.goto(`${site.url}/reserve`);
  const card = phone.locator(`[data-testid="slot-card"][data-slot-id="${slot.d}"]`);
  await card.getByRole('button', { name: /예약하기$/ }).click();
  await phone.getByRole('heading', { name: '예약 정보 입력' }).waitFor();
  await phone.getByLabel('이름').fill('최유나');
  // Autofill and people abroad give the international form; it becomes the domestic one, as the API reads it.
  await phone.getByLabel('휴대폰 번호').fill('+82 10-2468-1357');
  expect(await phone.getByLabel('휴대폰 번호').inputValue()).toBe('010-2468-1357');
  await phone.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }).check();

  // Meanwhile two other visitors take the slot's two tables; eight seats stay free.
  for (const number of ['010-5555-0001', '010-5555-0002']) {
    const res = await fetch(`${API}/reserve/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-tables-${number}` },
      body: JSON.stringify({ slotId: slot.d, name: '다른 방문자', phone: number, partySize: 1, consent: true }),
    });
    expect(res.status).toBe(201);
  }

  await phone.getByRole('button', { name: '예약하기', exact: true }).click();
  const reason = '예약이 마감되었습니다. 남은 자리는 있지만 예약 가능한 테이블이 모두 찼습니다.';
  const alert = phone.getByTestId('booking-error');
  await alert.getByText(reason).waitFor();
  expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe(reason);
  // The slot list was fetched again: the card says why it closed, and the form, still filled in, offers the slot's
  // waitlist (빈자리 알림) with what was typed.
  await card.getByTestId('slot-status').getByText('마감 (남은 테이블 없음)').waitFor();
  await phone.getByTestId('waitlist-explain').getByText('빈자리 알림을 신청하면', { exact: false }).waitFor();
  expect(await phone.getByLabel('이름').inputValue()).toBe('최유나');
  expect(await phone.getByRole('button', { name: '예약하기', exact: true }).count()).toBe(0);
  expect(await phone.getByRole('button', { name: '빈자리 알림 신청하기' }).isEnabled()).toBe(true);
  expect(await sql(`SELECT 1 FROM bookings WHERE phone = '01024681357'`)).toEqual([]);
  await alert.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(results, 'booking-stale-form-390.png') });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await alert.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(results, 'booking-stale-form-1280.png') });
  await phone.setViewportSize({ width: 390, height: 844 });

  // The administrator reads the same reason beside the seats still free.
  await admin.goto(`${site.url}/popup/list`);
  const row = admin
    .getByTestId('popup-row')
    .filter({ has: admin.getByRole('link', { name: `${slot.d}번 팝업 예약의 예약자 목록` }) });
  expect(await row.getByTestId('popup-row-bookings').innerText()).toMatch(
    /마감 \(남은 테이블 없음\)\s*예약 2 · 잔여 8 · 입장 0/,
  );
  await row.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: path.join(results, 'booking-admin-no-tables-1280.png') });
  await admin.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: path.join(results, 'booking-admin-no-tables-390.png') });
  await admin.setViewportSize({ width: 1280, height: 900 });
});

test('the administrator checks in, marks a no-show and downloads the CSV that Excel reads in Korean', async () => {
  const book = async (name: string, phoneNumber: string, partySize: number) => {
    const res = await fetch(`${API}/reserve/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-${phoneNumber}` },
      body: JSON.stringify({ slotId: slot.a, name, phone: phoneNumber, partySize, consent: true }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { product: { code: string } }).product.code;
  };
  const first = await book('이서연', '010-1111-2222', 2);
  const second = await book('박민준', '010-3333-4444', 1);

  await admin.goto(`${site.url}/popup/list`);
  await admin.getByRole('link', { name: `${slot.a}번 팝업 예약의 예약자 목록` }).click();
  await admin.waitForURL(`${site.url}/popup/bookings/${slot.a}`);
  await admin.getByRole('heading', { name: '예약자 관리' }).waitFor();
  expect(await admin.getByTestId('bookings-counts').innerText()).toMatch(/예약\s*3명\s*잔여\s*3명\s*입장\s*0명/);

  await admin.getByRole('button', { name: `${first} 입장 확인` }).click();
  await expectAlert('입장 확인되었습니다.');
  const row = (code: string) => admin.locator(`[data-testid="booking-row"][data-code="${code}"]`);
  await row(first).getByText('입장 완료').waitFor();
  await admin.getByRole('button', { name: `${second} 노쇼` }).click();
  await expectAlert('노쇼로 처리했습니다.');
  await row(second).getByText('노쇼').first().waitFor();
  await admin.getByTestId('bookings-counts').getByText('2명').waitFor();
  expect(await admin.getByTestId('bookings-counts').innerText()).toMatch(/입장\s*2명/);

  // Search by phone suffix.
  await admin.getByLabel('예약 번호 또는 휴대폰 번호 뒤 4자리').fill('4444');
  await admin.getByRole('button', { name: '검색' }).click();
  await admin.waitForFunction(() => document.querySelectorAll('[data-testid="booking-row"]').length === 1);
  expect(await row(second).isVisible()).toBe(true);
  await admin.getByRole('button', { name: '전체 보기' }).click();
  await admin.waitForFunction(() => document.querySelectorAll('[data-testid="booking-row"]').length === 3);
  await shot(admin, 'booking-admin-bookings-1280.png');

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'CSV 내려받기' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`popup-${slot.a}-bookings.csv`);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('예약 번호,회차,시작 일시,이름,휴대폰 번호,이메일,인원,상태,예약 일시,취소 일시,입장 일시');
  expect(lines).toHaveLength(4);
  expect(lines.find((line) => line.startsWith(first))).toContain(',이서연,010-1111-2222,,2,입장,');
  expect(lines.find((line) => line.startsWith(second))).toContain(',박민준,010-3333-4444,,1,노쇼,');
  // The visitor's booking with its reminder address, at the same Seoul wall time as the page and the .ics (19:00).
  expect(
    lines.some((line) => /,1,\d{4}-\d{2}-\d{2} 19:00,김하늘,010-9876-5432,haneul@example\.com,2,취소,/.test(line)),
  ).toBe(true);

  // Close booking by hand: visitors see 마감.
  await admin.getByRole('button', { name: '예약 받기 멈춤' }).click();
  await expectAlert('예약 받기를 멈췄습니다.');
  await admin.getByRole('button', { name: '예약 받기 시작' }).waitFor();
  const status = (await (await fetch(`${API}/reserve`)).json()) as {
    product: { slots: { id: number; status: string }[] };
  };
  expect(status.product.slots.find((s) => s.id === slot.a)?.status).toBe('closed');

  await admin.setViewportSize({ width: 390, height: 844 });
  await shot(admin, 'booking-admin-bookings-390.png');
  await admin.setViewportSize({ width: 1280, height: 900 });
});
