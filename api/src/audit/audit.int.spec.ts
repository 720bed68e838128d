import sharp from 'sharp';
import type request from 'supertest';
import { messages } from '../common/messages';
import { createAdminTestApp, type AdminTestApp } from '../test/admin-test-app';
import { adminClient, type AdminClient } from '../test/admin-client';
import { controllerRoutes } from '../test/route-table';
import { ADMIN_SUB } from '../test/test-issuer';
import { AUDIT_SUBJECTS, NOT_AUDITED } from './audit-subjects';
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
  title: string;
  changes: { field: string; label: string; before: string | null; after: string | null }[];
}

const png = (seed = 0) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200 - seed, g: 80 + seed, b: 40 } } })
    .png()
    .toBuffer();

/**
 * The audit trail of administrator writes (docs/decisions/0047-logs-metrics-audit.md) on the real app, real PostgreSQL
 * and a test issuer.
 */
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

  it('knows every administrator write route: each has a subject (entity, id) or is listed as not audited', () => {
    const writes = controllerRoutes(t.app)
      .filter((route) => !route.public && !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => `${route.method} ${route.path}`);
    expect(writes).toContain('POST /api/store/create/with-image');
    expect(writes.filter((what) => !(what in AUDIT_SUBJECTS) && !NOT_AUDITED.has(what))).toEqual([]);
  });

  it('records a link made and edited with its photo (with-image) under its id, titled and listed in Korean', async () => {
    t.clock.set(new Date('2026-11-20T03:10:00Z'));
    const bearer = await t.bearer();
    const multipart = (req: request.Test, fields: Record<string, string>, image: Buffer) => {
      for (const [name, value] of Object.entries(fields)) void req.field(name, value);
      return req.set('Authorization', bearer).attach('image', image, { filename: 'jam.png', contentType: 'image/png' });
    };
    const created = await multipart(
      admin.anonymous().post('/api/store/create/with-image'),
      { pname: '수제 딸기잼 세트', tag: '잼', showFrom: '2026-11-27T06:13:00+09:00' },
      await png(),
    ).expect(201);
    const id = created.body.product.id as number;
    await multipart(
      admin.anonymous().put(`/api/main/update/${id}/with-image`),
      { pname: '딸기잼 세트' },
      await png(9),
    ).expect(200);

    const [update, creation] = (await entries('?limit=2')).product;
    expect(creation).toMatchObject({
      route: '/api/store/create/with-image',
      entity: 'link',
      entityId: id,
      before: null,
      after: { id, pname: '수제 딸기잼 세트' },
      title: '링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)',
      changes: [
        { field: 'pname', label: '링크 이름', before: null, after: '수제 딸기잼 세트' },
        { field: 'tags', label: '태그', before: null, after: '잼' },
        { field: 'photo', label: '사진', before: null, after: '올린 사진' },
        { field: 'enabled', label: '방문자에게 공개', before: null, after: '예' },
        { field: 'showFrom', label: '공개 시작', before: null, after: '2026년 11월 27일 오전 6:13' },
      ],
    });
    expect(update).toMatchObject({
      route: '/api/main/update/:id/with-image',
      entity: 'link',
      entityId: id,
      title: '링크 ‘딸기잼 세트’ 수정',
      changes: [
        { field: 'pname', label: '링크 이름', before: '수제 딸기잼 세트', after: '딸기잼 세트' },
        { field: 'photo', label: '사진', before: '이전 사진', after: '새 사진' },
      ],
    });
  });

  it("titles a booking's check-in by the name it holds and never by its phone; by its code once erased", async () => {
    t.clock.set(new Date('2026-11-20T03:20:00Z'));
    const slot = await admin
      .post('/api/popup', {
        cnt: '1',
        startdate: '2026-11-21T19:00:00+09:00',
        enddate: '2026-11-21T21:00:00+09:00',
        count: 40,
        table: 10,
      })
      .expect(201);
    await admin
      .anonymous()
      .post('/api/reserve/bookings')
      .set('Idempotency-Key', `audit-booking-${process.pid}`)
      .send({ slotId: slot.body.product.id, name: '김하늘', phone: '010-2468-1357', partySize: 2, consent: true })
      .expect(201);
    const [booking] = await t.dataSource.query<{ id: number; code: string }[]>(
      'SELECT id, code FROM bookings WHERE slot_id = $1',
      [slot.body.product.id],
    );
    await admin.post(`/api/popup/bookings/${booking!.id}/check-in`, {}).expect(200);

    const [checkIn] = (await entries('?entity=booking&limit=1')).product;
    expect(checkIn).toMatchObject({
      entityId: booking!.id,
      title: '김하늘 님 예약 입장 확인',
      changes: [{ field: 'status', label: '상태', before: '예약 완료', after: '입장 완료' }],
    });
    expect(JSON.stringify(checkIn)).not.toMatch(/2468|1357/);
    const [stored] = await t.dataSource.query<{ row: string }[]>(
      'SELECT to_jsonb(a)::text AS row FROM audit_entry a WHERE id = $1',
      [checkIn!.id],
    );
    expect(stored!.row).not.toMatch(/김하늘|2468/);

    await t.dataSource.query('UPDATE bookings SET name = NULL, phone = NULL, erased_at = now() WHERE id = $1', [
      booking!.id,
    ]);
    expect((await entries('?entity=booking&limit=1')).product[0]!.title).toBe(`예약 ${booking!.code} 입장 확인`);
  });

  it('filters by person, subject and Seoul days, pages within the filter, and lists the people', async () => {
    const EDITOR_SUB = '0a1b2c3d-0000-4000-8000-00000000e017';
    const editorToken = await t.issuer.mint({
      claims: { sub: EDITOR_SUB, preferred_username: 'editor' },
      now: new Date('2026-01-01T00:00:00Z'),
      expiresInSeconds: 3 * 365 * 24 * 60 * 60,
    });
    const asEditor = (req: request.Test) => req.set('Authorization', `Bearer ${editorToken}`);
    const plan = (title: string, day: string) => ({ title, startdate: day, enddate: day });
    // 23:59 on 1 March 2027 in Seoul, then 00:00 on 2 March, then 3 March.
    t.clock.set(new Date('2027-03-01T14:59:00Z'));
    await asEditor(admin.anonymous().post('/api/plan')).send(plan('3월 1일 일정', '2027-03-10')).expect(201);
    t.clock.set(new Date('2027-03-01T15:00:00Z'));
    await asEditor(admin.anonymous().post('/api/store/create')).send({ pname: '편집자 링크' }).expect(201);
    await admin.post('/api/store/create', { pname: '관리자 링크' }).expect(201);
    t.clock.set(new Date('2027-03-02T15:00:00Z'));
    await asEditor(admin.anonymous().post('/api/plan')).send(plan('3월 3일 일정', '2027-03-10')).expect(201);

    const titles = async (query: string) => (await entries(query)).product.map((entry) => entry.title);
    expect(await titles(`?actor=${EDITOR_SUB}`)).toEqual([
      '일정 ‘3월 3일 일정’ 추가',
      '링크 ‘편집자 링크’ 추가',
      '일정 ‘3월 1일 일정’ 추가',
    ]);
    expect(await titles(`?actor=${EDITOR_SUB}&entity=link`)).toEqual(['링크 ‘편집자 링크’ 추가']);
    expect(await titles('?from=2027-03-02&to=2027-03-02')).toEqual([
      '링크 ‘관리자 링크’ 추가',
      '링크 ‘편집자 링크’ 추가',
    ]);
    expect(await titles('?from=2027-03-01&to=2027-03-01')).toEqual(['일정 ‘3월 1일 일정’ 추가']);
    expect(await titles('?from=2027-03-03')).toEqual(['일정 ‘3월 3일 일정’ 추가']);
    expect(await titles('?entity=plan&to=2027-03-01&limit=1')).toEqual(['일정 ‘3월 1일 일정’ 추가']);

    const first = await entries(`?actor=${EDITOR_SUB}&limit=2`);
    expect(first.product).toHaveLength(2);
    const second = await entries(`?actor=${EDITOR_SUB}&limit=2&before=${first.next}`);
    expect({ titles: second.product.map((entry) => entry.title), next: second.next }).toEqual({
      titles: ['일정 ‘3월 1일 일정’ 추가'],
      next: null,
    });

    const actors = await admin.get('/api/audit/actors').expect(200);
    expect(actors.body.product).toEqual([
      { sub: ADMIN_SUB, name: 'admin' },
      { sub: EDITOR_SUB, name: 'editor' },
    ]);
  });

  it.each([
    ['?limit=0', messages.auditLimitInvalid],
    ['?before=1e3', messages.auditBeforeInvalid],
    ['?actor=<256 characters>', messages.auditActorInvalid],
    ['?actor=', messages.auditActorInvalid],
    ['?entity=links', messages.auditEntityInvalid('link, plan, popup, booking, popup-info, cover, site, person')],
    ['?from=2027-02-30', messages.auditFromInvalid],
    ['?to=2027-3-1', messages.auditToInvalid],
    ['?from=2027-03-02&to=2027-03-01', messages.auditRangeOrder],
    ['?entity=link&entity=plan', messages.queryNotSingle('entity')],
    ['?from[]=2027-03-01', messages.queryNotSingle('from')],
    ['?color=red', messages.unknownField('color')],
  ])('GET /api/audit%s: 400 with a Korean sentence naming it', async (query, message) => {
    const res = await admin.get(`/api/audit${query.replace('<256 characters>', 'x'.repeat(256))}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });

  it('is for administrators only', async () => {
    await admin.anonymous().get('/api/audit').expect(401);
    await admin.anonymous().get('/api/audit/actors').expect(401);
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
