import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-20T03:00:00Z');
const INVALID = '광고 표시는 none(표시 안 함), ad(광고), sponsored(협찬), affiliate(제휴) 중 하나여야 합니다.';

/**
 * docs/decisions/0070-disclosure-label.md: a link's disclosure (광고 / 협찬 / 제휴) is set on create and update, refused in
 * Korean when it is not one of the four, stored with a CHECK, and carried by the public reads the card is drawn from.
 */
describe('link disclosure (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const post = (path: string, body: object) => http().post(path).set('Authorization', auth).send(body);
  const put = (path: string, body: object) => http().put(path).set('Authorization', auth).send(body);
  const rows = () => t.dataSource.query(`SELECT * FROM links ORDER BY id`);

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('defaults to none, and every value is saved on create and on update', async () => {
    const plain = await post('/api/store/create', { pname: '표시 없는 링크' }).expect(201);
    expect(plain.body.product.disclosure).toBe('none');
    for (const disclosure of ['ad', 'sponsored', 'affiliate', 'none']) {
      const created = await post('/api/store/create', { pname: `생성 ${disclosure}`, disclosure }).expect(201);
      expect(created.body.product.disclosure).toBe(disclosure);
      const updated = await put(`/api/main/update/${plain.body.product.id}`, { disclosure }).expect(200);
      expect(updated.body.product).toMatchObject({ disclosure, pname: '표시 없는 링크' });
    }
    // An update that does not send it keeps it.
    await put(`/api/main/update/${plain.body.product.id}`, { disclosure: 'sponsored' }).expect(200);
    const kept = await put(`/api/main/update/${plain.body.product.id}`, { pname: '이름만 바꿈' }).expect(200);
    expect(kept.body.product.disclosure).toBe('sponsored');
  });

  it('an update refuses null for a field that cannot be cleared (name, disclosure, 공개) and clears a nullable one', async () => {
    const created = await post('/api/store/create', {
      pname: '널 보내기',
      link: 'https://example.com/products/1',
      disclosure: 'ad',
    }).expect(201);
    const id = created.body.product.id as number;
    const stored = () => t.dataSource.query(`SELECT pname, disclosure, link, enabled FROM links WHERE id = $1`, [id]);
    const before = await stored();
    for (const [field, message] of [
      ['pname', messages.pnameRequired],
      ['disclosure', INVALID],
      ['enabled', messages.linkEnabledInvalid],
    ]) {
      const refused = await put(`/api/main/update/${id}`, { [field!]: null }).expect(400);
      expect([field, refused.body.message]).toEqual([field, message]);
    }
    expect(await stored()).toEqual(before);
    const cleared = await put(`/api/main/update/${id}`, { link: null }).expect(200);
    expect(cleared.body.product).toMatchObject({ pname: '널 보내기', disclosure: 'ad', link: null, enabled: true });
  });

  it('the multipart create with an image takes it as a text part', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await http()
      .post('/api/store/create/with-image')
      .set('Authorization', auth)
      .field('pname', '사진 있는 제휴 링크')
      .field('disclosure', 'affiliate')
      .attach('image', png, { filename: 'a.png', contentType: 'image/png' })
      .expect(201);
    expect(res.body.product.disclosure).toBe('affiliate');
  });

  it('refuses any other value with 400 and a Korean message, changing nothing', async () => {
    const [link] = await rows();
    const before = await rows();
    for (const disclosure of ['광고', 'AD', '', 'paid', 1, true, ['ad']]) {
      const created = await post('/api/store/create', { pname: '잘못된 표시', disclosure }).expect(400);
      expect([disclosure, created.body.message]).toEqual([disclosure, INVALID]);
      const updated = await put(`/api/main/update/${link.id}`, { disclosure }).expect(400);
      expect([disclosure, updated.body.message]).toEqual([disclosure, INVALID]);
    }
    expect((await post('/api/store/create', { pname: '널', disclosure: null }).expect(400)).body.message).toBe(INVALID);
    expect(await rows()).toEqual(before);
    // The database holds the same rule.
    await expect(t.dataSource.query(`UPDATE links SET disclosure = 'paid' WHERE id = $1`, [link.id])).rejects.toThrow(
      /links_disclosure_known/,
    );
  });

  it('is carried by the public reads the card is drawn from: GET /api/store, its pages and the first screen', async () => {
    const ad = await post('/api/store/create', { pname: '수제 딸기잼 세트', disclosure: 'ad' }).expect(201);
    const id = ad.body.product.id as number;
    const find = (links: Array<{ id: number; disclosure: string }>) => links.find((link) => link.id === id);
    expect(find((await http().get('/api/store').expect(200)).body.product)?.disclosure).toBe('ad');
    const page = await http().get('/api/store/page?limit=100').expect(200);
    expect(find(page.body.product.items)?.disclosure).toBe('ad');
    const first = await http().get('/api/site/first-screen').expect(200);
    expect(find(first.body.product.links)?.disclosure).toBe('ad');
    expect((await http().get(`/api/main/select/${id}`).expect(200)).body.product.disclosure).toBe('ad');
  });
});
