/**
 * A team runs the site (docs/decisions/0078-team-runs-the-site.md) in Debian's Chromium at 390 px, each person in their
 * own browser context:
 * 1. the owner signs in with a second factor (TOTP; the bootstrap owner's secret is ADMIN_TOTP_SECRET) and invites an
 *    editor and a door staff member from 팀원 관리 (`/people`);
 * 2. each opens their one-time link, sets a password, signs in and sees only their screens (editor: links,
 *    schedules, popups…; staff: 입장 확인), and a screen not theirs says so;
 * 3. staff check a booking in by scanning its QR code: the browser's fake camera plays an MJPEG file showing the QR
 *    code of the booking's confirmation address, jsQR reads it, the masked booking shows, 입장 확인 checks it in; the
 *    same code scanned again is 이미 입장 확인된 예약입니다. Prints the time from camera start to the green panel;
 * 4. the owner disables the staff member: their next request is refused (401 사용이 중지된 계정입니다…) and their page
 *    goes to the sign-in screen;
 * 5. the audit log tells each step in Korean.
 * Screenshots (test-results/, each also at 1280 px as …-desktop.png):
 * team-people-390.png, team-editor-admin-390.png, team-staff-admin-390.png,
 * checkin-success-390.png, checkin-already-390.png, team-audit-390.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { totpAt } from '../idp/src/test-support/totp';
import { freeSitePorts } from './support/free-ports';
import { fakeCameraArgs, writeQrVideo } from './support/qr-camera';
import { shotAtBothWidths } from './support/screenshot';
import { signInAsAdmin } from './support/sign-in';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(240_000);

const PASSWORD = 'e2e-팀-소유자-비밀번호';
/** The bootstrap owner's authenticator secret (base32), as ADMIN_TOTP_SECRET gives it. */
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The booking's code, set by SQL so the camera file can be written before the browser starts. */
const CODE = 'TEAMQR23';
const PHONE_VIEW = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Seoul' };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-team-'));
const cameraFile = path.join(scratch, 'qr.mjpeg');

let session: SiteInBrowser;
/** Each invited person's browser, signed in by the tests below. */
const people: Record<'editor' | 'staff', { context?: BrowserContext; page?: Page; link?: string }> = {
  editor: {},
  staff: {},
};
const INVITED = {
  editor: { name: '이편집', username: 'editor1', role: '편집자', password: 'e2e-편집자-비밀번호' },
  staff: { name: '박스태프', username: 'staff1', role: '스태프', password: 'e2e-스태프-비밀번호' },
} as const;

const seoulToday = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => session.sql<T>(text, params);
/** The landing's own links (not the header's or footer's). */
const landingLinks = async (page: Page): Promise<string[]> =>
  page.locator('.admin-page a').evaluateAll((links) => links.map((a) => a.textContent ?? ''));

beforeAll(async () => {
  const ports = await freeSitePorts();
  await writeQrVideo(cameraFile, `http://localhost:${ports.site}/reserve/${CODE}`);
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_team',
    ports,
    adminPassword: PASSWORD,
    // The owner's second factor as production has it (the harness makes it optional for the other tests).
    env: { IDP_OWNER_TOTP: 'required', ADMIN_TOTP_SECRET: TOTP_SECRET },
    context: PHONE_VIEW,
    browserArgs: fakeCameraArgs(cameraFile),
  });
  // A slot spanning today in Seoul and one booking of 2 by 김하늘 with the code the camera's QR names, stored as a
  // visitor's booking leaves it (its seats and table taken).
  const day = seoulToday();
  const [{ id: slotId }] = (await sql<{ id: number }>(
    `INSERT INTO popup_slots (cnt, startdate, enddate, head_count, bookable_tables, party_min, party_max,
       booked_people, booked_tables)
     VALUES ('2', '${day}T00:00:00+09:00', '${day}T23:59:00+09:00', 20, 10, 1, 4, 2, 1)
     RETURNING id`,
  )) as [{ id: number }];
  await sql(
    `INSERT INTO bookings (slot_id, code, name, phone, party_size, idempotency_key, consent_at, created_at)
     VALUES ($1, $2, '김하늘', '01027270303', 2, $3, now(), now())`,
    [slotId, CODE, `team-e2e-${process.pid}`],
  );
}, 420_000);

afterAll(async () => {
  await people.editor.context?.close();
  await people.staff.context?.close();
  expect(await session?.close()).toBe(0);
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('the owner signs in with a second factor and invites an editor and a door staff member', async () => {
  const { page, site } = session;
  await signInAsAdmin(page, site.url, PASSWORD, 'admin', () => totpAt(TOTP_SECRET, Date.now() / 1000));
  expect(await page.getByTestId('admin-role').innerText()).toBe('소유자 권한으로 로그인했습니다.');
  await page.getByTestId('admin-people-link').tap();
  await page.waitForURL(`${site.url}/people`);
  await page.getByRole('heading', { name: '팀원 관리' }).waitFor();

  for (const who of ['editor', 'staff'] as const) {
    const { name, username, role } = INVITED[who];
    const form = page.locator('form.people-invite');
    await form.getByLabel('이름').fill(name);
    await form.getByLabel('아이디').fill(username);
    await form.getByLabel('역할').selectOption({ label: role });
    await page.getByRole('button', { name: '초대 링크 만들기' }).tap();
    const link = page.getByTestId('people-invitation-url');
    await link.waitFor();
    people[who].link = (await link.inputValue()).trim();
    expect(people[who].link).toMatch(/^http:\/\/localhost:\d+\/invite\/[A-Za-z0-9_-]+$/);
    expect(await page.getByTestId('people-invitation-expires').innerText()).toContain('까지 쓸 수 있습니다');
    if (who === 'staff') await shotAtBothWidths(page, 'team-people-390.png');
    await page.getByRole('button', { name: '닫기' }).tap();
    await page.getByTestId(`person-${username}`).waitFor();
    expect(await page.getByTestId(`person-${username}`).innerText()).toContain('초대됨');
  }
  expect(session.dialogs).toEqual([]);
});

test('each invited person sets a password, signs in and sees only their screens', async () => {
  const { browser, site } = session;
  for (const who of ['editor', 'staff'] as const) {
    const { username, password } = INVITED[who];
    const context = await browser.newContext({ ...PHONE_VIEW, locale: 'ko-KR' });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    people[who] = { ...people[who], context, page };
    await page.goto(people[who].link!);
    await page.getByLabel('새 비밀번호 (10자 이상)').fill(password);
    await page.getByLabel('새 비밀번호 확인').fill(password);
    await page.getByRole('button', { name: '다음' }).tap();
    // The second factor is the owner's duty; the others may skip it.
    await page.getByRole('button', { name: '건너뛰기' }).tap();
    await page.getByRole('heading', { name: '계정이 준비되었습니다' }).waitFor();
    // The link is single-use.
    const again = await page.goto(people[who].link!);
    expect(again?.status()).toBe(410);
    expect(await page.locator('body').innerText()).toContain('이미 사용한 초대 링크입니다');
    await signInAsAdmin(page, site.url, password, username);
  }

  const editor = people.editor.page!;
  expect(await editor.getByTestId('admin-role').innerText()).toBe('편집자 권한으로 로그인했습니다.');
  const editorLinks = await landingLinks(editor);
  expect(editorLinks).toEqual(
    expect.arrayContaining(['링크 정보 관리', '일정 정보 관리', '팝업 예약 관리', '방문 통계']),
  );
  for (const notTheirs of ['백업 및 복원', '팀원 관리', '입장 확인']) expect(editorLinks).not.toContain(notTheirs);
  await shotAtBothWidths(editor, 'team-editor-admin-390.png');

  const staff = people.staff.page!;
  expect(await staff.getByTestId('admin-role').innerText()).toBe('스태프 권한으로 로그인했습니다.');
  expect(await landingLinks(staff)).toEqual(['입장 확인']);
  await shotAtBothWidths(staff, 'team-staff-admin-390.png');

  // A screen not theirs says so, and its remote is not even asked for its data.
  await editor.goto(`${site.url}/people`);
  await editor.getByTestId('no-permission').waitFor();
  await staff.goto(`${site.url}/main/list`);
  await staff.getByTestId('no-permission').waitFor();
  await staff.goto(`${site.url}/admin`);
  await staff.getByTestId('admin-role').waitFor();
});

test('door staff check a booking in by scanning its QR code; scanned again it is already in', async () => {
  const page = people.staff.page!;
  const { site } = session;
  await page.getByRole('link', { name: '입장 확인' }).tap();
  await page.waitForURL(`${site.url}/popup/checkin`);
  await page.getByRole('heading', { name: '입장 확인 (QR 스캔)' }).waitFor();
  await page.getByText('브라우저가 묻는 카메라 사용을 허용해주세요.', { exact: false }).waitFor();

  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: '카메라 켜기' }).tap();
  const card = page.getByTestId('checkin-booking');
  await card.waitFor({ timeout: 20_000 });
  const shown = await page.evaluate(() => performance.now());
  const text = await card.innerText();
  expect(text).toContain('김*늘');
  expect(text).not.toContain('김하늘');
  expect(text).toContain('2명');
  expect(text).toContain(CODE);
  await page.getByRole('button', { name: '입장 확인', exact: true }).tap();
  const done = page.getByTestId('checkin-done');
  await done.waitFor();
  const checkedIn = await page.evaluate(() => performance.now());
  expect(await done.innerText()).toContain('입장 확인되었습니다');
  console.log(
    `bench checkin: camera start → booking shown ${Math.round(shown - started)} ms, → green panel (with the tap) ${Math.round(checkedIn - started)} ms`,
  );
  expect(await sql(`SELECT status FROM bookings WHERE code = $1`, [CODE])).toEqual([{ status: 'checked_in' }]);
  await shotAtBothWidths(page, 'checkin-success-390.png');

  // The same QR code is still in front of the camera: after 다음 예약 스캔 it is read again, and refused.
  await page.getByRole('button', { name: '다음 예약 스캔' }).tap();
  const warning = page.getByTestId('checkin-warning');
  await warning.waitFor({ timeout: 20_000 });
  expect(await warning.innerText()).toContain('이미 입장 확인된 예약입니다');
  expect(await page.getByRole('button', { name: '입장 확인', exact: true }).count()).toBe(0);
  await shotAtBothWidths(page, 'checkin-already-390.png');
});

test('the owner disables the staff member, whose next request is refused', async () => {
  const { page, site } = session;
  const { username, name } = INVITED.staff;
  const person = page.getByTestId(`person-${username}`);
  await person.getByRole('button', { name: '사용 중지' }).tap();
  await person.getByRole('button', { name: '다시 사용' }).waitFor();
  expect(await person.innerText()).toContain('사용 중지');
  expect(session.dialogs.at(-1)).toContain(`${name} 님의 사용을 중지할까요?`);

  // The staff member's page still holds an unexpired access token: its next request is refused at once.
  const staff = people.staff.page!;
  const refused = staff.waitForResponse(
    (res) => res.url().includes('/api/popup/bookings/by-code/') && res.status() === 401,
  );
  await staff.getByRole('button', { name: '다음 예약 스캔' }).tap();
  const answer = await refused;
  expect((await answer.json()) as { message: string }).toMatchObject({
    message: '사용이 중지된 계정입니다. 관리자에게 문의하세요.',
  });
  // The refresh token was revoked with the account: the page is signed out and goes to the sign-in screen.
  await staff.waitForURL(`${site.url}/login`, { timeout: 30_000 });
});

test('the audit log tells each step in Korean', async () => {
  const { page, site } = session;
  await page.goto(`${site.url}/backup`);
  const log = page.getByTestId('audit-log');
  await log.waitFor();
  await log.getByTestId('audit-entry').first().waitFor();
  const text = await log.innerText();
  for (const step of ['이편집 님 초대 (편집자)', '박스태프 님 초대 (스태프)', '입장 확인', '박스태프 님 사용 중지']) {
    expect(text).toContain(step);
  }
  // The check-in was made by the staff member (named by their username), and says so.
  const checkIn = log.getByTestId('audit-entry').filter({ hasText: '입장 확인' }).first();
  expect(await checkIn.getByTestId('audit-actor').innerText()).toBe(INVITED.staff.username);
  await log.scrollIntoViewIfNeeded();
  await shotAtBothWidths(page, 'team-audit-390.png');
});
