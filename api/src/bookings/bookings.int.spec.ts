import ICAL from 'ical.js';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { settledWrite } from '../test/settled-write';
import { ROLLUP_LOCK } from '../analytics/analytics-rollup.service';
import { BookingErasureService, ERASURE_LOCK_KEY } from './booking-erasure.service';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const FULL = '예약이 마감되었습니다. 남은 자리가 없습니다.';
const CLOSED = '예약이 마감된 회차입니다.';
const NOT_FOUND = {
  statusCode: 404,
  message: '예약을 찾을 수 없습니다. 예약 번호와 휴대폰 번호 뒤 4자리를 확인해주세요.',
  requestId: expect.any(String),
};
const CODE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

/** A slot 19:00–21:00 on 2026-11-21 in Seoul: 40 seats, 10 tables, parties of 1–4. */
const SLOT = {
  cnt: '1',
  startdate: '2026-11-21T19:00:00+09:00',
  enddate: '2026-11-21T21:00:00+09:00',
  count: 40,
  table: 10,
};

let keySeed = 0;
const newKey = () => `test-key-${process.pid}-${(keySeed += 1)}`;

describe('popup bookings: /api/reserve and the administrator side (integration, docs/decisions/0030-popup-bookings.md)', () => {
  let t: AdminTestApp;
  let admin: AdminClient;
  /** Every body a public route answered, to prove that none carries personal data. */
  const publicAnswers: unknown[] = [];
  /** Every name, phone number and email address sent in a booking. */
  const personal = new Set<string>();

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => t.clock.set(NOW));

  const anon = () => request(t.app.getHttpServer() as App);
  const record = (res: request.Response) => {
    publicAnswers.push(res.body);
    return res;
  };
  const createSlot = async (fields: object = {}): Promise<number> =>
    (await admin.post('/api/popup', { ...SLOT, ...fields }).expect(201)).body.product.id as number;
  const book = async (body: Record<string, unknown>, key: string = newKey()) => {
    for (const field of ['name', 'phone', 'email']) {
      if (typeof body[field] === 'string' && body[field]) personal.add((body[field] as string).trim());
    }
    return record(await anon().post('/api/reserve/bookings').set('Idempotency-Key', key).send(body));
  };
  const visitor = (slotId: number, n: number, fields: object = {}) => ({
    slotId,
    name: `방문자${n}`,
    phone: `010-5555-${String(n).padStart(4, '0')}`,
    partySize: 1,
    consent: true,
    ...fields,
  });
  const counters = async (slotId: number) =>
    (
      await t.dataSource.query<{ booked_people: number; booked_tables: number }[]>(
        `SELECT booked_people, booked_tables FROM popup_slots WHERE id = $1`,
        [slotId],
      )
    )[0];
  const tables = async () => ({
    bookings: await t.dataSource.query(`SELECT * FROM bookings ORDER BY id`),
    slots: await t.dataSource.query(`SELECT * FROM popup_slots ORDER BY id`),
  });
  /** A refusal changes nothing: the answer, then the bookings and slots exactly as before. */
  const refused = async (send: () => Promise<request.Response>, status: number, message: string) => {
    const before = await tables();
    const res = await send();
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    expect(await tables()).toEqual(before);
    return res;
  };

  describe('booking', () => {
    let slotId: number;
    beforeAll(async () => {
      slotId = await createSlot();
    });

    it('books: 201 with the code and the slot, seats and a table taken, the phone stored as 010xxxxxxxx', async () => {
      const res = await book(visitor(slotId, 1, { name: '  김하늘 ', partySize: 2 }));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('예약이 완료되었습니다.');
      const booking = res.body.product;
      expect(booking.code).toMatch(CODE);
      expect(booking).toMatchObject({ status: 'booked', partySize: 2, cancellable: true });
      expect(booking.slot).toMatchObject({
        id: slotId,
        status: 'open',
        remaining: 38,
        remainingTables: 9,
        closesAt: '2026-11-21T10:00:00.000Z',
        cancelUntil: '2026-11-20T10:00:00.000Z',
        partyMin: 1,
        partyMax: 4,
      });
      expect(Object.keys(booking).sort()).toEqual(['cancellable', 'code', 'createdAt', 'partySize', 'slot', 'status']);
      const [row] = await t.dataSource.query(`SELECT * FROM bookings WHERE code = $1`, [booking.code]);
      expect(row).toMatchObject({
        slot_id: slotId,
        name: '김하늘',
        phone: '01055550001',
        party_size: 2,
        status: 'booked',
        consent_at: NOW,
        created_at: NOW,
        erased_at: null,
      });
      expect(await counters(slotId)).toEqual({ booked_people: 2, booked_tables: 1 });
      // The administrator's list shows the counts.
      const listed = (await admin.get(`/api/popup/select/${slotId}`).expect(200)).body.product;
      expect(listed).toMatchObject({ bookedPeople: 2, bookedTables: 1, remaining: 38, checkedInPeople: 0 });
    });

    it('accepts the ways people type a mobile number', async () => {
      const typed = ['01055550002', '010 5555 0003', '+82 10-5555-0004', '+821055550005'];
      for (const [i, phone] of typed.entries()) {
        expect((await book(visitor(slotId, 100 + i, { phone }))).status).toBe(201);
      }
      const phones = await t.dataSource.query(`SELECT phone FROM bookings WHERE name LIKE '방문자10%' ORDER BY id`);
      expect(phones.map((r: { phone: string }) => r.phone)).toEqual([
        '01055550002',
        '01055550003',
        '01055550004',
        '01055550005',
      ]);
    });

    it('is idempotent: the same key again answers 200 with the same booking, and books once', async () => {
      const key = newKey();
      const body = visitor(slotId, 10);
      const first = await book(body, key);
      const again = await book(body, key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('이미 접수된 예약입니다.');
      expect(again.body.product.code).toBe(first.body.product.code);
      const rows = await t.dataSource.query(`SELECT id FROM bookings WHERE idempotency_key = $1`, [key]);
      expect(rows).toHaveLength(1);
      // The same key with another body is refused: a key names one submit.
      await refused(() => book({ ...body, partySize: 3 }, key), 409, messages.bookingIdempotencyKeyReused);
    });

    it('a double click (the same key five times at once) makes one booking', async () => {
      const key = newKey();
      const before = await counters(slotId);
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => book(visitor(slotId, 11), key)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.product.code)).size).toBe(1);
      expect(await counters(slotId)).toEqual({
        booked_people: before!.booked_people + 1,
        booked_tables: before!.booked_tables + 1,
      });
    });

    it('one active booking per phone number and slot: a second one is 409 and changes nothing', async () => {
      await refused(
        () => book(visitor(slotId, 1, { name: '다른 이름' })),
        409,
        '이 휴대폰 번호로 이미 이 회차를 예약했습니다.',
      );
      // Another slot is fine.
      const other = await createSlot({ cnt: '2' });
      expect((await book(visitor(other, 1))).status).toBe(201);
    });

    it.each([
      ['a landline', '02-123-4567'],
      ['an old 011 number', '011-555-0001'],
      ['too short', '010-5555-001'],
      ['too long', '010-5555-00011'],
      ['letters', '010-abcd-0001'],
      ['a number', 1055550001],
      ['empty', ''],
    ])('refuses %s as the phone number (400, nothing stored)', async (_case, phone) => {
      const res = await refused(
        () => book(visitor(slotId, 20, { phone })),
        400,
        '휴대폰 번호는 010으로 시작하는 11자리 숫자로 입력해주세요. (예: 010-1234-5678)',
      );
      expect(res.body.errors).toContainEqual({ field: 'phone', message: res.body.message });
    });

    it.each([
      ['no consent', { consent: undefined }, messages.bookingConsentRequired],
      ['consent false', { consent: false }, messages.bookingConsentRequired],
      ['consent as a string', { consent: 'true' }, messages.bookingConsentRequired],
      ['an empty name', { name: '   ' }, messages.bookingNameInvalid],
      ['a name of 21 characters', { name: '가'.repeat(21) }, messages.bookingNameInvalid],
      ['party size 0', { partySize: 0 }, messages.bookingPartySizeInvalid],
      ['party size 1.5', { partySize: 1.5 }, messages.bookingPartySizeInvalid],
      ['party size 51', { partySize: 51 }, messages.bookingPartySizeInvalid],
      ['no slot', { slotId: undefined }, messages.bookingSlotIdInvalid],
      ['an unknown field', { memo: '문 앞에서 전화 주세요' }, messages.unknownField('memo')],
    ])('refuses %s (400, nothing stored)', async (_case, fields, message) => {
      await refused(() => book(visitor(slotId, 21, fields)), 400, message);
    });

    it('needs an Idempotency-Key header of 8–64 safe characters', async () => {
      for (const key of [undefined, 'short', 'x'.repeat(65), 'has space!']) {
        await refused(
          async () => {
            const req = anon().post('/api/reserve/bookings');
            return record(await (key === undefined ? req : req.set('Idempotency-Key', key)).send(visitor(slotId, 22)));
          },
          400,
          messages.bookingIdempotencyKeyInvalid,
        );
      }
    });

    it('an unknown slot is 404', async () => {
      await refused(() => book(visitor(999_999, 23)), 404, '예약할 회차를 찾을 수 없습니다.');
    });
  });

  describe('an optional email address for the reminder, with its own consent (docs/decisions/0076-calendar-and-reminders.md)', () => {
    let slotId: number;
    beforeAll(async () => {
      slotId = await createSlot({ cnt: '2' });
    });

    it('stores the address trimmed; no public answer carries it; without one the booking is as before', async () => {
      const res = await book(visitor(slotId, 40, { email: '  haneul.kim+popup@example.co.kr ', emailConsent: true }));
      expect(res.status).toBe(201);
      expect(Object.keys(res.body.product).sort()).toEqual([
        'cancellable',
        'code',
        'createdAt',
        'partySize',
        'slot',
        'status',
      ]);
      const [row] = await t.dataSource.query(`SELECT email, reminded_at FROM bookings WHERE code = $1`, [
        res.body.product.code,
      ]);
      expect(row).toEqual({ email: 'haneul.kim+popup@example.co.kr', reminded_at: null });
      // An empty field is no address, and then its consent box may stay unticked.
      for (const [n, fields] of [
        [41, { email: '', emailConsent: false }],
        [42, { email: null }],
        [43, {}],
      ] as const) {
        const plain = await book(visitor(slotId, n, fields));
        expect(plain.status).toBe(201);
        const [stored] = await t.dataSource.query(`SELECT email FROM bookings WHERE code = $1`, [
          plain.body.product.code,
        ]);
        expect(stored).toEqual({ email: null });
      }
    });

    it.each([
      ['no @', 'haneul.example.com', messages.bookingEmailInvalid],
      ['two @', 'a@b@example.com', messages.bookingEmailInvalid],
      ['no domain dot', 'haneul@localhost', messages.bookingEmailInvalid],
      ['a space inside', 'ha neul@example.com', messages.bookingEmailInvalid],
      ['a display name', '김하늘 <haneul@example.com>', messages.bookingEmailInvalid],
      ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`, messages.bookingEmailInvalid],
      [
        '255 characters',
        `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.kr`,
        messages.bookingEmailTooLong,
      ],
      ['a number', 12345, messages.bookingEmailInvalid],
    ])('refuses %s as the address (400 naming the field, nothing stored)', async (_case, email, message) => {
      const res = await refused(() => book(visitor(slotId, 44, { email, emailConsent: true })), 400, message);
      expect(res.body.errors).toContainEqual({ field: 'email', message });
    });

    it('takes 254 characters, the longest address', async () => {
      const email = `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.kr`;
      expect(email).toHaveLength(254);
      expect((await book(visitor(slotId, 45, { email, emailConsent: true }))).status).toBe(201);
    });

    it.each([
      ['no consent', {}],
      ['consent false', { emailConsent: false }],
      ['consent as a string', { emailConsent: 'true' }],
    ])('an address with %s is refused (400, nothing stored)', async (_case, fields) => {
      const res = await refused(
        () => book(visitor(slotId, 46, { email: 'haneul@example.com', ...fields })),
        400,
        messages.bookingEmailConsentRequired,
      );
      expect(res.body.errors).toContainEqual({ field: 'emailConsent', message: messages.bookingEmailConsentRequired });
    });

    it('the same Idempotency-Key with another address is another submit: 409', async () => {
      const key = newKey();
      const body = visitor(slotId, 47, { email: 'first@example.com', emailConsent: true });
      expect((await book(body, key)).status).toBe(201);
      expect((await book(body, key)).status).toBe(200);
      await refused(
        () => book({ ...body, email: 'second@example.com' }, key),
        409,
        messages.bookingIdempotencyKeyReused,
      );
    });
  });

  describe("the slot's rules: party bounds, open and close times, the switch, capacity", () => {
    it('a party outside the slot’s minimum and maximum is 400 with the bounds', async () => {
      const slotId = await createSlot({ partyMin: 2, partyMax: 3 });
      for (const partySize of [1, 4]) {
        const res = await refused(
          () => book(visitor(slotId, 30, { partySize })),
          400,
          '이 회차는 한 번에 2명부터 3명까지 예약할 수 있습니다.',
        );
        expect(res.body.errors).toEqual([{ field: 'partySize', message: res.body.message }]);
      }
      expect((await book(visitor(slotId, 30, { partySize: 3 }))).status).toBe(201);
    });

    it('before its open time: 오픈 예정 (upcoming), 409 and nothing stored; bookable from that instant', async () => {
      const slotId = await createSlot({ bookingOpensAt: '2026-11-20T20:00:00+09:00' });
      const page = record(await anon().get('/api/reserve').expect(200)).body.product;
      expect(page.slots.find((s: { id: number }) => s.id === slotId)).toMatchObject({
        status: 'upcoming',
        opensAt: '2026-11-20T11:00:00.000Z',
      });
      await refused(
        () => book(visitor(slotId, 31)),
        409,
        '아직 예약이 열리지 않았습니다. 오픈 시간 이후에 다시 시도해주세요.',
      );
      t.clock.set(new Date('2026-11-20T11:00:00Z'));
      expect((await book(visitor(slotId, 31))).status).toBe(201);
    });

    it('after its close time, or with booking switched off by hand: 마감 (closed), 409', async () => {
      const slotId = await createSlot({ bookingClosesAt: '2026-11-21T12:00:00+09:00' });
      t.clock.set(new Date('2026-11-21T03:00:00Z'));
      await refused(() => book(visitor(slotId, 32)), 409, CLOSED);
      t.clock.set(NOW);

      const off = await admin.put(`/api/popup/${slotId}/booking-enabled`, { enabled: false }).expect(200);
      expect(off.body).toMatchObject({
        message: '예약 받기를 멈췄습니다.',
        product: { bookingEnabled: false, bookingStatus: 'closed' },
      });
      await refused(() => book(visitor(slotId, 32)), 409, CLOSED);
      const on = await admin.put(`/api/popup/${slotId}/booking-enabled`, { enabled: true }).expect(200);
      expect(on.body.message).toBe('예약 받기를 시작했습니다.');
      expect((await book(visitor(slotId, 32))).status).toBe(201);
      await admin.put(`/api/popup/${slotId}/booking-enabled`, { enabled: 'yes' }).expect(400);
      await admin.put(`/api/popup/999999/booking-enabled`, { enabled: true }).expect(404);
    });

    it('full by seats: the party that does not fit is told how many are left, then 409 마감', async () => {
      const slotId = await createSlot({ count: 3, table: 10 });
      expect((await book(visitor(slotId, 40, { partySize: 2 }))).status).toBe(201);
      await refused(
        () => book(visitor(slotId, 41, { partySize: 2 })),
        409,
        '남은 자리가 1명뿐입니다. 인원을 줄여서 다시 시도해주세요.',
      );
      expect((await book(visitor(slotId, 41, { partySize: 1 }))).status).toBe(201);
      await refused(() => book(visitor(slotId, 42)), 409, FULL);
      expect(await counters(slotId)).toEqual({ booked_people: 3, booked_tables: 2 });
      const page = record(await anon().get('/api/reserve').expect(200)).body.product;
      expect(page.slots.find((s: { id: number }) => s.id === slotId)).toMatchObject({ status: 'full', remaining: 0 });
    });

    it('full by tables: one table per booking, and the refusal says the tables ran out (docs/decisions/0077-visitor-knows-what-happened.md)', async () => {
      const slotId = await createSlot({ count: 10, table: 1 });
      expect((await book(visitor(slotId, 43))).status).toBe(201);
      await refused(
        () => book(visitor(slotId, 44)),
        409,
        '예약이 마감되었습니다. 남은 자리는 있지만 예약 가능한 테이블이 모두 찼습니다.',
      );
      expect(await counters(slotId)).toEqual({ booked_people: 1, booked_tables: 1 });
      const page = record(await anon().get('/api/reserve').expect(200)).body.product;
      expect(page.slots.find((s: { id: number }) => s.id === slotId)).toMatchObject({
        status: 'full',
        remaining: 9,
        remainingTables: 0,
      });
    });

    it('the database itself refuses a count above capacity or below zero (CHECK constraints)', async () => {
      const slotId = await createSlot({ count: 2, table: 2 });
      await expect(
        t.dataSource.query(`UPDATE popup_slots SET booked_people = 3 WHERE id = $1`, [slotId]),
      ).rejects.toThrow(/popup_slots_booked_people/);
      await expect(
        t.dataSource.query(`UPDATE popup_slots SET booked_tables = -1 WHERE id = $1`, [slotId]),
      ).rejects.toThrow(/popup_slots_booked_tables/);
    });

    it('the capacity cannot be lowered below what is booked (409), down to it is fine', async () => {
      const slotId = await createSlot({ count: 10, table: 5 });
      await book(visitor(slotId, 45, { partySize: 3 }));
      await book(visitor(slotId, 46, { partySize: 2 }));
      await refused(
        () => admin.put(`/api/popup/update/${slotId}`, { ...SLOT, count: 4, table: 5 }),
        409,
        '이미 예약된 인원(5명)보다 인원을 적게 줄일 수 없습니다.',
      );
      await refused(
        () => admin.put(`/api/popup/update/${slotId}`, { ...SLOT, count: 10, table: 1 }),
        409,
        '이미 예약된 테이블(2개)보다 예약 가능 테이블을 적게 줄일 수 없습니다.',
      );
      const res = await admin.put(`/api/popup/update/${slotId}`, { ...SLOT, count: 5, table: 2 }).expect(200);
      expect(res.body.product).toMatchObject({
        count: 5,
        table: 2,
        bookedPeople: 5,
        remaining: 0,
        bookingStatus: 'full',
      });
      // A PUT without the booking settings keeps them; the counters are never written by a slot's PUT.
      expect(await counters(slotId)).toEqual({ booked_people: 5, booked_tables: 2 });
    });

    it('PUT keeps booking settings it does not name, and checks a close time against a kept open time', async () => {
      const slotId = await createSlot({ bookingOpensAt: '2026-11-20T20:00:00+09:00', partyMin: 2, partyMax: 6 });
      const res = await admin.put(`/api/popup/update/${slotId}`, { ...SLOT, count: 30 }).expect(200);
      expect(res.body.product).toMatchObject({ bookingOpensAt: '2026-11-20T11:00:00.000Z', partyMin: 2, partyMax: 6 });
      await refused(
        () => admin.put(`/api/popup/update/${slotId}`, { ...SLOT, bookingClosesAt: '2026-11-20T19:00:00+09:00' }),
        400,
        '예약 마감 일시는 예약 오픈 일시보다 늦어야 합니다.',
      );
      await refused(
        () => admin.put(`/api/popup/update/${slotId}`, { ...SLOT, partyMin: 5, partyMax: 3 }),
        400,
        messages.popupPartyMaxInvalid,
      );
    });

    it('a slot with a booking still waiting cannot be deleted (409); once cancelled it can, with its bookings', async () => {
      const slotId = await createSlot();
      const code = (await book(visitor(slotId, 47))).body.product.code as string;
      await refused(() => admin.delete(`/api/popup/delete/${slotId}`), 409, messages.popupHasBookings);
      const [{ id }] = await t.dataSource.query(`SELECT id FROM bookings WHERE code = $1`, [code]);
      await admin.post(`/api/popup/bookings/${id}/cancel`, {}).expect(200);
      await admin.delete(`/api/popup/delete/${slotId}`).expect(200);
      expect(await t.dataSource.query(`SELECT id FROM bookings WHERE code = $1`, [code])).toEqual([]);
    });
  });

  describe('confirmation and self-cancel with the code and the last four digits', () => {
    let slotId: number;
    let code: string;
    beforeAll(async () => {
      slotId = await createSlot({ cancelHoursBefore: 3 });
      code = (await book(visitor(slotId, 50, { partySize: 3 }))).body.product.code;
    });

    it('finds the booking with the right suffix (case and hyphens of the code ignored)', async () => {
      const res = record(await anon().get(`/api/reserve/bookings/${code.toLowerCase()}?phone4=0050`).expect(200));
      expect(res.body.product).toMatchObject({ code, status: 'booked', partySize: 3, cancellable: true });
      expect(res.body.product.slot).toMatchObject({ id: slotId, cancelUntil: '2026-11-21T07:00:00.000Z' });
    });

    it('a wrong suffix and an unknown code get the same 404; a malformed suffix is 400', async () => {
      expect(record(await anon().get(`/api/reserve/bookings/${code}?phone4=1234`).expect(404)).body).toEqual(NOT_FOUND);
      expect(record(await anon().get(`/api/reserve/bookings/ZZZZZZZZ?phone4=0050`).expect(404)).body).toEqual(
        NOT_FOUND,
      );
      expect(record(await anon().get(`/api/reserve/bookings/${code}`).expect(400)).body.message).toBe(
        messages.bookingPhone4Invalid,
      );
    });

    it('cancel with a wrong suffix: 404 and nothing changed', async () => {
      await refused(
        async () => record(await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '9999' })),
        404,
        NOT_FOUND.message,
      );
      await refused(
        async () => record(await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '12' })),
        400,
        messages.bookingPhone4Invalid,
      );
    });

    it('after the cancellation deadline: 409 and nothing changed', async () => {
      t.clock.set(new Date('2026-11-21T07:00:01Z'));
      await refused(
        async () => record(await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '0050' })),
        409,
        '취소 가능 시간이 지나 예약을 취소할 수 없습니다.',
      );
      const shown = record(await anon().get(`/api/reserve/bookings/${code}?phone4=0050`).expect(200));
      expect(shown.body.product.cancellable).toBe(false);
    });

    it('cancels until the deadline and gives the seats and the table back; again answers it as it is', async () => {
      t.clock.set(new Date('2026-11-21T07:00:00Z'));
      expect(await counters(slotId)).toEqual({ booked_people: 3, booked_tables: 1 });
      const res = record(
        await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '0050' }).expect(200),
      );
      expect(res.body).toMatchObject({
        message: '예약이 취소되었습니다.',
        product: { code, status: 'cancelled', cancellable: false, slot: { remaining: 40, remainingTables: 10 } },
      });
      expect(await counters(slotId)).toEqual({ booked_people: 0, booked_tables: 0 });
      const again = record(
        await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '0050' }).expect(200),
      );
      expect(again.body.message).toBe('이미 취소된 예약입니다.');
      expect(await counters(slotId)).toEqual({ booked_people: 0, booked_tables: 0 });
      // The phone number may book the slot again.
      expect((await book(visitor(slotId, 50))).status).toBe(201);
    });
  });

  describe('the administrator: counts, list and search, check-in, no-show, cancel, CSV', () => {
    let slotId: number;
    const ids: number[] = [];
    const codes: string[] = [];
    beforeAll(async () => {
      slotId = await createSlot({ cnt: '3', count: 20, table: 10 });
      for (const [n, name, partySize] of [
        [61, '이서연', 2],
        [62, '=HYPERLINK("x")', 1],
        [63, '박민준, 외 1', 3],
      ] as const) {
        const email = n === 61 ? { email: 'seoyeon@example.com', emailConsent: true } : {};
        const { code } = (await book(visitor(slotId, n, { name, partySize, ...email }))).body.product;
        codes.push(code);
        ids.push((await t.dataSource.query(`SELECT id FROM bookings WHERE code = $1`, [code]))[0].id);
      }
    });

    it('lists the bookings with names and phones, and searches by code prefix or phone suffix', async () => {
      const all = (await admin.get(`/api/popup/${slotId}/bookings`).expect(200)).body.product;
      expect(all.slot).toMatchObject({ id: slotId, bookedPeople: 6, bookedTables: 3, remaining: 14 });
      expect(all.bookings.map((b: { code: string }) => b.code)).toEqual(codes);
      expect(all.bookings[0]).toMatchObject({
        name: '이서연',
        phone: '01055550061',
        email: 'seoyeon@example.com',
        partySize: 2,
        status: 'booked',
      });
      expect(all.bookings[1]).toMatchObject({ email: null });
      const byPhone = (await admin.get(`/api/popup/${slotId}/bookings?q=0062`).expect(200)).body.product.bookings;
      expect(byPhone.map((b: { id: number }) => b.id)).toEqual([ids[1]]);
      const byCode = await admin.get(`/api/popup/${slotId}/bookings?q=${codes[2]!.slice(0, 5).toLowerCase()}`);
      expect(byCode.body.product.bookings.map((b: { id: number }) => b.id)).toContain(ids[2]);
      expect((await admin.get(`/api/popup/${slotId}/bookings?q=!!`).expect(400)).body.message).toBe(
        messages.bookingSearchInvalid,
      );
      await admin.get(`/api/popup/999999/bookings`).expect(404);
      await admin.anonymous().get(`/api/popup/${slotId}/bookings`).expect(401);
    });

    it('입장 확인, 노쇼 and cancel change the state; the counts follow', async () => {
      const checkIn = await admin.post(`/api/popup/bookings/${ids[0]}/check-in`, {}).expect(200);
      expect(checkIn.body).toMatchObject({ message: '입장 확인되었습니다.', product: { status: 'checked_in' } });
      expect(checkIn.body.product.checkedInAt).toBe(NOW.toISOString());
      const noShow = await admin.post(`/api/popup/bookings/${ids[1]}/no-show`, {}).expect(200);
      expect(noShow.body).toMatchObject({ message: '노쇼로 처리했습니다.', product: { status: 'no_show' } });
      const cancel = await admin.post(`/api/popup/bookings/${ids[2]}/cancel`, {}).expect(200);
      expect(cancel.body).toMatchObject({
        message: '예약을 취소하고 자리를 되돌렸습니다.',
        product: { status: 'cancelled' },
      });
      const slot = (await admin.get(`/api/popup/select/${slotId}`).expect(200)).body.product;
      // No-shows keep their seats (they were held); the cancelled party of 3 gave theirs back.
      expect(slot).toMatchObject({ bookedPeople: 3, bookedTables: 2, remaining: 17, checkedInPeople: 2 });
      // A cancelled booking never comes back; repeating an action answers the booking as it is.
      expect((await admin.post(`/api/popup/bookings/${ids[2]}/check-in`, {}).expect(409)).body.message).toBe(
        messages.bookingStatusConflict,
      );
      await admin.post(`/api/popup/bookings/${ids[0]}/check-in`, {}).expect(200);
      await admin.post(`/api/popup/bookings/999999/check-in`, {}).expect(404);
      // A checked-in booking cannot be cancelled by the visitor.
      const mine = await anon().post(`/api/reserve/bookings/${codes[0]}/cancel`).send({ phone4: '0061' }).expect(409);
      expect(mine.body.message).toBe(messages.bookingNotCancellable);
    });

    it('finds one booking by its code across slots, with its slot, for the door check-in screen (docs/decisions/0081-camera-check-in.md)', async () => {
      const code = codes[0]!;
      // Case and a hyphen as a person might type it; the booking was checked in by the test above.
      const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
      const found = (await admin.get(`/api/popup/bookings/by-code/${typed}`).expect(200)).body.product;
      expect(found.booking).toMatchObject({
        id: ids[0],
        code,
        slotId,
        name: '이서연',
        partySize: 2,
        status: 'checked_in',
      });
      expect(found.slot).toMatchObject({ id: slotId, cnt: '3', checkedInPeople: 2 });
      const unknown = await admin.get('/api/popup/bookings/by-code/ZZZZ2222').expect(404);
      expect(unknown.body).toEqual({
        statusCode: 404,
        message: '예약을 찾을 수 없습니다.',
        requestId: expect.any(String),
      });
      for (const malformed of ['ABC', 'ABCDEFGH1', 'ABCDEFG0', '%20']) {
        const res = await admin.get(`/api/popup/bookings/by-code/${malformed}`).expect(400);
        expect(res.body.message).toBe('예약 번호는 8자리 영문과 숫자입니다.');
      }
      // Personal data: the administrator only.
      await admin.anonymous().get(`/api/popup/bookings/by-code/${code}`).expect(401);
    });

    it("door staff see today's and upcoming bookings with names and phones masked, and no CSV (docs/decisions/0079-roles.md)", async () => {
      const staff = await adminClient(t, ['staff', 'offline_access']);
      const code = codes[0]!;
      const found = (await staff.get(`/api/popup/bookings/by-code/${code}`).expect(200)).body.product;
      expect(found.booking).toMatchObject({ id: ids[0], code, name: '이*연', phone: '***-****-0061', email: null });
      const list = (await staff.get(`/api/popup/${slotId}/bookings`).expect(200)).body.product.bookings as Array<{
        name: string | null;
        phone: string | null;
        email: string | null;
      }>;
      expect(list.length).toBeGreaterThan(0);
      for (const booking of list) {
        expect(booking.phone).toMatch(/^\*\*\*-\*\*\*\*-\d{4}$/);
        expect(booking.email).toBeNull();
        expect(booking.name).toContain('*');
      }
      const action = await staff.post(`/api/popup/bookings/${ids[0]}/no-show`, {}).expect(200);
      expect(action.body.product).toMatchObject({ status: 'no_show', name: '이*연', phone: '***-****-0061' });
      await staff.post(`/api/popup/bookings/${ids[0]}/check-in`, {}).expect(200);
      // The CSV holds every visitor's phone number: the owner's alone.
      expect((await staff.get(`/api/popup/${slotId}/bookings/csv`).expect(403)).body.message).toBe(
        messages.roleForbidden,
      );
      // The day after the slot ended, its bookings are out of staff's reach; the owner still sees them whole.
      t.clock.set(new Date('2026-12-31T03:00:00Z'));
      for (const res of [
        await staff.get(`/api/popup/bookings/by-code/${code}`),
        await staff.get(`/api/popup/${slotId}/bookings`),
        await staff.post(`/api/popup/bookings/${ids[0]}/check-in`, {}),
      ]) {
        expect({ status: res.status, message: res.body.message }).toEqual({
          status: 403,
          message: messages.staffPastSlot,
        });
      }
      expect((await admin.get(`/api/popup/bookings/by-code/${code}`).expect(200)).body.product.booking.phone).toBe(
        '01055550061',
      );
    });

    it('the audit trail of those actions copies no phone number or email address', async () => {
      const entries = JSON.stringify(await t.dataSource.query(`SELECT * FROM audit_entry`));
      expect(entries).toContain(`"entity":"booking"`);
      for (const personalData of ['seoyeon@example.com', '01055550061']) {
        expect(entries).not.toContain(personalData);
      }
    });

    it('exports CSV for Excel: UTF-8 with BOM, Korean header, Seoul times, formulas defused, commas quoted', async () => {
      const res = await admin
        .get(`/api/popup/${slotId}/bookings/csv`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="popup-${slotId}-bookings.csv"`);
      const bytes = res.body as Buffer;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe('예약 번호,회차,시작 일시,이름,휴대폰 번호,이메일,인원,상태,예약 일시,취소 일시,입장 일시');
      expect(lines[1]).toBe(
        `${codes[0]},3,2026-11-21 19:00,이서연,010-5555-0061,seoyeon@example.com,2,입장,2026-11-20 12:00,,2026-11-20 12:00`,
      );
      expect(lines[2]).toBe(
        `${codes[1]},3,2026-11-21 19:00,"'=HYPERLINK(""x"")",010-5555-0062,,1,노쇼,2026-11-20 12:00,,`,
      );
      expect(lines[3]).toBe(
        `${codes[2]},3,2026-11-21 19:00,"박민준, 외 1",010-5555-0063,,3,취소,2026-11-20 12:00,2026-11-20 12:00,`,
      );
      expect(lines[4]).toBe('');
      await admin.anonymous().get(`/api/popup/${slotId}/bookings/csv`).expect(401);
    });
  });

  describe('erasure of names and phone numbers after the retention period', () => {
    it('erases bookings of slots ended more than 30 days ago under the advisory lock; counts are kept', async () => {
      const past = await createSlot({ startdate: '2026-11-20T13:00:00+09:00', enddate: '2026-11-20T14:00:00+09:00' });
      const later = await createSlot({ startdate: '2026-12-30T13:00:00+09:00', enddate: '2026-12-30T14:00:00+09:00' });
      const pastCode = (
        await book(visitor(past, 70, { partySize: 2, email: 'minjun@example.com', emailConsent: true }))
      ).body.product.code;
      await book(visitor(later, 71));
      const erasure = t.app.get(BookingErasureService);

      // 30 days after the end is not yet more than 30 days.
      t.clock.set(new Date('2026-12-20T05:00:00Z'));
      await erasure.eraseExpired();
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM bookings WHERE erased_at IS NOT NULL`)).toEqual([
        { n: 0 },
      ]);

      // Another process holding the lock: this one skips the round.
      const holder = t.dataSource.createQueryRunner();
      await holder.connect();
      await holder.query(`SELECT pg_advisory_lock($1)`, [ERASURE_LOCK_KEY]);
      t.clock.set(new Date('2026-12-21T05:00:01Z'));
      expect(await erasure.eraseExpired()).toBeNull();
      await holder.query(`SELECT pg_advisory_unlock($1)`, [ERASURE_LOCK_KEY]);
      // The analytics rollup running meanwhile is another job: its lock does not make the erasure skip (they shared a
      // key, docs/decisions/0096-smaller-hardening.md).
      await holder.query(`SELECT pg_advisory_lock($1::bigint)`, [ROLLUP_LOCK]);
      const slotsBefore = await t.dataSource.query(`SELECT * FROM popup_slots ORDER BY id`);
      try {
        expect(await erasure.eraseExpired()).toBeGreaterThanOrEqual(1);
      } finally {
        await holder.query(`SELECT pg_advisory_unlock($1::bigint)`, [ROLLUP_LOCK]);
        await holder.release();
      }
      const rows = await t.dataSource.query(
        `SELECT slot_id, name, phone, email, party_size, status, erased_at FROM bookings
        WHERE slot_id IN ($1, $2) ORDER BY slot_id`,
        [past, later],
      );
      expect(rows).toEqual([
        {
          slot_id: past,
          name: null,
          phone: null,
          email: null,
          party_size: 2,
          status: 'booked',
          erased_at: new Date('2026-12-21T05:00:01Z'),
        },
        {
          slot_id: later,
          name: '방문자71',
          phone: '01055550071',
          email: null,
          party_size: 1,
          status: 'booked',
          erased_at: null,
        },
      ]);
      // Counts are kept: the slots did not change.
      expect(await t.dataSource.query(`SELECT * FROM popup_slots ORDER BY id`)).toEqual(slotsBefore);
      const listed = (await admin.get(`/api/popup/${past}/bookings`).expect(200)).body.product;
      expect(listed.slot).toMatchObject({ bookedPeople: 2, bookedTables: 1 });
      expect(listed.bookings[0]).toMatchObject({ name: null, phone: null, email: null, partySize: 2, erased: true });
      // Nobody finds the booking by phone any more.
      await anon().get(`/api/reserve/bookings/${pastCode}?phone4=0070`).expect(404);
      const csv = await admin.get(`/api/popup/${past}/bookings/csv`).expect(200);
      expect(csv.text).toContain('(파기됨),(파기됨),(파기됨),2,예약');
    });
  });

  describe('the public page', () => {
    it('shows the popup information once saved, with its uploaded image', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer();
      const upload = async (path: string, bytes: Buffer) =>
        admin
          .anonymous()
          .post(path)
          .set('Authorization', await t.bearer())
          .attach('image', bytes, { filename: 'popup.png', contentType: 'image/png' });
      // An image before the information exists is refused, and nothing is stored.
      expect((await upload('/api/popup/info/image', png)).body).toEqual({
        statusCode: 409,
        message: messages.popupInfoMissing,
        requestId: expect.any(String),
      });
      const info = {
        title: '겨울 팝업스토어',
        place: '서울 성동구 연무장길 1',
        notice: '노쇼 시 다음 예약이 제한됩니다.',
      };
      const saved = await admin.put('/api/popup/info', info).expect(200);
      expect(saved.body).toEqual({ message: '팝업 안내가 저장되었습니다.', product: { ...info, imagelink: null } });
      expect((await admin.put('/api/popup/info', { ...info, title: '' }).expect(400)).body.message).toBe(
        messages.popupInfoTitleInvalid,
      );
      const uploaded = await upload('/api/popup/info/image', png);
      expect(uploaded.status).toBe(201);
      const imagelink = uploaded.body.product.imagelink as string;
      expect(imagelink).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
      const page = record(await anon().get('/api/reserve').expect(200)).body.product;
      expect(page.info).toEqual({ ...info, imagelink });
      expect(page.now).toBe(NOW.toISOString());
      expect(page.retentionDays).toBe(30);
      // No SMTP_URL: no reminders, so the form asks for no email address
      // (docs/decisions/0076-calendar-and-reminders.md).
      expect(page.reminderHoursBefore).toBeNull();
      // The same picture as the cover, then another cover: the popup still uses it, so it stays.
      expect((await upload('/api/cover/image', png)).status).toBe(201);
      const other = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
        .png()
        .toBuffer();
      expect((await upload('/api/cover/image', other)).status).toBe(201);
      await anon().get(imagelink).expect(200);
    });

    it('/api/reserve/status is open while a slot takes bookings', async () => {
      expect(record(await anon().get('/api/reserve/status').expect(200)).body).toEqual({ product: { open: true } });
      t.clock.set(new Date('2027-06-01T00:00:00Z'));
      expect(record(await anon().get('/api/reserve/status').expect(200)).body).toEqual({ product: { open: false } });
      expect(record(await anon().get('/api/reserve').expect(200)).body.product.slots).toEqual([]);
    });

    /** `open` of `GET /api/reserve/status`. */
    const reserveOpen = async () => record(await anon().get('/api/reserve/status').expect(200)).body.product.open;

    it('/api/reserve/status is kept in memory (docs/decisions/0035-public-read-caching.md); filling the open slot closes it at once, a cancellation reopens it', async () => {
      // Read once the creation's own NOTIFY is heard, or its echo could empty the cache between the reads below.
      const slotId = await settledWrite(t.app, () =>
        createSlot({ startdate: '2028-03-10T19:00:00+09:00', enddate: '2028-03-10T21:00:00+09:00', count: 2 }),
      );
      // In 2028, when every other slot of this suite has ended (the administrator's token is of today).
      t.clock.set(new Date('2028-03-01T00:00:00Z'));
      expect(await reserveOpen()).toBe(true);
      const cached = await anon().get('/api/reserve/status').expect(200);
      // Revalidated on every use, never served stale: a visitor's booking may change it at any moment.
      expect(cached.headers['cache-control']).toBe('public, no-cache');
      await anon()
        .get('/api/reserve/status')
        .set('If-None-Match', cached.headers.etag as string)
        .expect(304);
      // Switched off behind the API's back, unannounced (its NOTIFY trigger off for that one transaction:
      // docs/decisions/0089-invalidation-cannot-be-lost.md): the kept answer is served.
      const unannounced = (enabled: boolean) =>
        t.dataSource.transaction(async (manager) => {
          await manager.query(`ALTER TABLE popup_slots DISABLE TRIGGER popup_slots_public_cache_update`);
          await manager.query(`UPDATE popup_slots SET booking_enabled = $2 WHERE id = $1`, [slotId, enabled]);
          await manager.query(`ALTER TABLE popup_slots ENABLE TRIGGER popup_slots_public_cache_update`);
        });
      await unannounced(false);
      expect(await reserveOpen()).toBe(true);
      await unannounced(true);
      // A visitor's booking takes the last seats: no longer open, on the next read.
      const booked = await book(visitor(slotId, 901, { partySize: 2 }));
      expect(booked.status).toBe(201);
      expect(await reserveOpen()).toBe(false);
      // The visitor cancels: open again.
      const code = booked.body.product.code as string;
      await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '0901' }).expect(200);
      expect(await reserveOpen()).toBe(true);
    });

    it('/api/reserve/status opens at a slot’s open time and closes at its close time, with no write', async () => {
      await createSlot({
        startdate: '2028-05-10T19:00:00+09:00',
        enddate: '2028-05-10T21:00:00+09:00',
        bookingOpensAt: '2028-05-02T10:00:00+09:00',
        bookingClosesAt: '2028-05-09T18:00:00+09:00',
      });
      t.clock.set(new Date('2028-05-01T00:00:00Z'));
      expect(await reserveOpen()).toBe(false);
      t.clock.set(new Date('2028-05-02T00:59:59Z'));
      expect(await reserveOpen()).toBe(false);
      t.clock.set(new Date('2028-05-02T01:00:00Z'));
      expect(await reserveOpen()).toBe(true);
      t.clock.set(new Date('2028-05-09T09:00:00Z'));
      expect(await reserveOpen()).toBe(false);
    });

    it('no public answer carried a name, a phone number or an email address', () => {
      expect(publicAnswers.length).toBeGreaterThan(40);
      expect(personal.size).toBeGreaterThan(20);
      const text = JSON.stringify(publicAnswers);
      const leaked = [...personal]
        .filter((value) => value.trim().length >= 2)
        .filter((value) => {
          const digits = value.replace(/\D/g, '');
          return text.includes(value.trim()) || (digits.length >= 10 && text.includes(digits.slice(-10)));
        });
      expect(leaked).toEqual([]);
    });
  });

  describe('the calendar file of a booking (docs/decisions/0076-calendar-and-reminders.md)', () => {
    const INFO = {
      title: '링크 & 일정 겨울 팝업스토어',
      place: '서울 성동구 연무장길 00, 1층',
      notice: '입장은 예약 시간 10분 전부터 가능합니다.',
    };
    let code: string;
    beforeAll(async () => {
      await admin.put('/api/popup/info', INFO).expect(200);
      // 19:00–21:00 on 2026-11-21 in Seoul: 10:00–12:00 UTC.
      const slotId = await createSlot({ cnt: '2' });
      code = (await book(visitor(slotId, 80, { partySize: 2 }))).body.product.code;
    });
    afterAll(() => ICAL.TimezoneService.reset());

    const download = (path: string) => anon().get(path);
    /** The file read back by ical.js with the VTIMEZONE it carries: its one event. */
    const parse = (text: string): ICAL.Event => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      const zones = calendar.getAllSubcomponents('vtimezone');
      expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Asia/Seoul']);
      ICAL.TimezoneService.reset();
      ICAL.TimezoneService.register(zones[0]!);
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      return new ICAL.Event(events[0]!);
    };

    it('is one VEVENT in Asia/Seoul at the slot’s instant, with the popup’s title, turn and place, and the code', async () => {
      const res = await download(`/api/reserve/bookings/${code.toLowerCase()}/calendar.ics?phone4=0080`).expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="booking-${code}.ics"`);
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.text;
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
      // Seoul wall times, whatever the API process's own time zone.
      expect(text).toContain('\r\nDTSTART;TZID=Asia/Seoul:20261121T190000\r\n');
      expect(text).toContain('\r\nDTEND;TZID=Asia/Seoul:20261121T210000\r\n');
      expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      const event = parse(text);
      expect(event.startDate.zone.tzid).toBe('Asia/Seoul');
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-21T10:00:00.000Z');
      expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-21T12:00:00.000Z');
      expect(event.summary).toBe('링크 & 일정 겨울 팝업스토어 2회차');
      expect(event.location).toBe(INFO.place);
      // No PUBLIC_SITE_URL here: the address is the site's own path.
      expect(event.description).toBe(`예약 번호: ${code}\n인원: 2명\n예약 확인·취소: /reserve/${code}`);
      expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
      // The same booking downloaded again is the same event, word for word.
      const again = await download(`/api/reserve/bookings/${code}/calendar.ics?phone4=0080`).expect(200);
      expect(again.text).toBe(text);
      expect(event.uid).toBe(`${code}@linksite.invalid`);
    });

    it('is found as the confirmation is: the same 404 for a wrong suffix or code, 400 for a malformed suffix', async () => {
      for (const path of [`${code}/calendar.ics?phone4=1234`, `ZZZZZZZZ/calendar.ics?phone4=0080`]) {
        const res = await download(`/api/reserve/bookings/${path}`).expect(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      for (const path of [`${code}/calendar.ics`, `${code}/calendar.ics?phone4=80`]) {
        expect((await download(`/api/reserve/bookings/${path}`).expect(400)).body.message).toBe(
          messages.bookingPhone4Invalid,
        );
      }
    });

    it('a cancelled booking is the same event, cancelled', async () => {
      const before = parse((await download(`/api/reserve/bookings/${code}/calendar.ics?phone4=0080`)).text);
      await anon().post(`/api/reserve/bookings/${code}/cancel`).send({ phone4: '0080' }).expect(200);
      const after = parse((await download(`/api/reserve/bookings/${code}/calendar.ics?phone4=0080`).expect(200)).text);
      expect(after.uid).toBe(before.uid);
      expect(after.sequence).toBe(1);
      expect(after.component.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(after.summary).toBe('[취소됨] 링크 & 일정 겨울 팝업스토어 2회차');
      expect(after.startDate.toJSDate().toISOString()).toBe('2026-11-21T10:00:00.000Z');
    });
  });
});
