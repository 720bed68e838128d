import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const KEY_PATH = /^\/api\/images\/([0-9a-f]{64})$/;

/** A small PNG of one colour (`seed` makes each one different, so each is another image key). */
const png = (seed: number) =>
  sharp({ create: { width: 48, height: 16, channels: 3, background: { r: seed, g: 90, b: 200 - seed } } })
    .png()
    .toBuffer();

/**
 * docs/decisions/0048-no-silent-overwrite.md for the cover: `GET /api/cover` carries the cover's `version`;
 * `POST /api/cover/image` with a stale `If-Match` (or `If-None-Match: *` when a cover exists) answers 409 with the
 * stored cover and stores nothing, the current one replaces it and raises the version; no header replaces as before.
 * Real app, real PostgreSQL.
 */
describe('cover versions (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const upload = async (seed: number, headers: Record<string, string> = {}) =>
    http()
      .post('/api/cover/image')
      .set('Authorization', auth)
      .set(headers)
      .attach('image', await png(seed), { filename: 'cover.png', contentType: 'image/png' });
  const stored = async () =>
    (await t.dataSource.query<{ image_key: string; version: number }[]>(`SELECT image_key, version FROM cover`))[0];
  const imageCount = async () =>
    (await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM images`))[0]!.n;

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('first cover with If-None-Match: * is version 1; a second "first" upload is 409 with the stored cover', async () => {
    expect((await http().get('/api/cover').expect(200)).body).toEqual({ product: null });
    const first = await upload(10, { 'If-None-Match': '*' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      message: messages.coverSaved,
      product: { imagelink: expect.stringMatching(KEY_PATH), version: 1 },
    });
    const cover = (await http().get('/api/cover').expect(200)).body.product;
    expect(cover).toEqual(first.body.product);

    const images = await imageCount();
    const late = await upload(20, { 'If-None-Match': '*' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      statusCode: 409,
      message: messages.coverConflict,
      requestId: expect.any(String),
      product: cover,
    });
    expect(await stored()).toEqual({ image_key: KEY_PATH.exec(cover.imagelink)![1], version: 1 });
    expect(await imageCount()).toBe(images);
  });

  it('a stale If-Match is 409 and keeps the cover; the current one replaces it and raises the version', async () => {
    const before = await stored();
    const a = await upload(30, { 'If-Match': `"${before!.version}"` });
    expect(a.status).toBe(201);
    expect(a.body.product.version).toBe(before!.version + 1);
    const afterA = await stored();
    expect(afterA!.version).toBe(before!.version + 1);
    expect(afterA!.image_key).not.toBe(before!.image_key);

    // Tab B loaded the cover at the old version: refused, answered with A's cover, nothing stored.
    const images = await imageCount();
    const b = await upload(40, { 'If-Match': `"${before!.version}"` });
    expect(b.status).toBe(409);
    expect(b.body).toMatchObject({ message: messages.coverConflict, product: a.body.product });
    expect(await stored()).toEqual(afterA);
    expect(await imageCount()).toBe(images);
    expect((await http().get('/api/cover').expect(200)).body.product).toEqual(a.body.product);

    // B replaces on top with the version the 409 answered.
    const again = await upload(40, { 'If-Match': `"${a.body.product.version}"` });
    expect(again.status).toBe(201);
    expect(again.body.product.version).toBe(afterA!.version + 1);
    expect((await stored())!.image_key).toBe(KEY_PATH.exec(again.body.product.imagelink)![1]);
  });

  it('no header replaces whatever is stored (older clients); a malformed If-Match is 400', async () => {
    const before = await stored();
    expect((await upload(50)).status).toBe(201);
    expect((await stored())!.version).toBe(before!.version + 1);
    const bad = await upload(60, { 'If-Match': 'W/"1"' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.ifMatchInvalid);
    expect((await stored())!.version).toBe(before!.version + 1);
  });
});
