/**
 * Opening hour (docs/decisions/0071-opening-hour.md) in Debian's Chromium at 390 px, with a real SMTP server in this
 * process (smtp-server) and the API's "now" read from a file (TEST_CLOCK_FILE), so the test moves time instead of
 * waiting for it:
 * 1. waiting room → admitted → booked: one visitor at a time fills the form (BOOKING_QUEUE_ACTIVE_LIMIT=1); a phone
 *    arriving while another visitor is admitted waits, is told so, and books once the place frees;
 * 2. full → waitlist → offer → booked within the hold: the slot is full, a visitor asks for 빈자리 알림 with an email
 *    address; a cancellation offers the seat at once, the offer email says until when in Seoul time, and 예약 확정하기
 *    books it;
 * 3. offer expired → passed on: the hold (WAITLIST_HOLD_MINUTES=10) ends unanswered; the page says it passed on and
 *    the next on the list is offered it, by email;
 * 4. the booking reminder email says the slot's Seoul time;
 * 5. waiting in vain: a phone waits while another visitor takes the slot's last table; the page says so at once, with
 *    focus, and turns the form into the waitlist's with what was typed.
 * Screenshots (test-results/, each also at 1280 px as …-desktop.png):
 * opening-waiting-room-390.png, opening-waitlist-joined-390.png,
 * opening-waitlist-offer-390.png, opening-waitlist-expired-390.png, opening-slot-gone-390.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startMailbox, type Mailbox } from '../api/src/test/mailbox';
import { freeSitePorts } from './support/free-ports';
import { shotAtBothWidths } from './support/screenshot';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(240_000);

const PHONE_VIEW = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
};
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-opening-'));
const clockFile = path.join(scratch, 'now.txt');
/** The API's "now": 10:00 on the first of next month in Seoul, whatever day the test runs. */
const START = (() => {
  const now = new Date(Date.now() + 9 * 3_600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1, 0, 0));
})();
const setClock = (instant: Date) => fs.writeFileSync(clockFile, instant.toISOString());
/** `yyyy-mm-dd` of START plus `days` in Seoul. */
const day = (days: number) => new Date(START.getTime() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

let session: SiteInBrowser;
let mailbox: Mailbox;
let phoneContext: BrowserContext;
let phone: Page;
/**
 * Slot W (2 seats, the waiting room and the waitlist), slot X (1 seat, an offer that lapses) and slot Y (4 seats, 1
 * table: its last table goes while a phone waits).
 */
const slot = { w: 0, x: 0, y: 0 };

const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => session.sql<T>(text, params);

/** Another visitor's request to the public API (not through the page), with its own device. */
async function api<T>(method: 'GET' | 'POST', route: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${session.site.url}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'Device-Id': `opening-e2e-device-${route.length}`, ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}
const visitor = (n: number, slotId: number, email?: string) => ({
  slotId,
  name: `방문자${n}`,
  phone: `010-6666-${String(n).padStart(4, '0')}`,
  partySize: 1,
  consent: true,
  ...(email ? { email, emailConsent: true } : {}),
});
const key = (label: string) => `opening-e2e-${label}-${process.pid}`;

/** Waits (at most 60 s) for a message to `address` whose subject matches, and returns it. */
async function mailTo(address: string, subject: RegExp) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = mailbox.to(address).find((mail) => subject.test(mail.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  setClock(START);
  mailbox = await startMailbox();
  const ports = await freeSitePorts();
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_opening',
    ports,
    adminPassword: 'e2e-오픈런-관리자',
    env: {
      TEST_CLOCK_FILE: clockFile,
      BOOKING_QUEUE_ACTIVE_LIMIT: '1',
      WAITLIST_HOLD_MINUTES: '10',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      SMTP_FROM: 'no-reply@links.example.com',
      PUBLIC_SITE_URL: `http://localhost:${ports.site}`,
      // The reminder job looks every 2 s instead of every minute, so the test waits for the mail, not the minute.
      REMINDER_CHECK_SECONDS: '2',
    },
  });
  const insert = async (values: string) =>
    (
      await sql<{ id: number }>(
        `INSERT INTO popup_slots (cnt, startdate, enddate, head_count, bookable_tables, party_min, party_max)
         VALUES ${values} RETURNING id`,
      )
    )[0]!.id;
  slot.w = await insert(`('1', '${day(3)}T19:00:00+09:00', '${day(3)}T21:00:00+09:00', 2, 2, 1, 2)`);
  slot.x = await insert(`('2', '${day(3)}T21:00:00+09:00', '${day(3)}T22:00:00+09:00', 1, 1, 1, 1)`);
  slot.y = await insert(`('3', '${day(4)}T19:00:00+09:00', '${day(4)}T21:00:00+09:00', 4, 1, 1, 2)`);
  phoneContext = await session.browser.newContext(PHONE_VIEW);
  phone = await phoneContext.newPage();
}, 420_000);

afterAll(async () => {
  await phoneContext?.close();
  expect(await session?.close()).toBe(0);
  await mailbox?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

let firstBooking = '';

test('a visitor who arrives while another fills the form waits in the waiting room, then books', async () => {
  // Another visitor is admitted first and is filling in the form: the one place is taken.
  const other = await api<{ product: { ticket: string; status: string } }>('POST', '/reserve/queue', {
    slotId: slot.w,
  });
  expect(other.body.product.status).toBe('admitted');

  await phone.goto(`${session.site.url}/reserve`);
  await phone.getByRole('button', { name: /1회차 .* 예약하기/ }).tap();
  const room = phone.getByTestId('waiting-room');
  await room.getByText('곧 내 차례입니다.').waitFor();
  expect(await room.innerText()).toContain('지금 예약하려는 분이 많아 온 순서대로 안내하고 있습니다.');
  expect(await phone.getByRole('button', { name: '차례를 기다리는 중' }).isDisabled()).toBe(true);
  // The form can be filled in meanwhile.
  await phone.getByLabel('이름').fill('김하늘');
  await phone.getByLabel('휴대폰 번호').fill('010-2727-0303');
  await phone.getByLabel('이메일 (선택)').fill('haneul@example.com');
  await phone.getByRole('checkbox', { name: '예약 알림을 이메일로 받겠습니다' }).check();
  await phone.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }).check();
  await shotAtBothWidths(phone, 'opening-waiting-room-390.png');

  // The other visitor books: the place frees, the page is told on its next question and the form can be sent.
  const booked = await api<{ product: { code: string } }>('POST', '/reserve/bookings', visitor(1, slot.w), {
    'Idempotency-Key': key('other'),
    'Queue-Ticket': other.body.product.ticket,
  });
  expect(booked.status).toBe(201);
  firstBooking = booked.body.product.code;
  await room.getByText('지금 예약할 수 있습니다.').waitFor({ timeout: 20_000 });
  await phone.getByRole('button', { name: '예약하기', exact: true }).tap();
  await phone.waitForURL(/\/reserve\/[A-Z0-9]{8}$/);
  await phone.getByTestId('booking-code').waitFor();
  expect(await sql(`SELECT count(*)::int AS n FROM bookings WHERE slot_id = $1`, [slot.w])).toEqual([{ n: 2 }]);
});

test('a phone waiting while the last table goes is told at once, and its form turns into the waitlist’s', async () => {
  const other = await api<{ product: { ticket: string; status: string } }>('POST', '/reserve/queue', {
    slotId: slot.y,
  });
  expect(other.body.product.status).toBe('admitted');
  await phone.goto(`${session.site.url}/reserve`);
  await phone.getByRole('button', { name: /3회차 .* 예약하기/ }).tap();
  await phone.getByTestId('waiting-room').getByText('곧 내 차례입니다.').waitFor();
  await phone.getByLabel('이름').fill('정다은');
  // The other visitor's booking takes the one table; seats are left.
  const booked = await api('POST', '/reserve/bookings', visitor(7, slot.y), {
    'Idempotency-Key': key('last-table'),
    'Queue-Ticket': other.body.product.ticket,
  });
  expect(booked.status).toBe(201);
  const alert = phone.getByTestId('slot-gone');
  await alert.waitFor({ timeout: 20_000 });
  expect(await alert.getAttribute('role')).toBe('alert');
  expect(await alert.innerText()).toContain('기다리는 동안 남은 테이블이 모두 예약되었습니다.');
  expect(await alert.evaluate((node) => node === document.activeElement)).toBe(true);
  await phone.getByRole('button', { name: '빈자리 알림 신청하기' }).waitFor();
  expect(await phone.getByLabel('이름').inputValue()).toBe('정다은');
  expect(await phone.getByTestId('waiting-room').count()).toBe(0);
  await shotAtBothWidths(phone, 'opening-slot-gone-390.png');
});

test('a full slot: 빈자리 알림, a cancellation offers the seat by email, and 예약 확정하기 books it', async () => {
  await phone.goto(`${session.site.url}/reserve`);
  await phone.getByRole('button', { name: /1회차 .* 빈자리 알림 신청/ }).tap();
  await phone.getByRole('heading', { name: '빈자리 알림 신청' }).waitFor();
  await phone.getByLabel('이름').fill('이서연');
  await phone.getByLabel('휴대폰 번호').fill('010-5555-0061');
  await phone.getByLabel('이메일 (선택)').fill('seoyeon@example.com');
  await phone.getByRole('checkbox', { name: '예약 알림을 이메일로 받겠습니다' }).check();
  await phone.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }).check();
  await phone.getByRole('button', { name: '빈자리 알림 신청하기' }).tap();
  await phone.waitForURL(/\/reserve\/waitlist\/[A-Z0-9]{8}$/);
  const state = phone.getByTestId('waitlist-state');
  await state.getByText('다음 빈자리는 내 차례입니다.').waitFor();
  await shotAtBothWidths(phone, 'opening-waitlist-joined-390.png');

  // The first booking is cancelled: its seat is offered at once, held 10 minutes, by email in Seoul time.
  expect((await api('POST', `/reserve/bookings/${firstBooking}/cancel`, { phone4: '0001' })).status).toBe(200);
  const mail = await mailTo('seoyeon@example.com', /^\[빈자리 알림\]/);
  expect(mail.text).toContain(`이서연 님, 신청하신 회차에 빈자리가 생겼습니다.`);
  expect(mail.text).toMatch(/오전 10:10까지 아래 주소에서 예약을 확정해주세요/);
  expect(mail.subject).toMatch(/오후 7:00 회차에 자리가 났습니다$/);
  await phone.reload();
  await state.getByText('빈자리가 생겼습니다!').waitFor();
  expect(await state.innerText()).toContain('오전 10:10까지 예약을 확정해주세요.');
  await shotAtBothWidths(phone, 'opening-waitlist-offer-390.png');
  await phone.getByRole('button', { name: '예약 확정하기' }).tap();
  await phone.waitForURL(/\/reserve\/[A-Z0-9]{8}$/);
  expect(await phone.getByTestId('booking-state').innerText()).toBe('예약 완료');
  expect(await sql(`SELECT booked_people, booked_tables FROM popup_slots WHERE id = $1`, [slot.w])).toEqual([
    { booked_people: 2, booked_tables: 2 },
  ]);
});

test('an offer nobody takes within its hold passes on to the next, who is told by email', async () => {
  const taken = await api<{ product: { code: string } }>('POST', '/reserve/bookings', visitor(2, slot.x), {
    'Idempotency-Key': key('x'),
  });
  expect(taken.status).toBe(201);
  // The phone joins first; another visitor with an address after it.
  await phone.goto(`${session.site.url}/reserve`);
  await phone.getByRole('button', { name: /2회차 .* 빈자리 알림 신청/ }).tap();
  await phone.getByLabel('이름').fill('박지민');
  await phone.getByLabel('휴대폰 번호').fill('010-3333-0007');
  await phone.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }).check();
  await phone.getByRole('button', { name: '빈자리 알림 신청하기' }).tap();
  await phone.waitForURL(/\/reserve\/waitlist\/[A-Z0-9]{8}$/);
  const next = await api<{ product: { code: string } }>(
    'POST',
    '/reserve/waitlist',
    visitor(3, slot.x, 'next@example.com'),
    { 'Idempotency-Key': key('next') },
  );
  expect(next.status).toBe(201);

  await api('POST', `/reserve/bookings/${taken.body.product.code}/cancel`, { phone4: '0002' });
  await phone.reload();
  const state = phone.getByTestId('waitlist-state');
  await state.getByText('빈자리가 생겼습니다!').waitFor();
  // Eleven minutes later (the API's clock), unanswered: the hold has ended.
  setClock(new Date(START.getTime() + 11 * 60_000));
  await phone.reload();
  await state.getByText('확정 시간이 지나 자리가 다음 분께 넘어갔습니다.', { exact: false }).waitFor();
  await shotAtBothWidths(phone, 'opening-waitlist-expired-390.png');
  const mail = await mailTo('next@example.com', /^\[빈자리 알림\]/);
  expect(mail.text).toMatch(/오전 10:21까지 아래 주소에서 예약을 확정해주세요/);
  const entry = await api<{ product: { status: string } }>(
    'GET',
    `/reserve/waitlist/${next.body.product.code}?phone4=0003`,
  );
  expect(entry.body.product.status).toBe('offered');
});

test('the reminder email of a booking says its slot in Seoul time', async () => {
  // A day before slot W (REMINDER_HOURS_BEFORE, 24 hours by default), the booking made a day earlier is reminded.
  setClock(new Date(`${day(2)}T20:00:00+09:00`));
  const mail = await mailTo('haneul@example.com', /^\[예약 알림\]/);
  expect(mail.subject).toMatch(/ 오후 7:00 /);
  expect(mail.text).toContain('김하늘 님,');
  expect(mail.text).toMatch(/일시: \d{4}년 \d{1,2}월 \d{1,2}일 \(.\) 오후 7:00 ~ 오후 9:00 \(1회차\)/);
});
