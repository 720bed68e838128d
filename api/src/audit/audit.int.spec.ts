import { createAdminTestApp, type AdminTestApp } from '../test/admin-test-app';
import { adminClient, type AdminClient } from '../test/admin-client';
import { ADMIN_SUB } from '../test/test-issuer';
import { AuditService } from './audit.service';

jest.setTimeout(60_000);

interface Entry {
  id: number;
  at: string;
  actorSub: string;
  actorName: string | null;
  method: string;
  route: string;
  entity: string | null;
  entityId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  status: number;
  requestId: string | null;
}

/** The audit trail of administrator writes (issue 15 item 7) on the real app, real PostgreSQL and a test issuer. */
describe('audit trail', () => {
  let t: AdminTestApp;
  let admin: AdminClient;
  const entries = async (query = ''): Promise<{ product: Entry[]; next: number | null }> =>
    (await admin.get(`/api/audit${query}`).expect(200)).body as { product: Entry[]; next: number | null };
  const rows = async (): Promise<number> =>
    Number((await t.dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM audit_entry'))[0]!.n);

  beforeAll(async () => {
    t = await createAdminTestApp(new Date('2026-11-20T03:00:00Z'));
    admin = await adminClient(t);
  });
  afterAll(() => t.close());

  it('records a link created, updated and deleted: who, when, what, before and after', async () => {
    const created = await admin.post('/api/store/create', { pname: '첫 이름', tag: '봄' }).expect(201);
    const id = created.body.product.id as number;
    t.clock.set(new Date('2026-11-20T03:05:00Z'));
    const updated = await admin.put(`/api/main/update/${id}`, { pname: '새 이름' }).expect(200);
    await admin.delete(`/api/main/delete/${id}`).expect(200);

    const [deletion, update, creation] = (await entries()).product;
    expect(creation).toMatchObject({
      actorSub: ADMIN_SUB,
      method: 'POST',
      route: '/api/store/create',
      entity: 'link',
      entityId: id,
      before: null,
      after: { id, pname: '첫 이름' },
      status: 201,
    });
    expect(update).toMatchObject({
      actorSub: ADMIN_SUB,
      at: '2026-11-20T03:05:00.000Z',
      method: 'PUT',
      route: '/api/main/update/:id',
      entity: 'link',
      entityId: id,
      before: { id, pname: '첫 이름' },
      after: { id, pname: '새 이름' },
      status: 200,
      requestId: updated.headers['x-request-id'],
    });
    expect(update!.actorName).toEqual(expect.any(String));
    expect(deletion).toMatchObject({
      method: 'DELETE',
      route: '/api/main/delete/:id',
      entityId: id,
      before: { id, pname: '새 이름' },
      after: null,
    });
  });

  it('records nothing for a refused write, a read, a sign-in or an anonymous request', async () => {
    const before = await rows();
    await admin.put('/api/main/update/999999', { pname: 'x' }).expect(404);
    await admin.post('/api/store/create', { pname: '' }).expect(400);
    await admin.get('/api/main/list').expect(200);
    await admin.post('/api/login', {}).expect(200);
    await admin.anonymous().post('/api/store/create').send({ pname: 'x' }).expect(401);
    expect(await rows()).toBe(before);
  });

  it('records a plan too, through the same interceptor', async () => {
    const plan = await admin
      .post('/api/plan', { title: '전시', startdate: '2026-12-01', enddate: '2026-12-02' })
      .expect(201);
    await admin
      .put(`/api/plan/update/${plan.body.product.id}`, {
        title: '전시 2',
        startdate: '2026-12-01',
        enddate: '2026-12-03',
      })
      .expect(200);
    const [update, creation] = (await entries('?limit=2')).product;
    expect(creation).toMatchObject({ entity: 'plan', before: null, after: { title: '전시' } });
    expect(update).toMatchObject({
      entity: 'plan',
      route: '/api/plan/update/:id',
      before: { title: '전시' },
      after: { title: '전시 2' },
    });
  });

  it('pages newest first by id with ?before=&limit=, and refuses bad values in Korean', async () => {
    const all = (await entries('?limit=200')).product.map((e) => e.id);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    const first = await entries('?limit=2');
    expect(first.product.map((e) => e.id)).toEqual(all.slice(0, 2));
    expect(first.next).toBe(all[1]);
    const second = await entries(`?before=${first.next}&limit=2`);
    expect(second.product.map((e) => e.id)).toEqual(all.slice(2, 4));
    const last = await entries(`?before=${all[all.length - 1]! + 1}&limit=2`);
    expect(last).toEqual({ product: [expect.objectContaining({ id: all[all.length - 1] })], next: null });

    const tooMany = await admin.get('/api/audit?limit=201').expect(400);
    expect(tooMany.body).toMatchObject({ statusCode: 400, message: 'limit 값은 1–200 사이의 정수여야 합니다.' });
    const bad = await admin.get('/api/audit?before=abc').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'before 값은 1 이상의 정수여야 합니다.' });
  });

  it('is for administrators only', async () => {
    await admin.anonymous().get('/api/audit').expect(401);
    const visitor = await t.issuer.mint({ roles: ['offline_access'] });
    await admin.anonymous().get('/api/audit').set('Authorization', `Bearer ${visitor}`).expect(403);
  });

  it('a failure to record never fails a write that happened (logged instead)', async () => {
    const record = jest.spyOn(t.app.get(AuditService), 'record').mockRejectedValueOnce(new Error('audit down'));
    try {
      const created = await admin.post('/api/store/create', { pname: '기록 실패' }).expect(201);
      expect(created.body.product.pname).toBe('기록 실패');
    } finally {
      record.mockRestore();
    }
  });
});
