import { AdminClient, adminClient, expectRefused, scheduleTables } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const REQUIRED = '필수 값을 입력해주세요.';
const BAD_DATE = '날짜는 YYYY-MM-DD 형식의 실제 날짜여야 합니다.';
const END_BEFORE_START = '종료일은 시작일보다 빠를 수 없습니다.';
const TITLE_REQUIRED = '일정 내용을 입력해주세요.';
const TITLE_TOO_LONG = '일정 내용은 200자 이하로 입력해주세요.';
const VALID = { startdate: '2026-11-21', enddate: '2026-11-23', title: '신상품 사전 예약' };

/**
 * Each refused body, the field at fault and the Korean sentence in `message` (docs/decisions/0002-entities.md,
 * docs/decisions/0006-korean-wording.md; docs/product.md#5-validation).
 */
const REFUSED: Array<[string, object, string, string]> = [
  ['an empty body', {}, 'startdate', REQUIRED],
  ['no startdate', { enddate: VALID.enddate, title: VALID.title }, 'startdate', REQUIRED],
  ['no enddate', { startdate: VALID.startdate, title: VALID.title }, 'enddate', REQUIRED],
  ['an empty startdate', { ...VALID, startdate: '' }, 'startdate', REQUIRED],
  ['a null enddate', { ...VALID, enddate: null }, 'enddate', REQUIRED],
  ['February 30th', { ...VALID, startdate: '2026-02-30', enddate: '2026-03-02' }, 'startdate', BAD_DATE],
  ['February 29th of a common year', { ...VALID, enddate: '2027-02-29' }, 'enddate', BAD_DATE],
  ['month 13', { ...VALID, startdate: '2026-13-01' }, 'startdate', BAD_DATE],
  ['year 0000', { ...VALID, startdate: '0000-01-01' }, 'startdate', BAD_DATE],
  ['a date-time', { ...VALID, startdate: '2026-11-21T00:00:00Z' }, 'startdate', BAD_DATE],
  ['slashes', { ...VALID, enddate: '2026/11/23' }, 'enddate', BAD_DATE],
  ['a number', { ...VALID, startdate: 20261121 }, 'startdate', BAD_DATE],
  ['end before start', { ...VALID, startdate: '2026-11-23', enddate: '2026-11-22' }, 'enddate', END_BEFORE_START],
  [
    'end a year before start',
    { ...VALID, startdate: '2027-01-01', enddate: '2026-12-31' },
    'enddate',
    END_BEFORE_START,
  ],
  ['no title', { startdate: VALID.startdate, enddate: VALID.enddate }, 'title', TITLE_REQUIRED],
  ['an empty title', { ...VALID, title: '' }, 'title', TITLE_REQUIRED],
  ['a blank title', { ...VALID, title: ' \t\n ' }, 'title', TITLE_REQUIRED],
  ['a null title', { ...VALID, title: null }, 'title', TITLE_REQUIRED],
  ['a numeric title', { ...VALID, title: 12 }, 'title', TITLE_REQUIRED],
  ['201 characters', { ...VALID, title: '가'.repeat(201) }, 'title', TITLE_TOO_LONG],
  ['201 emoji', { ...VALID, title: '🎉'.repeat(201) }, 'title', TITLE_TOO_LONG],
  ['a NUL character', { ...VALID, title: 'a\u0000b' }, 'title', '일정 내용에 사용할 수 없는 문자가 있습니다.'],
  ['an id in the body', { ...VALID, id: 5 }, 'id', '허용되지 않는 필드입니다: id'],
  ['a status in the body', { ...VALID, status: 0 }, 'status', '허용되지 않는 필드입니다: status'],
  ['popup fields', { ...VALID, cnt: '1', count: 3, table: 2 }, 'cnt', '허용되지 않는 필드입니다: cnt'],
];

describe('plans: POST /api/plan, PUT /api/plan/update/:id, DELETE /api/plan/delete/:id (integration)', () => {
  let t: AdminTestApp;
  let admin: AdminClient;

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => t.clock.set(NOW));

  const rowOf = async (id: number) =>
    (await t.dataSource.query(`SELECT id, title, startdate, enddate FROM plans WHERE id = $1`, [id]))[0];

  describe('CRUD', () => {
    let id: number;

    it('POST creates a plan: 201 { message, product } with status, title trimmed', async () => {
      const res = await admin.post('/api/plan', { ...VALID, title: '  신상품 사전 예약  ' }).expect(201);
      id = res.body.product.id;
      expect(res.body).toEqual({ message: '일정이 등록되었습니다.', product: { id, ...VALID, status: 1, version: 1 } });
      expect(await rowOf(id)).toEqual({ id, ...VALID });
    });

    it('the public reads show it', async () => {
      expect((await admin.anonymous().get(`/api/plan/select/${id}`).expect(200)).body).toEqual({
        product: { id, ...VALID, status: 1, version: 1 },
      });
      expect((await admin.anonymous().get('/api/plan/list').expect(200)).body.product).toContainEqual({
        id,
        ...VALID,
        status: 1,
        version: 1,
      });
    });

    it('PUT replaces title and dates: 200 { message, product }', async () => {
      const changed = { startdate: '2026-11-18', enddate: '2026-11-20', title: '라이브 방송' };
      const res = await admin.put(`/api/plan/update/${id}`, changed).expect(200);
      expect(res.body).toEqual({
        message: '일정이 수정되었습니다.',
        product: { id, ...changed, status: -2, version: 2 },
      });
      expect(await rowOf(id)).toEqual({ id, ...changed });
    });

    it('accepts the bounds: one-day plan, leap day, 200 characters counted as PostgreSQL counts them', async () => {
      const title = '🎉'.repeat(200);
      const res = await admin
        .put(`/api/plan/update/${id}`, { startdate: '2028-02-29', enddate: '2028-02-29', title })
        .expect(200);
      expect(res.body.product).toMatchObject({ startdate: '2028-02-29', enddate: '2028-02-29', title });
      expect((await rowOf(id)).title).toBe(title);
    });

    it("an administrator's read of the list is kept by no browser or gateway, and shows the save at once (docs/decisions/0083-admin-reads-not-cached.md)", async () => {
      const visitor = await admin.anonymous().get('/api/plan/list').expect(200);
      expect(visitor.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
      expect(visitor.headers.vary).toBe('Authorization');
      const title = '관리자가 방금 고친 일정';
      await admin.put(`/api/plan/update/${id}`, { ...VALID, title }).expect(200);
      const read = await admin.get('/api/plan/list').expect(200);
      expect(read.headers['cache-control']).toBe('private, no-store');
      expect(read.headers.vary).toBe('Authorization');
      expect(read.headers['x-accel-expires']).toBeUndefined();
      expect(read.body.product).toContainEqual(expect.objectContaining({ id, title }));
    });

    it('DELETE removes it: 200 { message, product } with the plan as it was; then 404 everywhere', async () => {
      const before = await rowOf(id);
      const res = await admin.delete(`/api/plan/delete/${id}`).expect(200);
      expect(res.body).toEqual({
        message: '일정이 삭제되었습니다.',
        product: { ...before, status: expect.any(Number), version: expect.any(Number) },
      });
      expect(await rowOf(id)).toBeUndefined();
      const notFound = { statusCode: 404, message: '일정을 찾을 수 없습니다.', requestId: expect.any(String) };
      expect((await admin.anonymous().get(`/api/plan/select/${id}`).expect(404)).body).toEqual(notFound);
      expect((await admin.put(`/api/plan/update/${id}`, VALID).expect(404)).body).toEqual(notFound);
      expect((await admin.delete(`/api/plan/delete/${id}`).expect(404)).body).toEqual(notFound);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999'])(
      '400 잘못된 ID 형식입니다. for id %s, nothing changed',
      async (bad) => {
        const before = await scheduleTables(t);
        expect((await admin.put(`/api/plan/update/${bad}`, VALID).expect(400)).body).toEqual({
          statusCode: 400,
          message: '잘못된 ID 형식입니다.',
          requestId: expect.any(String),
        });
        expect((await admin.delete(`/api/plan/delete/${bad}`).expect(400)).body).toEqual({
          statusCode: 400,
          message: '잘못된 ID 형식입니다.',
          requestId: expect.any(String),
        });
        expect(await scheduleTables(t)).toEqual(before);
      },
    );
  });

  describe('every validation failure is a 400 with a Korean message and stores nothing', () => {
    let existing: number;
    beforeAll(async () => {
      existing = (await admin.post('/api/plan', VALID).expect(201)).body.product.id;
    });

    it.each(REFUSED)('POST with %s', async (_case, body, field, message) => {
      await expectRefused(t, () => admin.post('/api/plan', body), field, message);
    });

    it.each(REFUSED)('PUT with %s', async (_case, body, field, message) => {
      await expectRefused(t, () => admin.put(`/api/plan/update/${existing}`, body), field, message);
    });

    it('malformed JSON, a JSON array and a form (not JSON: 415) are refused too', async () => {
      const before = await scheduleTables(t);
      const malformed = await admin.post('/api/plan', '{"title":').set('Content-Type', 'application/json').expect(400);
      expect(malformed.body).toEqual({ statusCode: 400, message: '잘못된 요청입니다.', requestId: expect.any(String) });
      const array = await admin.post('/api/plan', [VALID]).expect(400);
      expect(typeof array.body.message).toBe('string');
      // A form-encoded body is not what the route consumes (common/request-body-type.ts,
      // docs/decisions/0043-bad-input-corpus.md).
      const form = await admin.post('/api/plan', 'title=x').expect(415);
      expect(form.body.message).toBe('요청 본문의 형식이 올바르지 않습니다. application/json 형식으로 보내주세요.');
      expect(await scheduleTables(t)).toEqual(before);
    });

    it('two problems: message is the first (dates before title, as the form checks them), errors lists both', async () => {
      const res = await admin.post('/api/plan', { title: '' }).expect(400);
      expect(res.body.message).toBe(REQUIRED);
      expect(res.body.errors).toEqual([
        { field: 'startdate', message: REQUIRED },
        { field: 'enddate', message: REQUIRED },
        { field: 'title', message: TITLE_REQUIRED },
      ]);
    });
  });

  describe('status around midnight in Asia/Seoul, through the API (docs/decisions/0002-entities.md)', () => {
    it('the day before the start: 14:59:59Z is still that day in Seoul (status 1), 15:00:00Z is the start day (status 0)', async () => {
      const plan = { startdate: '2026-12-01', enddate: '2026-12-02', title: '자정 테스트' };
      t.clock.set(new Date('2026-11-30T14:59:59Z'));
      const created = (await admin.post('/api/plan', plan).expect(201)).body.product;
      expect(created.status).toBe(1);
      expect((await admin.anonymous().get(`/api/plan/select/${created.id}`).expect(200)).body.product.status).toBe(1);
      expect((await admin.put(`/api/plan/update/${created.id}`, plan).expect(200)).body.product.status).toBe(1);
      const banner = (await admin.anonymous().get('/api/plan/list?upcoming=1').expect(200)).body.product;
      expect(banner.find((p: { id: number }) => p.id === created.id).status).toBe(1);

      t.clock.set(new Date('2026-11-30T15:00:00Z'));
      expect((await admin.anonymous().get(`/api/plan/select/${created.id}`).expect(200)).body.product.status).toBe(0);
      expect((await admin.put(`/api/plan/update/${created.id}`, plan).expect(200)).body.product.status).toBe(0);
      expect(
        (await admin.anonymous().get('/api/plan/list').expect(200)).body.product.find(
          (p: { id: number }) => p.id === created.id,
        ).status,
      ).toBe(0);
      expect((await admin.delete(`/api/plan/delete/${created.id}`).expect(200)).body.product.status).toBe(0);
    });
  });

  describe('the plan paths never touch popup slots', () => {
    let planId: number;
    let popupId: number;
    beforeAll(async () => {
      planId = (await admin.post('/api/plan', VALID).expect(201)).body.product.id;
      // A popup id no plan has, so a plan path given it can only miss.
      await t.dataSource.query(`SELECT setval('popup_slots_id_seq', 5000)`);
      popupId = (
        await admin
          .post('/api/popup', {
            cnt: '1',
            startdate: '2026-11-21T19:00:00+09:00',
            enddate: '2026-11-21T21:00:00+09:00',
            count: 40,
            table: 10,
          })
          .expect(201)
      ).body.product.id;
    });

    it('PUT /api/plan/update/:id and DELETE /api/plan/delete/:id leave popup_slots as they were', async () => {
      const { popups } = await scheduleTables(t);
      await admin.put(`/api/plan/update/${planId}`, { ...VALID, title: '바뀐 제목' }).expect(200);
      await admin.delete(`/api/plan/delete/${planId}`).expect(200);
      expect((await scheduleTables(t)).popups).toEqual(popups);
    });

    it('PUT /api/plan/update/<popup id> with popup fields is refused (400), not applied to the popup', async () => {
      const before = await scheduleTables(t);
      const popupFields = {
        cnt: '2',
        startdate: '2026-11-22T19:00:00+09:00',
        enddate: '2026-11-22T21:00:00+09:00',
        count: 5,
        table: 1,
      };
      const res = await admin.put(`/api/plan/update/${popupId}`, popupFields).expect(400);
      expect(typeof res.body.message).toBe('string');
      expect(await scheduleTables(t)).toEqual(before);
    });

    it('PUT /api/plan/update/<popup id> with plan fields is 404: a popup id is no plan id', async () => {
      const before = await scheduleTables(t);
      expect((await admin.put(`/api/plan/update/${popupId}`, VALID).expect(404)).body).toEqual({
        statusCode: 404,
        message: '일정을 찾을 수 없습니다.',
        requestId: expect.any(String),
      });
      expect((await admin.delete(`/api/plan/delete/${popupId}`).expect(404)).body.message).toBe(
        '일정을 찾을 수 없습니다.',
      );
      expect(await scheduleTables(t)).toEqual(before);
    });
  });
});
