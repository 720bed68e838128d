import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/**
 * docs/decisions/0048-no-silent-overwrite.md for schedules: a plan carries its `version`; `PUT /api/plan/update/:id`
 * and `DELETE /api/plan/delete/:id` naming a stale one answer 409 with the stored plan and change nothing; no version
 * overwrites as before. Real app, real PostgreSQL.
 */
describe('plan versions (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const body = (title: string) => ({ title, startdate: '2026-12-01', enddate: '2026-12-03' });
  const stored = async (id: number) =>
    (
      await t.dataSource.query<{ title: string; version: number }[]>(`SELECT title, version FROM plans WHERE id = $1`, [
        id,
      ])
    )[0];
  const fresh = async () =>
    (await http().post('/api/plan').set('Authorization', auth).send(body('원래 일정')).expect(201)).body.product as {
      id: number;
      version: number;
    };

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two updates from the same version: the second is 409 with the stored plan, and the row keeps the first', async () => {
    const plan = await fresh();
    expect(plan.version).toBe(1);
    const put = (title: string) =>
      http()
        .put(`/api/plan/update/${plan.id}`)
        .set('Authorization', auth)
        .send({ ...body(title), version: 1 });
    expect((await put('먼저 저장').expect(200)).body.product.version).toBe(2);
    const stale = await put('나중 저장').expect(409);
    expect(stale.body).toMatchObject({
      statusCode: 409,
      message: messages.planEditConflict,
      product: { id: plan.id, title: '먼저 저장', version: 2 },
    });
    expect(await stored(plan.id)).toEqual({ title: '먼저 저장', version: 2 });
    await http().put(`/api/plan/update/${plan.id}`).set('Authorization', auth).send(body('버전 없음')).expect(200);
    expect(await stored(plan.id)).toEqual({ title: '버전 없음', version: 3 });
  });

  it('a delete with a stale If-Match is 409 and deletes nothing; a current one deletes', async () => {
    const plan = await fresh();
    await http().put(`/api/plan/update/${plan.id}`).set('Authorization', auth).send(body('바뀜')).expect(200);
    const del = (tag: string) =>
      http().delete(`/api/plan/delete/${plan.id}`).set('Authorization', auth).set('If-Match', tag);
    const stale = await del('"1"').expect(409);
    expect(stale.body).toMatchObject({ message: messages.planDeleteConflict, product: { title: '바뀜' } });
    expect(await stored(plan.id)).toBeDefined();
    await del('"2"').expect(200);
    expect(await stored(plan.id)).toBeUndefined();
  });
});
