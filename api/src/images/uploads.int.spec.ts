import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
/** Small, so an over-limit file is quick to make (docs/decisions/0004-image-uploads.md's limit is configurable). */
const MAX_BYTES = 200_000;
const KEY_PATH = /^\/api\/images\/([0-9a-f]{64})$/;
const UNSUPPORTED = /JPEG, PNG, WebP, GIF, AVIF/;

const picture = (width: number, height: number, seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200 - seed, g: 80 + seed, b: 40 } } });
/** Random pixels: large files, and a realistic JPEG to cut short. */
const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });

/** A valid 1×1 PNG whose header claims 20000×20000 (400 megapixels): a decompression bomb's header. */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(await picture(1, 1).png().toBuffer());
  // Signature (8) | IHDR length (4) | "IHDR" (4) | width (4) | height (4) | … | CRC over type+data.
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * docs/decisions/0013-link-management.md, docs/decisions/0014-schedules-popups-cover.md uploads through the real app
 * (docs/decisions/0003-api-calls.md, docs/decisions/0004-image-uploads.md): `POST /api/image`, `PUT /api/image/:id`,
 * `POST /api/cover/image`, with UPLOAD_MAX_BYTES = 200000.
 */
describe('image uploads (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const imageCount = async () => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM images`))[0].n);
  const tables = async () => ({
    images: await t.dataSource.query(`SELECT key, content_type, width, height, byte_size FROM images ORDER BY key`),
    links: await t.dataSource.query(`SELECT id, image_key, imagelink, pcode FROM links ORDER BY id`),
    cover: await t.dataSource.query(`SELECT image_key FROM cover`),
  });
  const newLink = async (pname = '사진 링크'): Promise<number> =>
    (await http().post('/api/store/create').set('Authorization', auth).send({ pname }).expect(201)).body.product.id;
  const upload = (id: number, bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
    http()
      .post('/api/image')
      .set('Authorization', auth)
      .field('id', String(id))
      .attach('image', bytes, { filename, contentType });
  const replace = (id: number, bytes: Buffer) =>
    http()
      .put(`/api/image/${id}`)
      .set('Authorization', auth)
      .attach('image', bytes, { filename: 'new.png', contentType: 'image/png' });
  const uploadCover = (bytes: Buffer) =>
    http()
      .post('/api/cover/image')
      .set('Authorization', auth)
      .attach('image', bytes, { filename: 'cover.png', contentType: 'image/png' });
  const keyOf = (imagelink: string) => KEY_PATH.exec(imagelink)![1]!;

  beforeAll(async () => {
    t = await createAdminTestApp(NOW, { UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['avif', 'image/avif'],
  ] as const)(
    'accepts %s: stored, set as the link image in the answer, served with its type and as WebP variants',
    async (format, contentType) => {
      const id = await newLink();
      const bytes = await picture(48, 32, format.length).toFormat(format).toBuffer();
      // The declared name and type are ignored: the bytes decide.
      const res = await upload(id, bytes, 'whatever.bin', 'application/octet-stream').expect(201);
      expect(res.body).toEqual({
        message: '이미지가 등록되었습니다.',
        product: expect.objectContaining({ id, imagelink: expect.stringMatching(KEY_PATH) }),
      });
      const served = await http().get(res.body.product.imagelink).expect(200);
      expect(served.headers['content-type']).toBe(contentType);
      const variant = await http().get(`${res.body.product.imagelink}?w=320`).expect(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect((await http().get(`/api/main/select/${id}`).expect(200)).body.product.imagelink).toBe(
        res.body.product.imagelink,
      );
    },
  );

  const refused: Array<[string, () => Promise<Buffer>, string, number, RegExp | string]> = [
    ['a text file named .jpg', async () => Buffer.from('hello, this is not a photo\n'), 'photo.jpg', 415, UNSUPPORTED],
    [
      'an SVG',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      'logo.png',
      415,
      /SVG 형식은 올릴 수 없습니다/,
    ],
    ['an empty file', async () => Buffer.alloc(0), 'empty.jpg', 400, '빈 파일은 올릴 수 없습니다.'],
    [
      'a truncated JPEG',
      async () => (await noise(200, 150).jpeg().toBuffer()).subarray(0, 4000),
      'cut.jpg',
      415,
      UNSUPPORTED,
    ],
    [
      'a file over the limit',
      async () => noise(400, 400).png().toBuffer(),
      'big.png',
      413,
      `파일이 너무 큽니다. 최대 ${MAX_BYTES}바이트까지 올릴 수 있습니다.`,
    ],
    ['a decompression bomb (1×1 PNG declaring 20000×20000)', bombPng, 'bomb.png', 422, /이미지 해상도가 너무 큽니다/],
  ];

  describe.each(refused)(
    'refuses %s with a Korean message and nothing stored',
    (_case, make, filename, status, message) => {
      it.each([
        ['POST /api/image', (id: number, bytes: Buffer) => upload(id, bytes, filename)],
        ['PUT /api/image/:id', (id: number, bytes: Buffer) => replace(id, bytes)],
        ['POST /api/cover/image', (_id: number, bytes: Buffer) => uploadCover(bytes)],
      ])('%s', async (_route, send) => {
        const id = await newLink();
        const bytes = await make();
        if (status === 413) expect(bytes.length).toBeGreaterThan(MAX_BYTES);
        const before = await tables();
        const res = await send(id, bytes).expect(status);
        expect(res.body.statusCode).toBe(status);
        if (typeof message === 'string') expect(res.body.message).toBe(message);
        else expect(res.body.message).toMatch(message);
        expect(await tables()).toEqual(before);
      });
    },
  );

  it('400 without a file, or with a file under another field or two files; 404 for an unknown link; 400 for a bad id — nothing stored', async () => {
    const id = await newLink();
    const png = await picture(10, 10, 7).png().toBuffer();
    const before = await tables();
    const missing = await http().post('/api/image').set('Authorization', auth).field('id', String(id)).expect(400);
    expect(missing.body).toEqual({
      statusCode: 400,
      message: '이미지 파일이 필요합니다.',
      requestId: expect.any(String),
    });
    expect((await http().put(`/api/image/${id}`).set('Authorization', auth).expect(400)).body.message).toBe(
      '이미지 파일이 필요합니다.',
    );
    expect((await http().post('/api/cover/image').set('Authorization', auth).expect(400)).body.message).toBe(
      '이미지 파일이 필요합니다.',
    );
    const otherField = await http()
      .post('/api/image')
      .set('Authorization', auth)
      .field('id', String(id))
      .attach('file', png, 'a.png')
      .expect(400);
    expect(otherField.body.message).toBe('이미지 파일은 image 항목으로 하나만 올릴 수 있습니다.');
    const two = await http()
      .post('/api/image')
      .set('Authorization', auth)
      .field('id', String(id))
      .attach('image', png, 'a.png')
      .attach('image', png, 'b.png')
      .expect(400);
    expect(two.body.message).toBe('이미지 파일은 image 항목으로 하나만 올릴 수 있습니다.');
    expect((await upload(999_999, png, 'a.png').expect(404)).body.message).toBe('링크 정보를 찾을 수 없습니다.');
    expect((await replace(999_999, png).expect(404)).body.message).toBe('링크 정보를 찾을 수 없습니다.');
    expect((await upload(0, png, 'a.png').expect(400)).body.message).toBe('잘못된 ID 형식입니다.');
    const noId = await http().post('/api/image').set('Authorization', auth).attach('image', png, 'a.png').expect(400);
    expect(noId.body.message).toBe('잘못된 ID 형식입니다.');
    expect(await tables()).toEqual(before);
  });

  it('serves an EXIF-rotated photo upright and without EXIF', async () => {
    const id = await newLink();
    const raw = await noise(120, 40).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const rawMeta = await sharp(raw).metadata();
    expect([rawMeta.width, rawMeta.height, rawMeta.orientation]).toEqual([120, 40, 6]);
    const res = await upload(id, raw).expect(201);
    const served = await http().get(res.body.product.imagelink).expect(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([40, 120]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('stores the same image once, and removes it when the last link using it is deleted', async () => {
    const [a, b] = [await newLink('a'), await newLink('b')];
    const bytes = await picture(30, 30, 42).jpeg().toBuffer();
    const before = await imageCount();
    const first = (await upload(a, bytes).expect(201)).body.product.imagelink;
    const second = (await upload(b, bytes).expect(201)).body.product.imagelink;
    expect(second).toBe(first);
    expect(await imageCount()).toBe(before + 1);
    await http().get(`${first}?w=320`).expect(200); // a cached variant goes with its image
    await http().delete(`/api/main/delete/${a}`).set('Authorization', auth).expect(200);
    expect(await imageCount()).toBe(before + 1);
    await http().delete(`/api/main/delete/${b}`).set('Authorization', auth).expect(200);
    expect(await imageCount()).toBe(before);
    expect(await t.dataSource.query(`SELECT 1 FROM image_variants WHERE image_key = $1`, [keyOf(first)])).toEqual([]);
    await http().get(first).expect(404);
  });

  it('PUT /api/image/:id replaces the image and removes the old one; the link keeps its place', async () => {
    const id = await newLink();
    const old = (await upload(id, await picture(20, 20, 1).png().toBuffer(), 'a.png').expect(201)).body.product;
    const res = await replace(id, await picture(20, 20, 2).png().toBuffer()).expect(200);
    expect(res.body.product).toMatchObject({ id, pcode: old.pcode });
    expect(res.body.product.imagelink).not.toBe(old.imagelink);
    await http().get(old.imagelink).expect(404);
    await http().get(res.body.product.imagelink).expect(200);
  });

  it('an upload replaces an external imagelink', async () => {
    const id = (
      await http()
        .post('/api/store/create')
        .set('Authorization', auth)
        .send({ pname: 'x', imagelink: 'https://img.example/a.png' })
        .expect(201)
    ).body.product.id;
    const res = await upload(id, await picture(12, 12, 3).png().toBuffer(), 'a.png').expect(201);
    expect(res.body.product.imagelink).toMatch(KEY_PATH);
    expect((await t.dataSource.query(`SELECT imagelink FROM links WHERE id = $1`, [id]))[0].imagelink).toBeNull();
  });

  it('POST /api/cover/image sets the cover, and replacing it removes the old cover image', async () => {
    const first = await picture(64, 16, 10).png().toBuffer();
    expect((await uploadCover(first).expect(201)).body).toEqual({
      message: '커버 이미지가 변경되었습니다.',
      product: { imagelink: expect.stringMatching(KEY_PATH), version: expect.any(Number) },
    });
    const oldLink = (await http().get('/api/cover').expect(200)).body.product.imagelink;
    expect(oldLink).toMatch(KEY_PATH);
    const count = await imageCount();
    await uploadCover(await picture(64, 16, 20).png().toBuffer()).expect(201);
    const newLink = (await http().get('/api/cover').expect(200)).body.product.imagelink;
    expect(newLink).not.toBe(oldLink);
    expect(await imageCount()).toBe(count);
    await http().get(oldLink).expect(404);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM cover`)).toEqual([{ n: 1 }]);
    // The same cover again changes nothing.
    await uploadCover(await picture(64, 16, 20).png().toBuffer()).expect(201);
    expect((await http().get('/api/cover').expect(200)).body.product.imagelink).toBe(newLink);
  });

  it('keeps a cover image that a link also uses', async () => {
    const bytes = await picture(16, 16, 33).png().toBuffer();
    const id = await newLink();
    const imagelink = (await upload(id, bytes, 'a.png').expect(201)).body.product.imagelink;
    await uploadCover(bytes).expect(201);
    await uploadCover(await picture(16, 16, 34).png().toBuffer()).expect(201);
    await http().get(imagelink).expect(200);
  });
});
