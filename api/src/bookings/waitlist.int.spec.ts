import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { startMailbox, type Mailbox } from '../test/mailbox';
import { BookingErasureService } from './booking-erasure.service';
import { WaitlistService } from './waitlist.service';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const SITE = 'https://links.example.com';
/** 19:00–21:00 on 2026-11-21 in Seoul: 4 seats, 10 tables, parties of 1–4, cancellable until 3 hours before. */
const SLOT = {
  cnt: '1',
  startdate: '2026-11-21T19:00:00+09:00',
  enddate: '2026-11-21T21:00:00+09:00',
  count: 4,
  table: 10,
  cancelHoursBefore: 3,
};

let seed = 0;
const newKey = () => `wl-key-${process.pid}-${(seed += 1)}`;

/**
 * The waitlist of docs/decisions/0075-waitlist.md against real PostgreSQL, with offers held 15 minutes
 * (WAITLIST_HOLD_MINUTES) and sent through a real SMTP server in this process.
 */
describe('the waitlist of full popup slots (integration, docs/decisions/0075-waitlist.md)', () => {
  let t: AdminTestApp;
  let admin: AdminClient;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createAdminTestApp(NOW, {
      WAITLIST_HOLD_MINUTES: '15',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      SMTP_FROM: 'no-reply@links.example.com',
      PUBLIC_SITE_URL: SITE,
    });
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });
  afterEach(() => t.clock.set(NOW));

  const anon = () => request(t.app.getHttpServer() as App);
  const person = (n: number, partySize: number, email?: string) => ({
    name: `손님${n}`,
    phone: `010-4444-${String(n).padStart(4, '0')}`,
    partySize,
    consent: true,
    ...(email ? { email, emailConsent: true } : {}),
  });
  const book = async (slotId: number, n: number, partySize: number) =>
    anon()
      .post('/api/reserve/bookings')
      .set('Idempotency-Key', newKey())
      .send({ slotId, ...person(n, partySize) });
  const join = (slotId: number, n: number, partySize: number, email?: string, key = newKey()) =>
    anon()
      .post('/api/reserve/waitlist')
      .set('Idempotency-Key', key)
      .send({ slotId, ...person(n, partySize, email) });
  const entry = async (code: string, n: number) =>
    (
      await anon()
        .get(`/api/reserve/waitlist/${code}?phone4=${String(n).padStart(4, '0')}`)
        .expect(200)
    ).body.product;
  const counters = async (slotId: number) =>
    (
      await t.dataSource.query<{ booked_people: number; booked_tables: number }[]>(
        `SELECT booked_people, booked_tables FROM popup_slots WHERE id = $1`,
        [slotId],
      )
    )[0];
  const cancel = async (code: string, n: number) =>
    anon()
      .post(`/api/reserve/bookings/${code}/cancel`)
      .send({ phone4: String(n).padStart(4, '0') })
      .expect(200);

  it('offers freed seats to the first whose party fits, holds them, and books with them', async () => {
    const slotId = (await admin.post('/api/popup', SLOT).expect(201)).body.product.id as number;
    // An open slot is booked, not waited for.
    expect((await join(slotId, 1, 1)).body.message).toBe(messages.waitlistSlotOpen);
    const first = (await book(slotId, 1, 2)).body.product.code as string;
    const second = (await book(slotId, 2, 2)).body.product.code as string;
    expect(second).toBeDefined();

    // Full: three join, in this order; the same phone twice is refused.
    const joined = [];
    for (const [n, size] of [
      [11, 3],
      [12, 2, 'twelve@example.com'],
      [13, 1],
    ] as const) {
      const res = await join(slotId, n, size, n === 12 ? 'twelve@example.com' : undefined);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(messages.waitlistJoined);
      joined.push(res.body.product);
    }
    expect(joined.map((e) => [e.status, e.ahead])).toEqual([
      ['waiting', 0],
      ['waiting', 1],
      ['waiting', 2],
    ]);
    expect(JSON.stringify(joined)).not.toContain('4444');
    expect((await join(slotId, 12, 1)).body.message).toBe(messages.waitlistDuplicatePhone);
    // The same submit again (same Idempotency-Key and body, docs/decisions/0030-popup-bookings.md) answers 200 with
    // the first entry and adds none.
    const replayKey = newKey();
    const once = await join(slotId, 14, 1, undefined, replayKey);
    const replayed = await join(slotId, 14, 1, undefined, replayKey);
    expect([once.status, replayed.status]).toEqual([201, 200]);
    expect(replayed.body.message).toBe(messages.waitlistAlreadyJoined);
    expect(replayed.body.product.code).toBe(once.body.product.code);
    const rows = await t.dataSource.query(`SELECT id FROM booking_waitlist WHERE idempotency_key = $1`, [replayKey]);
    expect(rows).toHaveLength(1);

    // Two seats free: the first (a party of 3) does not fit and keeps its place; the next, a party of 2, is offered
    // them, held in the slot's counters, and told by email with the hold's end in Seoul time.
    await cancel(first, 1);
    expect(await counters(slotId)).toEqual({ booked_people: 4, booked_tables: 2 });
    const [big, offered, small] = [
      await entry(joined[0].code, 11),
      await entry(joined[1].code, 12),
      await entry(joined[2].code, 13),
    ];
    expect([big.status, offered.status, small.status]).toEqual(['waiting', 'offered', 'waiting']);
    expect(offered.offerExpiresAt).toBe('2026-11-20T03:15:00.000Z');
    expect(small.ahead).toBe(1);
    const [mail] = mailbox.to('twelve@example.com');
    expect(mail?.subject).toBe('[빈자리 알림] 2026년 11월 21일 (토) 오후 7:00 회차에 자리가 났습니다');
    expect(mail?.text).toContain('2026년 11월 20일 (금) 오후 12:15까지 아래 주소에서 예약을 확정해주세요.');
    expect(mail?.text).toContain(`${SITE}/reserve/waitlist/${joined[1].code}`);
    expect(mail?.text).not.toContain('01044440012');
    // Nobody else can book the held seats.
    expect((await book(slotId, 3, 1)).status).toBe(409);

    // Taken within the hold: a booking with the held seats, counters unchanged.
    const accepted = await anon()
      .post(`/api/reserve/waitlist/${joined[1].code}/accept`)
      .send({ phone4: '0012' })
      .expect(201);
    expect(accepted.body.message).toBe(messages.waitlistAccepted);
    expect(accepted.body.product).toMatchObject({ status: 'booked', partySize: 2 });
    expect(await counters(slotId)).toEqual({ booked_people: 4, booked_tables: 2 });
    expect(await entry(joined[1].code, 12)).toMatchObject({
      status: 'booked',
      bookingCode: accepted.body.product.code,
    });
    // Not twice.
    const again = await anon().post(`/api/reserve/waitlist/${joined[1].code}/accept`).send({ phone4: '0012' });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: messages.waitlistNoOffer,
    });
  });

  it('passes an offer on when its hold ends, and when its visitor leaves', async () => {
    const slotId = (await admin.post('/api/popup', SLOT).expect(201)).body.product.id as number;
    const [a, b] = [(await book(slotId, 21, 2)).body.product.code, (await book(slotId, 22, 2)).body.product.code];
    expect(b).toBeDefined();
    const first = (await join(slotId, 31, 2)).body.product.code as string;
    const second = (await join(slotId, 32, 2)).body.product.code as string;
    await cancel(a as string, 21);
    expect((await entry(first, 31)).status).toBe('offered');

    // Sixteen minutes later the hold has ended: asked about, the entry has lapsed and the seats went to the next.
    t.clock.set(new Date(NOW.getTime() + 16 * 60_000));
    expect((await entry(first, 31)).status).toBe('expired');
    expect((await entry(second, 32)).status).toBe('offered');
    const late = await anon().post(`/api/reserve/waitlist/${first}/accept`).send({ phone4: '0031' });
    expect(late.body.message).toBe(messages.waitlistNoOffer);
    expect(await counters(slotId)).toEqual({ booked_people: 4, booked_tables: 2 });

    // The second leaves: the seats go back to the slot (nobody else waits), which takes bookings again.
    const left = await anon().post(`/api/reserve/waitlist/${second}/leave`).send({ phone4: '0032' }).expect(200);
    expect(left.body).toMatchObject({ message: messages.waitlistLeft, product: { status: 'left' } });
    expect(await counters(slotId)).toEqual({ booked_people: 2, booked_tables: 1 });
    expect((await book(slotId, 23, 2)).status).toBe(201);
  });

  it('offers seats the administrator adds on its sweep, and shows the list to staff masked', async () => {
    const slotId = (await admin.post('/api/popup', SLOT).expect(201)).body.product.id as number;
    await book(slotId, 41, 4);
    const waiting = (await join(slotId, 51, 2)).body.product.code as string;
    const slot = (await admin.get(`/api/popup/select/${slotId}`).expect(200)).body.product;
    await admin.put(`/api/popup/update/${slotId}`, { ...SLOT, count: 6, version: slot.version }).expect(200);
    await t.app.get(WaitlistService).sweep();
    expect((await entry(waiting, 51)).status).toBe('offered');

    const staff = await adminClient(t, ['staff']);
    const list = (await staff.get(`/api/popup/${slotId}/waitlist`).expect(200)).body.product;
    expect(list).toEqual([
      expect.objectContaining({ code: waiting, status: 'offered', name: '손**1', phone: '***-****-0051' }),
    ]);
    const removed = await staff.post(`/api/popup/waitlist/${list[0].id}/remove`, {}).expect(200);
    expect(removed.body.product).toMatchObject({ status: 'left', phone: '***-****-0051' });
    expect(await counters(slotId)).toEqual({ booked_people: 4, booked_tables: 1 });
    await anon().get(`/api/popup/${slotId}/waitlist`).expect(401);
  });

  it('erases the names, phones and addresses with the bookings', async () => {
    expect(
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM booking_waitlist WHERE phone IS NOT NULL`))[0].n,
    ).toBeGreaterThan(0);
    t.clock.set(new Date('2027-01-31T03:00:00Z'));
    await t.app.get(BookingErasureService).eraseExpired();
    expect(
      await t.dataSource.query(
        `SELECT count(*)::int AS n FROM booking_waitlist
          WHERE name IS NOT NULL OR phone IS NOT NULL OR email IS NOT NULL OR erased_at IS NULL`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('refuses bad input with Korean messages and stores nothing', async () => {
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM booking_waitlist`);
    const answers = [
      await anon()
        .post('/api/reserve/waitlist')
        .send({ slotId: 1, ...person(1, 1) }),
      await anon()
        .post('/api/reserve/waitlist')
        .set('Idempotency-Key', newKey())
        .send({ slotId: 999999, ...person(1, 1) }),
      await anon()
        .post('/api/reserve/waitlist')
        .set('Idempotency-Key', newKey())
        .send({ slotId: 1, name: '', phone: 'x' }),
      await anon().get('/api/reserve/waitlist/ABCD2345?phone4=12'),
      await anon().get('/api/reserve/waitlist/ABCD2345?phone4=1234'),
    ];
    expect(answers.map((res) => [res.status, res.body.message])).toEqual([
      [400, messages.bookingIdempotencyKeyInvalid],
      [404, messages.bookingSlotNotFound],
      [400, expect.any(String)],
      [400, messages.bookingPhone4Invalid],
      [404, messages.waitlistNotFound],
    ]);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM booking_waitlist`)).toEqual(before);
  });
});
