import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const MAX_BYTES = 200_000;
const KEY_PATH = /^\/api\/images\/([0-9a-f]{64})$/;

const png = (seed = 0) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200 - seed, g: 80 + seed, b: 40 } } })
    .png()
    .toBuffer();

/** A valid 1×1 PNG whose header claims 20000×20000: refused with 422 before it is decoded. */
async function bombPng(): Promise<Buffer> {
  const bytes = Buffer.from(await png());
  bytes.writeUInt32BE(20_000, 16);
  bytes.writeUInt32BE(20_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/**
 * docs/decisions/0051-nothing-half-saved.md, nothing half-saved: `POST /api/store/create/with-image` and
 * `PUT /api/main/update/:id/with-image` take the link's fields and its image in one multipart request and save them in
 * one transaction; a refused image (413, 415, 422) or field (400) leaves every table as it was. Real app, real
 * PostgreSQL.
 */
describe('link with its image in one request (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const snapshot = async () => ({
    links: await t.dataSource.query(`SELECT * FROM links ORDER BY id`),
    images: await t.dataSource.query(`SELECT key, byte_size FROM images ORDER BY key`),
  });
  const createWith = (fields: Record<string, string>, bytes: Buffer | null, filename = 'photo.png') => {
    const req = http().post('/api/store/create/with-image').set('Authorization', auth);
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    return bytes ? req.attach('image', bytes, { filename, contentType: 'image/png' }) : req;
  };
  const updateWith = (id: number, fields: Record<string, string>, bytes: Buffer) => {
    const req = http().put(`/api/main/update/${id}/with-image`).set('Authorization', auth);
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    return req.attach('image', bytes, { filename: 'new.png', contentType: 'image/png' });
  };

  beforeAll(async () => {
    t = await createAdminTestApp(NOW, { UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the link with its image: 201, the image stored and referenced, tags without their leading #', async () => {
    const res = await createWith(
      { pname: '사진과 함께', tag: '#해시, 간식', link: 'https://example.com/a', enabled: 'false' },
      await png(),
    ).expect(201);
    expect(res.body.message).toBe(messages.linkCreated);
    const product = res.body.product;
    expect(product).toMatchObject({ pname: '사진과 함께', tags: ['해시', '간식'], enabled: false });
    const key = KEY_PATH.exec(product.imagelink)![1];
    const [row] = await t.dataSource.query(`SELECT image_key FROM links WHERE id = $1`, [product.id]);
    expect(row.image_key).toBe(key);
    await http().get(`/api/images/${key}`).expect(200);
  });

  it.each([
    ['a text file renamed .jpg', async () => Buffer.from('this is not a picture\n'), 415, messages.imageUnreadable],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
      415,
      messages.imageTypeRefused('SVG'),
    ],
    ['too many pixels', bombPng, 422, messages.imageTooManyPixels(40)],
    ['too large', async () => Buffer.alloc(MAX_BYTES + 1, 0xff), 413, messages.imageTooLarge(MAX_BYTES)],
  ])('refuses %s and writes nothing (no link, no image)', async (_name, bytes, status, message) => {
    const before = await snapshot();
    const res = await createWith({ pname: '반쯤 저장되면 안 되는 링크' }, await bytes(), 'notes.jpg').expect(status);
    expect(res.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad field before looking at the image (400 with the same sentence as the JSON create)', async () => {
    const before = await snapshot();
    const res = await createWith({ pname: '주소가 틀림', link: 'javascript:alert(1)' }, await png(1)).expect(400);
    expect(res.body.message).toBe(messages.linkUrlInvalid);
    const empty = await createWith({ pname: '   ' }, await png(1)).expect(400);
    expect(empty.body.message).toBe(messages.pnameRequired);
    const withImagelink = await createWith({ pname: '둘 다', imagelink: 'https://example.com/x.png' }, await png(1));
    expect(withImagelink.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('requires the file (400), so a form without image uses the JSON create', async () => {
    const before = await snapshot();
    const res = await createWith({ pname: '사진 없음' }, null).expect(400);
    expect(res.body.message).toBe(messages.imageRequired);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a 2048-character link in a multipart part (the image-only uploads allow 1 KiB fields)', async () => {
    const link = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    const res = await createWith({ pname: '긴 주소', link }, await png(2)).expect(201);
    expect(res.body.product.link).toBe(link);
  });

  it('updates the fields and replaces the image in one go; the old image goes when unreferenced', async () => {
    const created = (await createWith({ pname: '바꿀 링크', tag: '옛' }, await png(3)).expect(201)).body.product;
    const oldKey = KEY_PATH.exec(created.imagelink)![1];
    const res = await updateWith(created.id, { pname: '바뀐 링크', tag: '#새' }, await png(4)).expect(200);
    expect(res.body.message).toBe(messages.linkUpdated);
    expect(res.body.product).toMatchObject({ id: created.id, pname: '바뀐 링크', tags: ['새'] });
    expect(res.body.product.imagelink).not.toBe(created.imagelink);
    expect(await t.dataSource.query(`SELECT 1 FROM images WHERE key = $1`, [oldKey])).toEqual([]);
  });

  it('changes nothing when the new image is refused (415) or the link is unknown (404)', async () => {
    const created = (await createWith({ pname: '그대로 둘 링크' }, await png(5)).expect(201)).body.product;
    const before = await snapshot();
    const refused = await updateWith(created.id, { pname: '반만 바뀐 이름' }, Buffer.from('plain text')).expect(415);
    expect(refused.body.message).toBe(messages.imageUnreadable);
    const missing = await updateWith(987_654, { pname: '없는 링크' }, await png(6)).expect(404);
    expect(missing.body.message).toBe(messages.linkNotFound);
    expect(await snapshot()).toEqual(before);
  });

  it('is for administrators only (401 without a token)', async () => {
    await http().post('/api/store/create/with-image').field('pname', 'x').expect(401);
    await http().put('/api/main/update/1/with-image').field('pname', 'x').expect(401);
  });
});
