/**
 * Door check-in by camera (issue 27 item 3) in Debian's Chromium at 390 px: the browser's fake camera plays an MJPEG
 * file showing the QR code of a booking's confirmation address (`<origin>/reserve/<CODE>`, drawn with the `qrcode`
 * package as booking-qr.tsx draws it). The administrator opens /popup/checkin from the popup list, taps 카메라 켜기;
 * jsQR (Linux Chromium has no BarcodeDetector) reads the frames, the booking shows (masked name, party), 입장 확인
 * checks it in (the database says checked_in) under a green panel; the same QR scanned again after 다음 예약 스캔 is
 * 이미 입장 확인된 예약입니다. Prints the time from camera start to the green panel (a bench line, not an assertion).
 * Screenshots: test-results/checkin-success-390.png, test-results/checkin-already-390.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toBuffer as qrPng } from 'qrcode';
import sharp from 'sharp';
import { freeSitePorts } from './support/free-ports';
import { signInAsAdmin } from './support/sign-in';
import { repoRoot } from './support/site';
import { openSiteInBrowser, type SiteInBrowser } from './support/site-in-browser';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-입장-관리자';
/** The booking's code, set by SQL after booking so the camera file can be written before the browser starts. */
const CODE = 'CHECKN23';
const results = path.join(repoRoot, 'test-results');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-checkin-'));
const cameraFile = path.join(scratch, 'qr.mjpeg');

let session: SiteInBrowser;

/** `yyyy-mm-dd` of today in Seoul. */
const seoulToday = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => session.sql<T>(text, params);

/**
 * 30 frames of 640×480 showing a QR code of `text` on white, as Chromium's fake camera reads an `.mjpeg` file: JPEG
 * frames one after another (it plays them in a loop).
 */
async function writeQrVideo(file: string, text: string): Promise<void> {
  const qr = await qrPng(text, { margin: 2, width: 360, errorCorrectionLevel: 'M' });
  const frame = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: 140, top: 60 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  fs.writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
}

beforeAll(async () => {
  const ports = await freeSitePorts();
  await writeQrVideo(cameraFile, `http://localhost:${ports.site}/reserve/${CODE}`);
  session = await openSiteInBrowser({
    databasePrefix: 'linksite_e2e_checkin',
    ports,
    adminPassword: PASSWORD,
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Seoul' },
    browserArgs: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  });
  fs.mkdirSync(results, { recursive: true });
  // A slot spanning today in Seoul, whatever the hour the test runs at, and one booking of 2 by 김하늘 with the code
  // the camera's QR names, stored as a visitor's booking leaves it (its seats and table taken).
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
    [slotId, CODE, `checkin-e2e-${process.pid}`],
  );
  await signInAsAdmin(session.page, session.site.url, PASSWORD);
}, 420_000);

afterAll(async () => {
  expect(await session?.close()).toBe(0);
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('the camera reads the confirmation QR, 입장 확인 checks the booking in; scanned again it is already in', async () => {
  const { page, site } = session;
  await page.goto(`${site.url}/popup/list`);
  await page.getByRole('link', { name: 'QR 입장 확인' }).click();
  await page.waitForURL(`${site.url}/popup/checkin`);
  await page.getByRole('heading', { name: '입장 확인 (QR 스캔)' }).waitFor();
  await page.getByText('브라우저가 묻는 카메라 사용을 허용해주세요.', { exact: false }).waitFor();

  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: '카메라 켜기' }).tap();
  const card = page.getByTestId('checkin-booking');
  await card.waitFor({ timeout: 20_000 });
  const shown = await page.evaluate(() => performance.now());
  expect(await card.innerText()).toContain('김*늘');
  expect(await card.innerText()).not.toContain('김하늘');
  expect(await card.innerText()).toContain('2명');
  expect(await card.innerText()).toContain(CODE);
  await page.getByRole('button', { name: '입장 확인', exact: true }).tap();
  const done = page.getByTestId('checkin-done');
  await done.waitFor();
  const checkedIn = await page.evaluate(() => performance.now());
  expect(await done.innerText()).toContain('입장 확인되었습니다');
  console.log(
    `bench checkin: camera start → booking shown ${Math.round(shown - started)} ms, → green panel (with the tap) ${Math.round(checkedIn - started)} ms`,
  );
  expect(await sql(`SELECT status FROM bookings WHERE code = $1`, [CODE])).toEqual([{ status: 'checked_in' }]);
  expect(session.dialogs).toEqual([]);
  await page.screenshot({ path: path.join(results, 'checkin-success-390.png'), fullPage: true });

  // The same QR code is still in front of the camera: after 다음 예약 스캔 it is read again, and refused.
  await page.getByRole('button', { name: '다음 예약 스캔' }).tap();
  const warning = page.getByTestId('checkin-warning');
  await warning.waitFor({ timeout: 20_000 });
  expect(await warning.innerText()).toContain('이미 입장 확인된 예약입니다');
  expect(await page.getByRole('button', { name: '입장 확인', exact: true }).count()).toBe(0);
  await page.screenshot({ path: path.join(results, 'checkin-already-390.png'), fullPage: true });
  expect(await sql(`SELECT status FROM bookings WHERE code = $1`, [CODE])).toEqual([{ status: 'checked_in' }]);
});
