import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Row {
  id: number;
  pname: string;
  visibility: string;
  opensInDays: number | null;
}

/**
 * docs/decisions/0028-link-visibility.md: an on/off switch and a window, in the public reads and the administrator's
 * list, at their boundaries under a controlled clock, with the Cache-Control capped by the next boundary.
 */
describe('link visibility (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let api: AdminClient;
  const publicNames = async () =>
    ((await api.anonymous().get('/api/store').expect(200)).body.product as Row[]).map((l) => l.pname);
  const adminRows = async () => (await api.get('/api/main/list').expect(200)).body.product as Row[];
  const rowsTable = () => t.dataSource.query(`SELECT * FROM links ORDER BY id`);
  const create = async (body: object) => (await api.post('/api/store/create', body).expect(201)).body.product as Row;

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    api = await adminClient(t);
  });
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.dataSource.query(`DELETE FROM links`);
  });
  afterAll(() => t?.close());

  it('a switched-off link is hidden from visitors (list, select, tag cloud) and shown to the administrator', async () => {
    const shown = await create({ pname: '보이는 상품', tag: '공개태그' });
    const hidden = await create({ pname: '숨긴 상품', tag: '숨김태그', enabled: false });
    expect(hidden.visibility).toBe('hidden');
    expect(await publicNames()).toEqual(['보이는 상품']);
    await api.anonymous().get(`/api/main/select/${hidden.id}`).expect(404);
    await api.anonymous().get(`/api/main/select/${shown.id}`).expect(200);
    const cloud = (await api.anonymous().get('/api/tag/list').expect(200)).body.product;
    expect(cloud).toEqual([{ text: '공개태그', value: 1 }]);
    expect((await adminRows()).map((r) => [r.pname, r.visibility])).toEqual([
      ['보이는 상품', 'visible'],
      ['숨긴 상품', 'hidden'],
    ]);
    expect((await api.get(`/api/main/detail/${hidden.id}`).expect(200)).body.product.pname).toBe('숨긴 상품');

    // One click in the list: the switch alone.
    await api.put(`/api/main/update/${hidden.id}`, { enabled: true }).expect(200);
    expect(await publicNames()).toEqual(['보이는 상품', '숨긴 상품']);
  });

  it('a window opens and closes at its instants (inclusive start, exclusive end), with D-n before it opens', async () => {
    const deal = await create({
      pname: '공동구매 딸기잼',
      showFrom: '2026-11-22T10:00:00+09:00',
      showUntil: '2026-11-25T00:00:00+09:00',
    });
    expect(deal).toMatchObject({ visibility: 'scheduled', opensInDays: 2 });
    const opening = new Date('2026-11-22T01:00:00Z');
    const closing = new Date('2026-11-24T15:00:00Z');
    for (const [instant, expected, badge] of [
      [new Date(opening.getTime() - 1), [], 'scheduled'],
      [opening, ['공동구매 딸기잼'], 'visible'],
      [new Date(closing.getTime() - 1), ['공동구매 딸기잼'], 'visible'],
      [closing, [], 'ended'],
    ] as const) {
      t.clock.set(instant);
      expect([instant.toISOString(), await publicNames()]).toEqual([instant.toISOString(), expected]);
      expect((await adminRows())[0]!.visibility).toBe(badge);
    }
  });

  it('caps Cache-Control (s-maxage + stale-while-revalidate) by the next opening or closing of a window', async () => {
    const cacheOf = async (path: string) => (await api.anonymous().get(path).expect(200)).headers['cache-control'];
    const full = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';
    expect(await cacheOf('/api/store')).toBe(full);
    await create({ pname: '곧 열림', showFrom: at(90_000).toISOString() });
    await create({ pname: '나중에 닫힘', showUntil: at(45_000).toISOString() });
    expect(await cacheOf('/api/store')).toBe('public, max-age=0, s-maxage=45');
    expect(await cacheOf('/api/tag/list')).toBe('public, max-age=0, s-maxage=45');
    t.clock.set(at(45_000));
    expect(await publicNames()).toEqual([]);
    expect(await cacheOf('/api/store')).toBe('public, max-age=0, s-maxage=45');
    // 75 s to the opening: 60 s fresh, and only 15 s of the 30 stale seconds.
    t.clock.set(at(15_000));
    expect(await cacheOf('/api/store')).toBe('public, max-age=0, s-maxage=30');
    await api
      .put(`/api/main/update/${(await adminRows()).find((r) => r.pname === '나중에 닫힘')!.id}`, {
        showUntil: null,
      })
      .expect(200);
    expect(await cacheOf('/api/store')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=15');
    t.clock.set(at(90_000));
    expect(await publicNames()).toEqual(['곧 열림', '나중에 닫힘']);
    expect(await cacheOf('/api/store')).toBe(full);
    // A switched-off link's window is no boundary.
    await create({ pname: '꺼짐', enabled: false, showFrom: at(90_000 + 10_000).toISOString() });
    expect(await cacheOf('/api/store')).toBe(full);
    // The cover has no window: always the full answer.
    expect(await cacheOf('/api/cover')).toBe(full);
    // The administrator's list is not a public answer.
    expect((await api.get('/api/main/list').expect(200)).headers['cache-control']).toBeUndefined();
  });

  it.each(['/api/store', '/api/tag/list', '/api/cover'])(
    '%s answers a matching If-None-Match with 304',
    async (path) => {
      await create({ pname: '캐시 상품', tag: '캐시' });
      const first = await api.anonymous().get(path).expect(200);
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^W\/"/);
      const again = await api.anonymous().get(path).set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');
      // A write changes the answer, so the old ETag no longer matches.
      await create({ pname: '새 상품', tag: '새태그' });
      if (path !== '/api/cover') await api.anonymous().get(path).set('If-None-Match', etag).expect(200);
    },
  );

  it('an update may move one end; an empty or null end opens it', async () => {
    const link = await create({
      pname: '기간 상품',
      showFrom: at(DAY).toISOString(),
      showUntil: at(3 * DAY).toISOString(),
    });
    await api.put(`/api/main/update/${link.id}`, { showFrom: '' }).expect(200);
    expect(await publicNames()).toEqual(['기간 상품']);
    await api.put(`/api/main/update/${link.id}`, { showUntil: null }).expect(200);
    const [row] = await rowsTable();
    expect([row.show_from, row.show_until]).toEqual([null, null]);
  });

  it.each([
    [
      { showFrom: '2026-12-01 10:00' },
      'showFrom',
      '공개 시작은 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 일시이거나 비워 두어야 합니다.',
    ],
    [
      { showFrom: '2026-02-30T10:00:00+09:00' },
      'showFrom',
      '공개 시작은 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 일시이거나 비워 두어야 합니다.',
    ],
    [
      { showUntil: 12345 },
      'showUntil',
      '공개 종료는 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 일시이거나 비워 두어야 합니다.',
    ],
    [{ enabled: 'yes' }, 'enabled', '공개 여부는 true 또는 false 여야 합니다.'],
    [
      { showFrom: '2026-12-02T10:00:00+09:00', showUntil: '2026-12-02T10:00:00+09:00' },
      'showUntil',
      '공개 종료는 공개 시작보다 늦어야 합니다.',
    ],
  ])('refuses %j on create with a Korean message naming %s, storing nothing', async (fields, field, message) => {
    const before = await rowsTable();
    const res = await api.post('/api/store/create', { pname: '잘못된 기간', ...fields }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await rowsTable()).toEqual(before);
  });

  it('refuses an update whose end would fall before the stored start, changing nothing', async () => {
    const link = await create({ pname: '기간', showFrom: '2026-12-10T10:00:00+09:00' });
    const before = await rowsTable();
    const res = await api
      .put(`/api/main/update/${link.id}`, { showUntil: '2026-12-01T10:00:00+09:00', pname: '바뀜' })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: '공개 종료는 공개 시작보다 늦어야 합니다.',
      errors: [{ field: 'showUntil', message: '공개 종료는 공개 시작보다 늦어야 합니다.' }],
      requestId: expect.any(String),
    });
    expect(await rowsTable()).toEqual(before);
  });

  it('keeps one order for everybody: hidden links keep their place, visitors see the rest in order', async () => {
    const a = await create({ pname: 'A' });
    const b = await create({ pname: 'B', enabled: false });
    await create({ pname: 'C' });
    await api.put(`/api/main/update/order/${a.id}/2/0`, { pcode: 2 }).expect(200);
    expect((await adminRows()).map((r) => r.pname)).toEqual(['B', 'C', 'A']);
    expect(await publicNames()).toEqual(['C', 'A']);
    expect(b.visibility).toBe('hidden');
  });
});
