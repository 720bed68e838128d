import { Logger } from '@nestjs/common';
import ICAL from 'ical.js';
import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { startMailbox, type Mailbox } from '../test/mailbox';
import { createTestApp, type TestApp } from '../test/test-app';
import { testServerUrl } from '../test/test-database';
import { ERASURE_LOCK_KEY } from './booking-erasure.service';
import { BookingReminderService, REMINDER_LOCK_KEY } from './booking-reminder.service';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul: 31 hours before the first slot. */
const NOW = new Date('2026-11-20T03:00:00Z');
const SITE = 'https://links.example.com';
const FROM = '"링크 & 일정" <no-reply@links.example.com>';
const INFO = {
  title: '링크 & 일정 겨울 팝업스토어',
  place: '서울 성동구 연무장길 00, 1층',
  notice: '입장은 예약 시간 10분 전부터 가능합니다.',
};
/** 19:00–21:00 on 2026-11-21 in Seoul (10:00–12:00 UTC); cancellable until 3 hours before. */
const SLOT = {
  cnt: '1',
  startdate: '2026-11-21T19:00:00+09:00',
  enddate: '2026-11-21T21:00:00+09:00',
  count: 40,
  table: 10,
  cancelHoursBefore: 3,
};

describe('booking reminders by email through a real SMTP server (integration, docs/decisions/0076-calendar-and-reminders.md)', () => {
  let mailbox: Mailbox;
  let t: AdminTestApp;
  /** A second API process on the same database. */
  let other: TestApp;
  let admin: AdminClient;
  let reminders: BookingReminderService;
  let keySeed = 0;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const env = { SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, SMTP_FROM: FROM, PUBLIC_SITE_URL: SITE };
    t = await createAdminTestApp(NOW, env);
    const url = new URL(testServerUrl());
    url.pathname = `/${t.databaseName}`;
    // Dropped by `t.close()`, not by this one.
    other = await createTestApp(
      NOW,
      { ...env, OIDC_ISSUER: t.issuer.issuer },
      {
        name: t.databaseName,
        url: url.toString(),
        drop: async () => {},
      },
    );
    admin = await adminClient(t);
    reminders = t.app.get(BookingReminderService);
    await admin.put('/api/popup/info', INFO).expect(200);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await mailbox?.close();
    ICAL.TimezoneService.reset();
  });
  const at = (instant: string) => {
    t.clock.set(new Date(instant));
    other.clock.set(new Date(instant));
  };
  afterEach(() => at(NOW.toISOString()));

  const anon = () => request(t.app.getHttpServer() as App);
  const createSlot = async (fields: object = {}): Promise<number> =>
    (await admin.post('/api/popup', { ...SLOT, ...fields }).expect(201)).body.product.id as number;
  /** Books one seat of `slotId` as 방문자<n> (phone 010-7777-<n>), with `email` when given; returns the code. */
  const book = async (slotId: number, n: number, email?: string, fields: object = {}): Promise<string> => {
    const body = {
      slotId,
      name: `방문자${n}`,
      phone: `010-7777-${String(n).padStart(4, '0')}`,
      partySize: 1,
      consent: true,
      ...(email ? { email, emailConsent: true } : {}),
      ...fields,
    };
    const res = await anon()
      .post('/api/reserve/bookings')
      .set('Idempotency-Key', `reminder-${(keySeed += 1)}`)
      .send(body)
      .expect(201);
    return res.body.product.code as string;
  };
  const remindedAt = async (code: string): Promise<Date | null> =>
    (await t.dataSource.query(`SELECT reminded_at FROM bookings WHERE code = $1`, [code]))[0].reminded_at;

  it('goes out once, 24 hours before, in Korean, with the Seoul time, to the address given; none for a cancelled booking or one without an address', async () => {
    const slotId = await createSlot();
    const code = await book(slotId, 1, 'haneul@example.com', { name: '김하늘', partySize: 2 });
    const cancelled = await book(slotId, 2, 'cancelled@example.com');
    await anon().post(`/api/reserve/bookings/${cancelled}/cancel`).send({ phone4: '0002' }).expect(200);
    const withoutAddress = await book(slotId, 3);

    // 31 hours before, then one second before the 24: nothing is due.
    expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
    at('2026-11-20T09:59:59Z');
    expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(mailbox.received).toEqual([]);

    at('2026-11-20T10:00:00Z');
    expect(await reminders.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(mailbox.received).toHaveLength(1);
    const [mail] = mailbox.to('haneul@example.com');
    expect(mail!.from!.value).toEqual([{ name: '링크 & 일정', address: 'no-reply@links.example.com' }]);
    expect(mail!.subject).toBe('[예약 알림] 2026년 11월 21일 (토) 오후 7:00 링크 & 일정 겨울 팝업스토어');
    expect(mail!.text!.trimEnd().split('\n')).toEqual([
      '김하늘 님, 링크 & 일정 겨울 팝업스토어 방문 예약을 알려드립니다.',
      '',
      '일시: 2026년 11월 21일 (토) 오후 7:00 ~ 오후 9:00 (1회차)',
      '장소: 서울 성동구 연무장길 00, 1층',
      '인원: 2명',
      `예약 번호: ${code}`,
      '',
      `예약 확인·취소: ${SITE}/reserve/${code} (휴대폰 번호 뒤 4자리로 확인할 수 있습니다)`,
      '취소는 2026년 11월 21일 (토) 오후 4:00까지 예약 확인 화면에서 할 수 있습니다.',
      '',
      '예약할 때 예약 알림을 이메일로 받겠다고 동의하셔서 한 번 보내드리는 메일입니다. 이메일 주소는 방문 회차가 끝나고 30일이 지나면 파기합니다.',
    ]);
    expect(mail!.text).not.toContain('7777');

    // Again, later, and in the other process: nothing more.
    expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
    at('2026-11-20T11:00:00Z');
    expect(await other.app.get(BookingReminderService).sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(mailbox.received).toHaveLength(1);
    expect(await remindedAt(code)).toEqual(new Date('2026-11-20T10:00:00Z'));
    expect(await remindedAt(cancelled)).toBeNull();
    expect(await remindedAt(withoutAddress)).toBeNull();
    expect(mailbox.to('cancelled@example.com')).toEqual([]);
  });

  it('the page, the email, the calendar file and the CSV give the same instant: 19:00 in Seoul, 10:00 UTC', async () => {
    const slotId = await createSlot({
      cnt: '2',
      startdate: '2026-11-25T19:00:00+09:00',
      enddate: '2026-11-25T20:00:00+09:00',
    });
    const code = await book(slotId, 10, 'same@example.com');
    const page = (await anon().get('/api/reserve').expect(200)).body.product;
    expect(page.reminderHoursBefore).toBe(24);
    expect(page.slots.find((slot: { id: number }) => slot.id === slotId).startdate).toBe('2026-11-25T10:00:00.000Z');

    at('2026-11-24T12:00:00Z');
    await reminders.sendDue();
    const [mail] = mailbox.to('same@example.com');
    expect(mail!.text).toContain('일시: 2026년 11월 25일 (수) 오후 7:00 ~ 오후 8:00 (2회차)');

    const ics = await anon().get(`/api/reserve/bookings/${code}/calendar.ics?phone4=0010`).expect(200);
    expect(ics.text).toContain('\r\nDTSTART;TZID=Asia/Seoul:20261125T190000\r\n');
    const calendar = new ICAL.Component(ICAL.parse(ics.text));
    ICAL.TimezoneService.reset();
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-25T10:00:00.000Z');
    // With PUBLIC_SITE_URL the address is absolute, and the UID names the site.
    expect(event.description).toContain(`예약 확인·취소: ${SITE}/reserve/${code}`);
    expect(event.uid).toBe(`${code}@links.example.com`);

    const csv = await admin.get(`/api/popup/${slotId}/bookings/csv`).expect(200);
    expect(csv.text).toContain(`${code},2,2026-11-25 19:00,방문자10,010-7777-0010,same@example.com,1,예약,`);
  });

  it('a booking made within the 24 hours gets none (its visitor just read it all), nor one whose slot has started', async () => {
    const soon = await createSlot({ startdate: '2026-11-27T19:00:00+09:00', enddate: '2026-11-27T20:00:00+09:00' });
    const started = await createSlot({ startdate: '2026-11-22T19:00:00+09:00', enddate: '2026-11-22T23:00:00+09:00' });
    const early = await book(started, 20, 'early@example.com');
    at('2026-11-26T12:00:00Z');
    const late = await book(soon, 21, 'late@example.com');
    expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(await remindedAt(late)).toBeNull();
    expect(await remindedAt(early)).toBeNull();
    expect(mailbox.to('late@example.com')).toEqual([]);
    expect(mailbox.to('early@example.com')).toEqual([]);
  });

  it('rounds that overlap, in this process and another one, remind each booking once', async () => {
    const slotId = await createSlot({ startdate: '2026-11-29T19:00:00+09:00', enddate: '2026-11-29T20:00:00+09:00' });
    const addresses = ['one@example.com', 'two@example.com', 'three@example.com'];
    for (const [i, address] of addresses.entries()) await book(slotId, 30 + i, address);
    at('2026-11-28T12:00:00Z');
    const { arrived, release } = mailbox.hold();
    // This round claims the three bookings and is held by the server with its first message.
    const first = reminders.sendDue();
    try {
      // (A round that sent nothing ends instead, and the checks below fail at once.)
      await Promise.race([arrived, first]);
      // Meanwhile two more rounds, here and in the other process, find nothing left to send (or, starting at the same
      // instant as each other, one of them finds the job's lock taken and skips: null).
      const meanwhile = await Promise.all([reminders.sendDue(), other.app.get(BookingReminderService).sendDue()]);
      expect(meanwhile.filter((round) => round !== null)).toContainEqual({ sent: 0, failed: 0 });
      expect(meanwhile.every((round) => round === null || round.sent + round.failed === 0)).toBe(true);
    } finally {
      release();
    }
    expect(await first).toEqual({ sent: 3, failed: 0 });
    for (const address of addresses) expect(mailbox.to(address)).toHaveLength(1);

    // Two rounds started at the same instant in the two processes: the two reminders go out once in all.
    at(NOW.toISOString());
    const more = ['four@example.com', 'five@example.com'];
    for (const [i, address] of more.entries()) await book(slotId, 33 + i, address);
    at('2026-11-28T12:00:00Z');
    const together = await Promise.all([reminders.sendDue(), other.app.get(BookingReminderService).sendDue()]);
    expect(together.reduce((sum, round) => sum + (round?.sent ?? 0), 0)).toBe(2);
    for (const address of [...addresses, ...more]) expect(mailbox.to(address)).toHaveLength(1);
  });

  it('skips its round while another process holds the job’s own lock, not another job’s', async () => {
    const holder = t.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock($1::bigint)`, [REMINDER_LOCK_KEY]);
      expect(await reminders.sendDue()).toBeNull();
      await holder.query(`SELECT pg_advisory_unlock($1::bigint)`, [REMINDER_LOCK_KEY]);
      await holder.query(`SELECT pg_advisory_lock($1::bigint)`, [ERASURE_LOCK_KEY]);
      expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
      await holder.query(`SELECT pg_advisory_unlock($1::bigint)`, [ERASURE_LOCK_KEY]);
    } finally {
      await holder.release();
    }
  });

  it('an address the server refuses for good is not tried again; one it cannot take now is, at the next round', async () => {
    const slotId = await createSlot({ startdate: '2026-12-01T19:00:00+09:00', enddate: '2026-12-01T20:00:00+09:00' });
    const gone = await book(slotId, 40, 'gone@example.com');
    const busy = await book(slotId, 41, 'busy@example.com');
    mailbox.refuse('gone@example.com', 550);
    mailbox.refuse('busy@example.com', 451);
    at('2026-11-30T12:00:00Z');
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 2 });
      // The log names the SMTP reply, never the address.
      const warnings = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.startsWith('예약 알림'));
      expect(warnings).toEqual([messages.reminderFailed('SMTP 550', false), messages.reminderFailed('SMTP 451', true)]);
    } finally {
      warn.mockRestore();
    }
    expect(await remindedAt(gone)).toEqual(new Date('2026-11-30T12:00:00Z'));
    expect(await remindedAt(busy)).toBeNull();
    mailbox.refuse('busy@example.com', 0);
    at('2026-11-30T12:01:00Z');
    expect(await reminders.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(mailbox.to('busy@example.com')).toHaveLength(1);
    expect(mailbox.to('gone@example.com')).toEqual([]);
  });
});

describe('booking reminders without SMTP_URL (docs/decisions/0076-calendar-and-reminders.md)', () => {
  it('are off: said once in the log at start; a round sends nothing', async () => {
    const log = jest.spyOn(Logger.prototype, 'log');
    const t = await createTestApp(NOW);
    try {
      expect(log.mock.calls.filter(([message]) => message === messages.remindersOff)).toHaveLength(1);
      expect(await t.app.get(BookingReminderService).sendDue()).toBeNull();
    } finally {
      log.mockRestore();
      await t.close();
    }
  });
});
