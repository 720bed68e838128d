import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/**
 * docs/decisions/0048-no-silent-overwrite.md, no silent overwrite: every link read carries its `version`; an update or
 * delete that names the version it was loaded at (`If-Match: "<n>"` or `version` in the body) is refused with 409, the
 * stored link in the envelope, when another write came first. Without a version, writes overwrite as before. Real app,
 * real PostgreSQL.
 */
describe('link versions (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const put = (path: string, body: object) => http().put(path).set('Authorization', auth).send(body);
  const stored = async (id: number) =>
    (
      await t.dataSource.query<{ pname: string; tags: string[]; version: number; image_key: string | null }[]>(
        `SELECT pname, tags, version, image_key FROM links WHERE id = $1`,
        [id],
      )
    )[0];
  /** A fresh link named 원래 이름 with tags 가, 나; returns its id. */
  const fresh = async (): Promise<number> => {
    const res = await http()
      .post('/api/store/create')
      .set('Authorization', auth)
      .send({ pname: '원래 이름', tag: '가, 나' })
      .expect(201);
    return res.body.product.id as number;
  };
  const loadedVersion = async (id: number) =>
    (await http().get(`/api/main/detail/${id}`).set('Authorization', auth).expect(200)).body.product.version as number;

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts at 1, is in every read, and every saved update raises it by one', async () => {
    const id = await fresh();
    expect(await loadedVersion(id)).toBe(1);
    const list = (await http().get('/api/main/list').set('Authorization', auth).expect(200)).body.product as {
      id: number;
      version: number;
    }[];
    expect(list.find((l) => l.id === id)?.version).toBe(1);
    const first = await put(`/api/main/update/${id}`, { pname: '하나', version: 1 }).expect(200);
    expect(first.body.product.version).toBe(2);
    const second = await put(`/api/main/update/${id}`, { tag: '다' }).expect(200);
    expect(second.body.product.version).toBe(3);
    expect(await stored(id)).toMatchObject({ pname: '하나', tags: ['다'], version: 3 });
  });

  it('two updates from the same version: the second is 409 with the stored link, and the row keeps the first', async () => {
    const id = await fresh();
    const version = await loadedVersion(id);
    await put(`/api/main/update/${id}`, { pname: '새 이름', tag: '가, 나', version }).expect(200);
    const stale = await put(`/api/main/update/${id}`, { pname: '원래 이름', tag: '다', version }).expect(409);
    expect(stale.body).toEqual({
      statusCode: 409,
      message: messages.linkEditConflict,
      requestId: expect.any(String),
      product: expect.objectContaining({ id, pname: '새 이름', tags: ['가', '나'], version: version + 1 }),
    });
    expect(await stored(id)).toMatchObject({ pname: '새 이름', tags: ['가', '나'], version: version + 1 });
    // Applied on top: the stored version sent back is accepted.
    const onTop = await put(`/api/main/update/${id}`, { pname: '새 이름', tag: '다', version: version + 1 });
    expect(onTop.status).toBe(200);
    expect(await stored(id)).toMatchObject({ pname: '새 이름', tags: ['다'], version: version + 2 });
  });

  it('If-Match does the same as the body version; * and no version overwrite as before', async () => {
    const id = await fresh();
    await put(`/api/main/update/${id}`, { pname: 'A' }).set('If-Match', '"1"').expect(200);
    const stale = await put(`/api/main/update/${id}`, { pname: 'B' }).set('If-Match', '"1"').expect(409);
    expect(stale.body.message).toBe(messages.linkEditConflict);
    expect((await stored(id))?.pname).toBe('A');
    await put(`/api/main/update/${id}`, { pname: 'C' }).set('If-Match', '*').expect(200);
    await put(`/api/main/update/${id}`, { pname: 'D' }).expect(200);
    expect(await stored(id)).toMatchObject({ pname: 'D', version: 4 });
  });

  it('refuses a malformed If-Match or version, or the two disagreeing, with 400 in Korean and changes nothing', async () => {
    const id = await fresh();
    const cases: [Record<string, string>, object, string][] = [
      [{ 'If-Match': 'W/"1"' }, { pname: 'x' }, messages.ifMatchInvalid],
      [{ 'If-Match': 'abc' }, { pname: 'x' }, messages.ifMatchInvalid],
      [{}, { pname: 'x', version: 0 }, messages.versionInvalid],
      [{}, { pname: 'x', version: '1' }, messages.versionInvalid],
      [{}, { pname: 'x', version: 1.5 }, messages.versionInvalid],
      [{ 'If-Match': '"1"' }, { pname: 'x', version: 2 }, messages.versionMismatch],
    ];
    for (const [headers, body, message] of cases) {
      const res = await put(`/api/main/update/${id}`, body).set(headers);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await stored(id)).toMatchObject({ pname: '원래 이름', version: 1 });
  });

  it('with-image: a stale version stores neither the fields nor the image', async () => {
    const id = await fresh();
    await put(`/api/main/update/${id}`, { pname: '먼저 저장' }).expect(200);
    const images = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM images`))[0].n);
    const before = await images();
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const stale = await http()
      .put(`/api/main/update/${id}/with-image`)
      .set('Authorization', auth)
      .field('pname', '나중 저장')
      .field('version', '1')
      .attach('image', bytes, { filename: 'a.png', contentType: 'image/png' })
      .expect(409);
    expect(stale.body.product).toMatchObject({ id, pname: '먼저 저장', version: 2 });
    expect(await images()).toBe(before);
    expect(await stored(id)).toMatchObject({ pname: '먼저 저장', image_key: null, version: 2 });
    const fine = await http()
      .put(`/api/main/update/${id}/with-image`)
      .set('Authorization', auth)
      .field('pname', '나중 저장')
      .field('version', '2')
      .attach('image', bytes, { filename: 'a.png', contentType: 'image/png' })
      .expect(200);
    expect(fine.body.product).toMatchObject({ pname: '나중 저장', version: 3 });
  });

  it('a delete with a stale If-Match is 409 with the stored link and deletes nothing; a current one deletes', async () => {
    const id = await fresh();
    await put(`/api/main/update/${id}`, { pname: '바뀐 이름' }).expect(200);
    const stale = await http().delete(`/api/main/delete/${id}`).set('Authorization', auth).set('If-Match', '"1"');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: messages.linkDeleteConflict, product: { id, pname: '바뀐 이름' } });
    expect(await stored(id)).toBeDefined();
    await http().delete(`/api/main/delete/${id}`).set('Authorization', auth).set('If-Match', '"2"').expect(200);
    expect(await stored(id)).toBeUndefined();
  });

  it('concurrent updates from one version: exactly one wins, the row holds the winner', async () => {
    const id = await fresh();
    const answers = await Promise.all(
      ['가', '나', '다', '라', '마'].map((pname) => put(`/api/main/update/${id}`, { pname, version: 1 })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.product.pname as string;
    expect(await stored(id)).toMatchObject({ pname: winner, version: 2 });
  });
});
