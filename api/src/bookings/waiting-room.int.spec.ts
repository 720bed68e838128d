import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { STALE_AFTER_SECONDS } from './waiting-room.service';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
/** Bookings of the slot open at 20:00 on 2026-11-20 in Seoul. */
const OPENS = new Date('2026-11-20T11:00:00Z');

/** A slot 19:00–21:00 on 2026-11-21 in Seoul, opening for bookings at 20:00 the day before: 40 seats, 10 tables. */
const SLOT = {
  cnt: '1',
  startdate: '2026-11-21T19:00:00+09:00',
  enddate: '2026-11-21T21:00:00+09:00',
  count: 40,
  table: 10,
  bookingOpensAt: OPENS.toISOString(),
};

let seed = 0;
const newKey = () => `wr-key-${process.pid}-${(seed += 1)}`;

/**
 * The waiting room of docs/decisions/0074-waiting-room.md against real PostgreSQL: two visitors admitted at a time
 * (BOOKING_QUEUE_ACTIVE_LIMIT=2), each for 120 s (BOOKING_QUEUE_WINDOW_SECONDS).
 */
describe('the waiting room in front of popup bookings (integration, docs/decisions/0074-waiting-room.md)', () => {
  let t: AdminTestApp;
  let admin: AdminClient;
  beforeAll(async () => {
    t = await createAdminTestApp(NOW, { BOOKING_QUEUE_ACTIVE_LIMIT: '2', BOOKING_QUEUE_WINDOW_SECONDS: '120' });
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const anon = () => request(t.app.getHttpServer() as App);
  const at = (ms: number) => t.clock.set(new Date(ms));
  const join = async (slotId: number) =>
    (await anon().post('/api/reserve/queue').send({ slotId }).expect(201)).body.product;
  const ask = async (ticket: string) => (await anon().get(`/api/reserve/queue/${ticket}`).expect(200)).body.product;
  const book = (slotId: number, n: number, ticket?: string) => {
    const req = anon().post('/api/reserve/bookings').set('Idempotency-Key', newKey());
    return (ticket ? req.set('Queue-Ticket', ticket) : req).send({
      slotId,
      name: `대기자${n}`,
      phone: `010-7777-${String(n).padStart(4, '0')}`,
      partySize: 1,
      consent: true,
    });
  };
  const bookings = async (slotId: number) =>
    Number((await t.dataSource.query(`SELECT count(*) AS n FROM bookings WHERE slot_id = $1`, [slotId]))[0].n);

  it('admits in order of arrival once bookings open, two at a time, and only admitted tickets book while busy', async () => {
    at(NOW.getTime());
    const slotId = (await admin.post('/api/popup', SLOT).expect(201)).body.product.id as number;

    // Before the opening: everyone waits, in the order they came.
    at(OPENS.getTime() - 30_000);
    const tickets: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const place = await join(slotId);
      expect(place).toMatchObject({ slotId, status: 'waiting', ahead: i, admittedUntil: null });
      expect(place.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(place.estimateSeconds).toBeGreaterThan(0);
      expect(place.pollAfterSeconds).toBeGreaterThanOrEqual(2);
      tickets.push(place.ticket);
    }
    // Only a hash is stored.
    const stored = JSON.stringify(await t.dataSource.query(`SELECT * FROM booking_queue`));
    for (const ticket of tickets) expect(stored).not.toContain(ticket);

    // At the opening, whoever asks first: the two who came first are admitted, the rest keep their order.
    at(OPENS.getTime() + 1_000);
    expect((await ask(tickets[4]!)).status).toBe('waiting');
    const positions = await Promise.all(tickets.map(ask));
    expect(positions.map((p) => p.status)).toEqual(['admitted', 'admitted', 'waiting', 'waiting', 'waiting']);
    expect(positions.map((p) => p.ahead)).toEqual([0, 0, 0, 1, 2]);
    expect(positions[0].admittedUntil).toBe(new Date(OPENS.getTime() + 1_000 + 120_000).toISOString());

    // Busy: no ticket, a waiting ticket, a ticket of nobody: refused, nothing stored.
    const refusals = [
      [await book(slotId, 90), messages.queueRequired],
      [await book(slotId, 91, tickets[2]), messages.queueNotYourTurn],
      [await book(slotId, 92, 'x'.repeat(32)), messages.queueTicketNotFound],
    ] as const;
    for (const [res, message] of refusals)
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message });
    expect(await bookings(slotId)).toBe(0);

    // A booking the slot refuses (a party too large) does not use the ticket.
    const tooMany = await anon()
      .post('/api/reserve/bookings')
      .set('Idempotency-Key', newKey())
      .set('Queue-Ticket', tickets[0]!)
      .send({ slotId, name: '대기자1', phone: '010-7777-0001', partySize: 9, consent: true });
    expect(tooMany.status).toBe(400);
    expect((await ask(tickets[0]!)).status).toBe('admitted');

    // Half a minute later the first admitted books; its place goes to the next in line, and its ticket is spent.
    at(OPENS.getTime() + 31_000);
    expect((await book(slotId, 1, tickets[0])).status).toBe(201);
    expect((await ask(tickets[0]!)).status).toBe('used');
    expect((await book(slotId, 11, tickets[0])).body.message).toBe(messages.queueTicketUsed);
    expect(await ask(tickets[2]!)).toMatchObject({ status: 'admitted', ahead: 0 });
    expect(await ask(tickets[3]!)).toMatchObject({ status: 'waiting', ahead: 0 });

    // The window ends: the second admitted may no longer book, and the place passes on.
    at(OPENS.getTime() + 1_000 + 120_000);
    expect((await book(slotId, 2, tickets[1])).body.message).toBe(messages.queueAdmissionExpired);
    expect((await ask(tickets[1]!)).status).toBe('expired');
    // tickets[2] was admitted 30 s later, so its window is still open; tickets[3] takes the freed place.
    expect((await ask(tickets[3]!)).status).toBe('admitted');
    expect((await book(slotId, 3, tickets[2])).status).toBe(201);
    expect(await bookings(slotId)).toBe(2);
  });

  it('gives no place to a visitor who stopped asking, and their place back, in arrival order, when they ask again', async () => {
    at(NOW.getTime());
    const slotId = (await admin.post('/api/popup', SLOT).expect(201)).body.product.id as number;
    at(OPENS.getTime() - 60_000);
    const [gone, staying] = [await join(slotId), await join(slotId)];
    const later = await join(slotId);
    expect(later.ahead).toBe(2);
    at(OPENS.getTime() - 60_000 + (STALE_AFTER_SECONDS - 5) * 1000);
    await ask(staying.ticket);
    await ask(later.ticket);
    at(OPENS.getTime() - 60_000 + (STALE_AFTER_SECONDS + 1) * 1000);
    // `gone` has not asked for more than STALE_AFTER_SECONDS: not counted ahead of the others.
    expect((await ask(later.ticket)).ahead).toBe(1);
    // Back again: its arrival order stands.
    expect((await ask(gone.ticket)).ahead).toBe(0);
    expect((await ask(later.ticket)).ahead).toBe(2);
  });

  it('tells a waiting visitor at once that the slot filled (by its tables) or closed while they waited', async () => {
    at(NOW.getTime());
    // Two tables: two admitted visitors' bookings use them, with seats to spare.
    const slotId = (await admin.post('/api/popup', { ...SLOT, table: 2 }).expect(201)).body.product.id as number;
    at(OPENS.getTime() - 10_000);
    const places = [await join(slotId), await join(slotId), await join(slotId)];
    expect(places.map((p) => p.slotStatus)).toEqual(['upcoming', 'upcoming', 'upcoming']);
    at(OPENS.getTime() + 1_000);
    const [first, second, third] = await Promise.all(places.map((p) => ask(p.ticket)));
    expect([first.status, second.status, third.status]).toEqual(['admitted', 'admitted', 'waiting']);
    expect(third.slotStatus).toBe('open');
    expect((await book(slotId, 61, first.ticket)).status).toBe(201);
    expect((await book(slotId, 62, second.ticket)).status).toBe(201);
    // 38 seats left, no table: full, and the one still waiting is told on its next ask.
    expect(await ask(third.ticket)).toMatchObject({ status: 'waiting', slotStatus: 'full' });
    await admin.put(`/api/popup/${slotId}/booking-enabled`, { enabled: false }).expect(200);
    expect((await ask(third.ticket)).slotStatus).toBe('closed');
  });

  it('lets a booking through without a ticket while nobody waits (a quiet slot, an older booking page)', async () => {
    at(OPENS.getTime() + 10 * 60_000);
    const slotId = (await admin.post('/api/popup', { ...SLOT, bookingOpensAt: null }).expect(201)).body.product
      .id as number;
    expect((await book(slotId, 50)).status).toBe(201);
    const place = await join(slotId);
    expect(place).toMatchObject({ status: 'admitted', ahead: 0 });
  });

  it('refuses a closed slot, an unknown slot and a bad body with Korean messages', async () => {
    const closed = (await admin.post('/api/popup', { ...SLOT, bookingOpensAt: null }).expect(201)).body.product
      .id as number;
    await admin.put(`/api/popup/${closed}/booking-enabled`, { enabled: false }).expect(200);
    const answers = [
      await anon().post('/api/reserve/queue').send({ slotId: closed }),
      await anon().post('/api/reserve/queue').send({ slotId: 999999 }),
      await anon().post('/api/reserve/queue').send({ slotId: 'x' }),
      await anon().post('/api/reserve/queue').send({ slotId: 1, extra: true }),
      await anon().get('/api/reserve/queue/not-a-ticket'),
    ];
    expect(answers.map((res) => [res.status, res.body.message])).toEqual([
      [409, messages.bookingClosed],
      [404, messages.bookingSlotNotFound],
      [400, messages.bookingSlotIdInvalid],
      [400, messages.unknownField('extra')],
      [404, messages.queueTicketNotFound],
    ]);
  });
});
