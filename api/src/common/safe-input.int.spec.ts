import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/**
 * docs/decisions/0040-trusted-under-attack.md "Why" and Build 3's hand cases: bad input answers 4xx with a Korean
 * message and stores nothing (real app, real PostgreSQL). The 5,000-deep array and a NUL in pname/tag answered 500
 * before common/safe-input.ts.
 */
describe('bad input never reaches a 500 (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let api: AdminClient;
  let linkId: number;
  const tables = async () => ({
    links: await t.dataSource.query(`SELECT * FROM links ORDER BY id`),
    plans: await t.dataSource.query(`SELECT * FROM plans ORDER BY id`),
  });

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    api = await adminClient(t);
    linkId = (await api.post('/api/store/create', { pname: '원래 이름', tag: '원래태그' }).expect(201)).body.product.id;
  });
  afterAll(() => t?.close());

  const unsafe = (field: string) => `${field} 값에 사용할 수 없는 문자(NUL 문자나 깨진 문자)가 있습니다.`;

  it.each([
    ['a NUL in pname', { pname: 'x\u0000y', tag: 'a' }, 'pname'],
    ['a NUL in tag', { pname: '상품', tag: 'a\u0000b' }, 'tag'],
    ['a lone high surrogate in pname', { pname: 'x\ud800y' }, 'pname'],
    ['a lone low surrogate in tag', { pname: '상품', tag: '\udc00' }, 'tag'],
  ])('POST /api/store/create refuses %s: 400, Korean, nothing stored', async (_name, body, field) => {
    const before = await tables();
    const res = await api.post('/api/store/create', body).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: unsafe(field),
      errors: [{ field, message: unsafe(field) }],
      requestId: expect.any(String),
    });
    expect(await tables()).toEqual(before);
  });

  it.each([
    ['a NUL in pname', { pname: 'x\u0000y' }, 'pname'],
    ['a NUL in tag', { tag: '가\u0000' }, 'tag'],
    ['a lone surrogate in pname', { pname: '\udfff끝' }, 'pname'],
  ])('PUT /api/main/update/{id} refuses %s: 400, Korean, nothing changed', async (_name, body, field) => {
    const before = await tables();
    const res = await api.put(`/api/main/update/${linkId}`, body).expect(400);
    expect(res.body.message).toBe(unsafe(field));
    expect(await tables()).toEqual(before);
  });

  it('a NUL written as raw JSON text (escaped \\u0000) is refused the same way', async () => {
    const before = await tables();
    const res = await api
      .post('/api/store/create', '{"pname":"x\\u0000y"}')
      .set('Content-Type', 'application/json')
      .expect(400);
    expect(res.body.message).toBe(unsafe('pname'));
    expect(await tables()).toEqual(before);
  });

  it('a paired surrogate (an emoji) is ordinary text and is stored', async () => {
    const res = await api.put(`/api/main/update/${linkId}`, { pname: '선물 🎁' }).expect(200);
    expect(res.body.product.pname).toBe('선물 🎁');
  });

  it('text of zero-width characters only, or with a direction override, is a 400 naming the field; nothing stored', async () => {
    const before = await tables();
    const invisible = await api.post('/api/store/create', { pname: '\u200b\ufeff' }).expect(400);
    expect(invisible.body.errors).toEqual([
      { field: 'pname', message: 'pname 값이 보이지 않는 문자로만 되어 있습니다.' },
    ]);
    const override = await api.put(`/api/main/update/${linkId}`, { pname: '\u202e상품' }).expect(400);
    expect(override.body.message).toBe('pname 값에 글자 방향을 바꾸는 제어 문자는 사용할 수 없습니다.');
    expect(await tables()).toEqual(before);
  });

  it('a zero-width joiner inside visible text (a family emoji) and a right-to-left mark are ordinary text', async () => {
    const res = await api.put(`/api/main/update/${linkId}`, { pname: '가족 👩\u200d👧 \u200fשלום' }).expect(200);
    expect(res.body.product.pname).toBe('가족 👩\u200d👧 \u200fשלום');
  });

  it('schedules keep their own sentence for a NUL (their DTO rule runs first)', async () => {
    const before = await tables();
    const res = await api
      .post('/api/plan', { title: 'a\u0000b', startdate: '2026-12-01', enddate: '2026-12-02' })
      .expect(400);
    expect(res.body.message).toBe('일정 내용에 사용할 수 없는 문자가 있습니다.');
    expect(await tables()).toEqual(before);
  });

  it.each([
    ['array', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ])('a 5,000-deep nested JSON %s is a 400 in Korean on create and update, nothing stored', async (_kind, text) => {
    const before = await tables();
    for (const send of [
      () => api.post('/api/store/create', text),
      () => api.put(`/api/main/update/${linkId}`, text),
      () => api.post('/api/plan', text),
    ]) {
      const res = await send().set('Content-Type', 'application/json').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: '요청 본문의 중첩이 너무 깊습니다.',
        requestId: expect.any(String),
      });
    }
    expect(await tables()).toEqual(before);
  });

  it('a 33-deep value inside a field is refused; the DTOs never need that much', async () => {
    const deep = JSON.parse(`${'['.repeat(33)}${']'.repeat(33)}`);
    const res = await api.post('/api/store/create', { pname: '상품', tag: deep }).expect(400);
    expect(res.body.message).toBe('요청 본문의 중첩이 너무 깊습니다.');
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'a "%s" key is a 400 in Korean, on the top level and nested, nothing stored',
    async (key) => {
      const before = await tables();
      const top = await api
        .post('/api/store/create', `{"pname":"상품","${key}":{"isAdmin":true}}`)
        .set('Content-Type', 'application/json')
        .expect(400);
      expect(top.body.message).toBe(`사용할 수 없는 필드 이름입니다: ${key}`);
      const nested = await api
        .put(`/api/main/update/${linkId}`, `{"pname":{"${key}":{"x":1}}}`)
        .set('Content-Type', 'application/json')
        .expect(400);
      expect(nested.body.message).toBe(`사용할 수 없는 필드 이름입니다: pname.${key}`);
      expect(await tables()).toEqual(before);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );

  it('a NUL in a query value is a 400 naming the parameter', async () => {
    const res = await api.anonymous().get('/api/plan/list?upcoming=%00').expect(400);
    expect(res.body.message).toBe(unsafe('upcoming'));
  });
});
