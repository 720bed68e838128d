import { AdminClient, adminClient, expectRefused, scheduleTables } from '../test/admin-client';
import { controllerRoutes } from '../test/route-table';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-20T03:00:00Z');
const DATES_REQUIRED = '시작일과 종료일은 필수입니다. 날짜를 선택해주세요.';
const BAD_DATE = '일시는 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 날짜여야 합니다.';
const END_BEFORE_START = '종료 일시는 시작 일시보다 늦어야 합니다.';
const BAD_TURN = '회차는 1, 2, 3 중 하나이거나 선택 안 함이어야 합니다.';
const BAD_COUNT = '인원은 0 이상 100000 이하의 정수로 입력해주세요.';
const BAD_TABLE = '예약 가능 테이블은 0 이상 10000 이하의 정수로 입력해주세요.';
const UNAUTHORIZED = { statusCode: 401, message: '로그인이 필요합니다.', requestId: expect.any(String) };
const NOT_FOUND = { statusCode: 404, message: '팝업 예약을 찾을 수 없습니다.', requestId: expect.any(String) };

/** 19:00–21:00 on 2026-11-21 in Seoul. */
const VALID = {
  cnt: '1',
  startdate: '2026-11-21T19:00:00+09:00',
  enddate: '2026-11-21T21:00:00+09:00',
  count: 40,
  table: 10,
};
/** The booking settings and counts of a new slot (docs/decisions/0030-popup-bookings.md): defaults, nothing booked. */
const bookingDefaults = (count: number, bookingStatus = 'open') => ({
  bookingOpensAt: null,
  bookingClosesAt: null,
  cancelHoursBefore: 24,
  partyMin: 1,
  partyMax: 4,
  bookingEnabled: true,
  bookedPeople: 0,
  bookedTables: 0,
  remaining: count,
  checkedInPeople: 0,
  bookingStatus,
});
const VALID_VIEW = {
  cnt: '1',
  startdate: '2026-11-21T10:00:00.000Z',
  enddate: '2026-11-21T12:00:00.000Z',
  count: 40,
  table: 10,
  ...bookingDefaults(40),
  // docs/decisions/0048-no-silent-overwrite.md: a new slot is version 1; every saved update adds one.
  version: 1,
};
const SLOT_KEYS = [
  'cnt',
  'count',
  'enddate',
  'id',
  'startdate',
  'table',
  'version',
  ...Object.keys(bookingDefaults(0)),
].sort();

/**
 * Each refused body, the field at fault and the Korean sentence in `message` (docs/decisions/0002-entities.md,
 * docs/decisions/0006-korean-wording.md; docs/product.md#5-validation).
 */
const REFUSED: Array<[string, object, string, string]> = [
  ['an empty body', {}, 'startdate', DATES_REQUIRED],
  ['no startdate', { ...VALID, startdate: undefined }, 'startdate', DATES_REQUIRED],
  ['no enddate', { ...VALID, enddate: undefined }, 'enddate', DATES_REQUIRED],
  ['an empty startdate', { ...VALID, startdate: '' }, 'startdate', DATES_REQUIRED],
  ['a null enddate', { ...VALID, enddate: null }, 'enddate', DATES_REQUIRED],
  ['a date without time', { ...VALID, startdate: '2026-11-21' }, 'startdate', BAD_DATE],
  ['a date-time without offset', { ...VALID, startdate: '2026-11-21T19:00:00' }, 'startdate', BAD_DATE],
  ['February 30th', { ...VALID, startdate: '2026-02-30T10:00:00Z' }, 'startdate', BAD_DATE],
  ['hour 24', { ...VALID, enddate: '2026-11-21T24:00:00+09:00' }, 'enddate', BAD_DATE],
  ['not a date', { ...VALID, enddate: 'abc' }, 'enddate', BAD_DATE],
  ['epoch milliseconds', { ...VALID, startdate: 1763719200000 }, 'startdate', BAD_DATE],
  ['end before start', { ...VALID, enddate: '2026-11-21T18:59:59+09:00' }, 'enddate', END_BEFORE_START],
  ['end before start across offsets', { ...VALID, enddate: '2026-11-21T09:59:00Z' }, 'enddate', END_BEFORE_START],
  ['end equal to start (a zero-length slot)', { ...VALID, enddate: VALID.startdate }, 'enddate', END_BEFORE_START],
  ['end equal to start across offsets', { ...VALID, enddate: '2026-11-21T10:00:00Z' }, 'enddate', END_BEFORE_START],
  ["cnt '4'", { ...VALID, cnt: '4' }, 'cnt', BAD_TURN],
  ["cnt '0'", { ...VALID, cnt: '0' }, 'cnt', BAD_TURN],
  ['cnt as a number', { ...VALID, cnt: 1 }, 'cnt', BAD_TURN],
  ["cnt '1회차'", { ...VALID, cnt: '1회차' }, 'cnt', BAD_TURN],
  ['cnt true', { ...VALID, cnt: true }, 'cnt', BAD_TURN],
  ['no count', { ...VALID, count: undefined }, 'count', BAD_COUNT],
  ['count -1', { ...VALID, count: -1 }, 'count', BAD_COUNT],
  ["count '-1'", { ...VALID, count: '-1' }, 'count', BAD_COUNT],
  ['count 1.5', { ...VALID, count: 1.5 }, 'count', BAD_COUNT],
  ["count '1.5'", { ...VALID, count: '1.5' }, 'count', BAD_COUNT],
  ["count 'abc'", { ...VALID, count: 'abc' }, 'count', BAD_COUNT],
  ["count ''", { ...VALID, count: '' }, 'count', BAD_COUNT],
  ["count ' 12'", { ...VALID, count: ' 12' }, 'count', BAD_COUNT],
  ["count '1e3'", { ...VALID, count: '1e3' }, 'count', BAD_COUNT],
  ['count null', { ...VALID, count: null }, 'count', BAD_COUNT],
  ['count true', { ...VALID, count: true }, 'count', BAD_COUNT],
  ['count 100001', { ...VALID, count: 100_001 }, 'count', BAD_COUNT],
  ["count '99999999999'", { ...VALID, count: '99999999999' }, 'count', BAD_COUNT],
  ['no table', { ...VALID, table: undefined }, 'table', BAD_TABLE],
  ['table -1', { ...VALID, table: -1 }, 'table', BAD_TABLE],
  ["table '1.5'", { ...VALID, table: '1.5' }, 'table', BAD_TABLE],
  ["table 'abc'", { ...VALID, table: 'abc' }, 'table', BAD_TABLE],
  ['table 10001', { ...VALID, table: 10_001 }, 'table', BAD_TABLE],
  ["table '10001'", { ...VALID, table: '10001' }, 'table', BAD_TABLE],
  ['an id in the body', { ...VALID, id: 7 }, 'id', '허용되지 않는 필드입니다: id'],
  ['the column names', { ...VALID, head_count: 3 }, 'head_count', '허용되지 않는 필드입니다: head_count'],
  ['plan fields', { ...VALID, title: '일정' }, 'title', '허용되지 않는 필드입니다: title'],
];

describe('popup slots: /api/popup (integration)', () => {
  let t: AdminTestApp;
  let admin: AdminClient;

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowOf = async (id: number) =>
    (
      await t.dataSource.query(
        `SELECT id, cnt, startdate, enddate, head_count, bookable_tables FROM popup_slots WHERE id = $1`,
        [id],
      )
    )[0];

  describe('reads need an administrator (docs/decisions/0003-api-calls.md, docs/decisions/0005-authentication.md)', () => {
    it('GET /api/popup/list and /api/popup/select/:id without a token → 401', async () => {
      expect((await admin.anonymous().get('/api/popup/list').expect(401)).body).toEqual(UNAUTHORIZED);
      expect((await admin.anonymous().get('/api/popup/select/1').expect(401)).body).toEqual(UNAUTHORIZED);
    });

    it('the authorization matrix (auth/authorization-matrix.int.spec.ts) finds every plan write and popup route protected', () => {
      const protectedRoutes = controllerRoutes(t.app)
        .filter((route) => !route.public)
        .map((route) => `${route.method} ${route.path}`);
      expect(protectedRoutes).toEqual(
        expect.arrayContaining([
          'POST /api/plan',
          'PUT /api/plan/update/:id',
          'DELETE /api/plan/delete/:id',
          'GET /api/popup/list',
          'GET /api/popup/select/:id',
          'POST /api/popup',
          'PUT /api/popup/update/:id',
          'DELETE /api/popup/delete/:id',
        ]),
      );
    });

    it('an administrator reads an empty list', async () => {
      expect((await admin.get('/api/popup/list').expect(200)).body).toEqual({ product: [] });
    });
  });

  describe('CRUD', () => {
    let id: number;

    it('POST creates a slot: 201 { message, product } in the docs/decisions/0002-entities.md shape, count and table in their own columns', async () => {
      const res = await admin.post('/api/popup', VALID).expect(201);
      id = res.body.product.id;
      expect(res.body).toEqual({ message: '팝업 예약이 등록되었습니다.', product: { id, ...VALID_VIEW } });
      expect(Object.keys(res.body.product).sort()).toEqual(SLOT_KEYS);
      expect(await rowOf(id)).toEqual({
        id,
        cnt: '1',
        startdate: new Date('2026-11-21T10:00:00Z'),
        enddate: new Date('2026-11-21T12:00:00Z'),
        head_count: 40,
        bookable_tables: 10,
      });
    });

    it('GET /api/popup/select/:id reads it back; the list has it', async () => {
      expect((await admin.get(`/api/popup/select/${id}`).expect(200)).body).toEqual({ product: { id, ...VALID_VIEW } });
      expect((await admin.get('/api/popup/list').expect(200)).body).toEqual({ product: [{ id, ...VALID_VIEW }] });
    });

    it('PUT /api/popup/update/:id replaces every field; an empty cnt is 선택 안 함 (null); digit strings from a form are numbers', async () => {
      const res = await admin
        .put(`/api/popup/update/${id}`, {
          cnt: '',
          startdate: '2026-11-22T10:30:00.000Z',
          enddate: '2026-11-22T13:00:00.000Z',
          count: '12',
          table: '3',
        })
        .expect(200);
      const product = {
        id,
        cnt: null,
        startdate: '2026-11-22T10:30:00.000Z',
        enddate: '2026-11-22T13:00:00.000Z',
        count: 12,
        table: 3,
        ...bookingDefaults(12),
        version: 2,
      };
      expect(res.body).toEqual({ message: '팝업 예약이 수정되었습니다.', product });
      expect((await admin.get(`/api/popup/select/${id}`).expect(200)).body).toEqual({ product });
      expect(await rowOf(id)).toMatchObject({ cnt: null, head_count: 12, bookable_tables: 3 });
    });

    it('accepts the bounds: a one-minute slot, count 0 and 100000, table 0 and 10000, cnt absent or null', async () => {
      const low = await admin
        .put(`/api/popup/update/${id}`, {
          startdate: '2026-11-23T00:00:00+09:00',
          enddate: '2026-11-23T00:01:00+09:00',
          count: 0,
          table: 0,
        })
        .expect(200);
      expect(low.body.product).toEqual({
        id,
        cnt: null,
        startdate: '2026-11-22T15:00:00.000Z',
        enddate: '2026-11-22T15:01:00.000Z',
        count: 0,
        table: 0,
        // No seat to book: 마감 (full).
        ...bookingDefaults(0, 'full'),
        version: 3,
      });
      const high = await admin
        .put(`/api/popup/update/${id}`, { ...VALID, cnt: null, count: 100_000, table: 10_000 })
        .expect(200);
      expect(high.body.product).toMatchObject({ cnt: null, count: 100_000, table: 10_000 });
      for (const cnt of ['1', '2', '3']) {
        expect((await admin.put(`/api/popup/update/${id}`, { ...VALID, cnt }).expect(200)).body.product.cnt).toBe(cnt);
      }
    });

    it('lists by startdate, then id', async () => {
      const later = (
        await admin
          .post('/api/popup', { ...VALID, startdate: '2026-12-01T10:00:00Z', enddate: '2026-12-01T11:00:00Z' })
          .expect(201)
      ).body.product.id;
      const earlier = (
        await admin
          .post('/api/popup', { ...VALID, startdate: '2026-11-01T10:00:00Z', enddate: '2026-11-01T11:00:00Z' })
          .expect(201)
      ).body.product.id;
      const sameStart = (await admin.post('/api/popup', VALID).expect(201)).body.product.id;
      const list = (await admin.get('/api/popup/list').expect(200)).body.product as Array<{ id: number }>;
      expect(list.map((p) => p.id)).toEqual([earlier, id, sameStart, later]);
      for (const other of [later, earlier, sameStart]) await admin.delete(`/api/popup/delete/${other}`).expect(200);
    });

    it('DELETE removes it: 200 { message, product } with the slot as it was; then 404 everywhere', async () => {
      const before = (await admin.get(`/api/popup/select/${id}`).expect(200)).body.product;
      expect((await admin.delete(`/api/popup/delete/${id}`).expect(200)).body).toEqual({
        message: '팝업 예약이 삭제되었습니다.',
        product: before,
      });
      expect(await rowOf(id)).toBeUndefined();
      expect((await admin.get(`/api/popup/select/${id}`).expect(404)).body).toEqual(NOT_FOUND);
      expect((await admin.put(`/api/popup/update/${id}`, VALID).expect(404)).body).toEqual(NOT_FOUND);
      expect((await admin.delete(`/api/popup/delete/${id}`).expect(404)).body).toEqual(NOT_FOUND);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999'])(
      '400 잘못된 ID 형식입니다. for id %s, nothing changed',
      async (bad) => {
        const before = await scheduleTables(t);
        const invalid = { statusCode: 400, message: '잘못된 ID 형식입니다.', requestId: expect.any(String) };
        expect((await admin.get(`/api/popup/select/${bad}`).expect(400)).body).toEqual(invalid);
        expect((await admin.put(`/api/popup/update/${bad}`, VALID).expect(400)).body).toEqual(invalid);
        expect((await admin.delete(`/api/popup/delete/${bad}`).expect(400)).body).toEqual(invalid);
        expect(await scheduleTables(t)).toEqual(before);
      },
    );
  });

  describe('every validation failure is a 400 with a Korean message and stores nothing', () => {
    let existing: number;
    beforeAll(async () => {
      existing = (await admin.post('/api/popup', VALID).expect(201)).body.product.id;
    });

    it.each(REFUSED)('POST with %s', async (_case, body, field, message) => {
      await expectRefused(t, () => admin.post('/api/popup', body), field, message);
    });

    it.each(REFUSED)('PUT with %s', async (_case, body, field, message) => {
      await expectRefused(t, () => admin.put(`/api/popup/update/${existing}`, body), field, message);
    });

    it('malformed JSON is refused too', async () => {
      const before = await scheduleTables(t);
      const res = await admin.post('/api/popup', '{"cnt":').set('Content-Type', 'application/json').expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: '잘못된 요청입니다.', requestId: expect.any(String) });
      expect(await scheduleTables(t)).toEqual(before);
    });
  });

  describe('the popup paths never touch plans', () => {
    let popupId: number;
    let planId: number;
    beforeAll(async () => {
      popupId = (await admin.post('/api/popup', VALID).expect(201)).body.product.id;
      // A plan id no popup has, so a popup path given it can only miss.
      await t.dataSource.query(`SELECT setval('plans_id_seq', 5000)`);
      planId = (
        await admin.post('/api/plan', { startdate: '2026-11-21', enddate: '2026-11-22', title: '일정' }).expect(201)
      ).body.product.id;
    });

    it('PUT /api/popup/update/:id and DELETE /api/popup/delete/:id leave plans as they were', async () => {
      const { plans } = await scheduleTables(t);
      await admin.put(`/api/popup/update/${popupId}`, { ...VALID, cnt: '3', count: 1 }).expect(200);
      await admin.delete(`/api/popup/delete/${popupId}`).expect(200);
      expect((await scheduleTables(t)).plans).toEqual(plans);
    });

    it('popup paths given a plan id miss (404) and change nothing; plan fields are refused (400)', async () => {
      const before = await scheduleTables(t);
      expect((await admin.get(`/api/popup/select/${planId}`).expect(404)).body).toEqual(NOT_FOUND);
      expect((await admin.put(`/api/popup/update/${planId}`, VALID).expect(404)).body).toEqual(NOT_FOUND);
      expect((await admin.delete(`/api/popup/delete/${planId}`).expect(404)).body).toEqual(NOT_FOUND);
      const planFields = await admin
        .put(`/api/popup/update/${planId}`, { startdate: '2026-11-21', enddate: '2026-11-22', title: '일정' })
        .expect(400);
      expect(planFields.body.message).toBe('허용되지 않는 필드입니다: title');
      expect(planFields.body.errors).toContainEqual({ field: 'startdate', message: BAD_DATE });
      expect(await scheduleTables(t)).toEqual(before);
    });
  });
});
