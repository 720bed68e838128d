import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/** A slot body: 19:00–21:00 on 2026-12-05 in Seoul. */
const slot = (count: number, table = 10) => ({
  cnt: '1',
  startdate: '2026-12-05T19:00:00+09:00',
  enddate: '2026-12-05T21:00:00+09:00',
  count,
  table,
});

/**
 * docs/decisions/0048-no-silent-overwrite.md for popup slots: a slot carries its `version`; `PUT /api/popup/update/:id`
 * and `DELETE /api/popup/delete/:id` naming a stale one answer 409 with the stored slot and change nothing; the current
 * one saves and raises the version; none overwrites as before. The booking switch is an administrator's save (it raises
 * the version); a visitor's booking is not. Real app, real PostgreSQL.
 */
describe('popup slot versions (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const stored = async (id: number) =>
    (
      await t.dataSource.query<{ head_count: number; bookable_tables: number; version: number }[]>(
        `SELECT head_count, bookable_tables, version FROM popup_slots WHERE id = $1`,
        [id],
      )
    )[0];
  const fresh = async () =>
    (await http().post('/api/popup').set('Authorization', auth).send(slot(40)).expect(201)).body.product as {
      id: number;
      version: number;
    };
  const put = (id: number, body: object, ifMatch?: string) => {
    const req = http().put(`/api/popup/update/${id}`).set('Authorization', auth);
    return (ifMatch === undefined ? req : req.set('If-Match', ifMatch)).send(body);
  };

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new slot is version 1; the list and the detail show it', async () => {
    const created = await fresh();
    expect(created.version).toBe(1);
    expect((await http().get(`/api/popup/select/${created.id}`).set('Authorization', auth).expect(200)).body).toEqual({
      product: expect.objectContaining({ id: created.id, version: 1 }),
    });
    const list = (await http().get('/api/popup/list').set('Authorization', auth).expect(200)).body.product;
    expect(list).toContainEqual(expect.objectContaining({ id: created.id, version: 1 }));
  });

  it('two saves from the same version (If-Match): the second is 409 with the stored slot, the row keeps the first', async () => {
    const { id } = await fresh();
    const first = await put(id, slot(50), '"1"').expect(200);
    expect(first.body.product).toMatchObject({ count: 50, table: 10, version: 2 });
    expect(await stored(id)).toEqual({ head_count: 50, bookable_tables: 10, version: 2 });

    const stale = await put(id, slot(40, 12), '"1"').expect(409);
    expect(stale.body).toEqual({
      statusCode: 409,
      message: messages.popupEditConflict,
      requestId: expect.any(String),
      product: expect.objectContaining({ id, count: 50, table: 10, version: 2 }),
    });
    expect(await stored(id)).toEqual({ head_count: 50, bookable_tables: 10, version: 2 });

    // Applied on top, with the version the 409 answered: saved, version + 1.
    const again = await put(id, slot(50, 12), '"2"').expect(200);
    expect(again.body.product).toMatchObject({ count: 50, table: 12, version: 3 });
    expect(await stored(id)).toEqual({ head_count: 50, bookable_tables: 12, version: 3 });
  });

  it('the version in the body works as If-Match; no version at all overwrites as before', async () => {
    const { id } = await fresh();
    await put(id, { ...slot(41), version: 1 }).expect(200);
    const stale = await put(id, { ...slot(42), version: 1 }).expect(409);
    expect(stale.body.product).toMatchObject({ count: 41, version: 2 });
    expect(await stored(id)).toMatchObject({ head_count: 41, version: 2 });
    expect((await put(id, slot(43)).expect(200)).body.product.version).toBe(3);
    expect(await stored(id)).toMatchObject({ head_count: 43, version: 3 });
    // A header and a body that disagree, and a malformed header: 400, nothing changes.
    expect((await put(id, { ...slot(44), version: 3 }, '"2"').expect(400)).body.message).toBe(messages.versionMismatch);
    expect((await put(id, slot(44), 'W/"3"').expect(400)).body.message).toBe(messages.ifMatchInvalid);
    expect(await stored(id)).toMatchObject({ head_count: 43, version: 3 });
  });

  it('the booking switch raises the version (an edit form loaded before it is told); a booking does not', async () => {
    const { id } = await fresh();
    await http()
      .put(`/api/popup/${id}/booking-enabled`)
      .set('Authorization', auth)
      .send({ enabled: false })
      .expect(200);
    expect(await stored(id)).toMatchObject({ version: 2 });
    const stale = await put(id, { ...slot(40), bookingEnabled: true }, '"1"').expect(409);
    expect(stale.body.product).toMatchObject({ bookingEnabled: false, version: 2 });
    await http().put(`/api/popup/${id}/booking-enabled`).set('Authorization', auth).send({ enabled: true }).expect(200);
    await http()
      .post('/api/reserve/bookings')
      .set('Idempotency-Key', `version-${id}`)
      .send({ slotId: id, name: '김하늘', phone: '010-1234-5678', partySize: 2, consent: true })
      .expect(201);
    expect(await stored(id)).toMatchObject({ version: 3 });
    expect((await put(id, slot(40), '"3"').expect(200)).body.product).toMatchObject({ bookedPeople: 2, version: 4 });
  });

  it('a delete with a stale If-Match is 409 and deletes nothing; the current one deletes', async () => {
    const { id } = await fresh();
    await put(id, slot(60)).expect(200);
    const del = (tag: string) =>
      http().delete(`/api/popup/delete/${id}`).set('Authorization', auth).set('If-Match', tag);
    const stale = await del('"1"').expect(409);
    expect(stale.body).toMatchObject({ message: messages.popupDeleteConflict, product: { id, count: 60, version: 2 } });
    expect(await stored(id)).toMatchObject({ head_count: 60, version: 2 });
    await del('"2"').expect(200);
    expect(await stored(id)).toBeUndefined();
  });
});
