import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { messages } from './messages';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
/** A syntactically valid image key no image has: the route's own answer would be 404. */
const UNKNOWN_IMAGE_KEY = 'a'.repeat(64);

/** `{"pname":"<before><bytes><after>"}` as bytes: JSON text with raw bytes inside a string. */
const jsonWithBytes = (bytes: number[], before = '상품', after = '') =>
  Buffer.concat([Buffer.from(`{"pname":"${before}`), Buffer.from(bytes), Buffer.from(`${after}"}`)]);

/** A multipart body of text parts (raw bytes allowed) and one PNG part `image`. */
function multipart(fields: Array<[string, Buffer | string]>, png: Buffer): { body: Buffer; type: string } {
  const boundary = 'utf8-boundary-7c1f';
  const parts = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]),
  );
  const image = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: Buffer.concat([...parts, image]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * docs/decisions/0096-smaller-hardening.md (real app, real PostgreSQL, over HTTP): a JSON body or a multipart text part
 * whose bytes are not UTF-8 is a 400 with a Korean message and stores nothing (it was decoded to U+FFFD and stored); a
 * query parameter given as an array (`?days[]=7`, `?days=7&days=30`) is a 400 naming it (the bracket form fell back to
 * the default).
 */
describe('bodies that are not UTF-8 and array query parameters (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let api: AdminClient;
  let linkId: number;
  let png: Buffer;
  const tables = async () => ({
    links: await t.dataSource.query(`SELECT * FROM links ORDER BY id`),
    images: await t.dataSource.query(`SELECT key FROM images ORDER BY key`),
  });

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    api = await adminClient(t);
    linkId = (await api.post('/api/store/create', { pname: '원래 이름', tag: '원래태그' }).expect(201)).body.product.id;
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  /** Sends `bytes` as they are, as the administrator (superagent would serialize a Buffer declared JSON as JSON). */
  const sendBytes = async (method: 'post' | 'put', path: string, bytes: Buffer, type: string) =>
    request(t.app.getHttpServer() as App)
      [method](path)
      .set('Authorization', await t.bearer())
      .set('Content-Type', type)
      .serialize((body: Buffer) => body as unknown as string)
      .send(bytes);

  describe('a JSON body that is not UTF-8', () => {
    it.each([
      ['the bytes FF FE inside a string', [0xff, 0xfe]],
      ['a truncated sequence (EA B0, the start of 가)', [0xea, 0xb0]],
      ['an overlong "/" (C0 AF)', [0xc0, 0xaf]],
      ['an encoded surrogate (ED A0 80)', [0xed, 0xa0, 0x80]],
    ])('POST /api/store/create with %s: 400 in Korean, the error envelope, nothing stored', async (_name, bytes) => {
      const before = await tables();
      const res = await sendBytes('post', '/api/store/create', jsonWithBytes(bytes), 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: messages.bodyNotUtf8, requestId: expect.any(String) });
      expect(res.headers['x-request-id']).toBe(res.body.requestId);
      expect(await tables()).toEqual(before);
    });

    it('PUT /api/main/update/{id} with FF FE in pname: 400, the link unchanged', async () => {
      const before = await tables();
      const res = await sendBytes(
        'put',
        `/api/main/update/${linkId}`,
        jsonWithBytes([0xff, 0xfe], '새 ', ' 이름'),
        'application/json; charset=utf-8',
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.bodyNotUtf8);
      expect(await tables()).toEqual(before);
    });

    it('a JSON body declared in another charset (UTF-16) is a 415 in Korean, nothing stored', async () => {
      const before = await tables();
      const res = await sendBytes(
        'post',
        '/api/store/create',
        Buffer.from('{"pname":"상품"}', 'utf16le'),
        'application/json; charset=utf-16le',
      );
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        statusCode: 415,
        message: messages.bodyCharsetRefused,
        requestId: expect.any(String),
      });
      expect(await tables()).toEqual(before);
    });

    it('well-formed UTF-8 still saves: Korean, an emoji, and U+FFFD itself written as its UTF-8 bytes', async () => {
      const res = await sendBytes(
        'post',
        '/api/store/create',
        jsonWithBytes([0xef, 0xbf, 0xbd], '선물 🎁 '),
        'application/json',
      );
      expect(res.status).toBe(201);
      expect(res.body.product.pname).toBe('선물 🎁 \ufffd');
      await api.put(`/api/main/update/${res.body.product.id}`, { pname: '선물' }).expect(200);
    });
  });

  describe('a multipart text part that is not UTF-8 (POST /api/store/create/with-image)', () => {
    const send = (fields: Array<[string, Buffer | string]>) => {
      const { body, type } = multipart(fields, png);
      return sendBytes('post', '/api/store/create/with-image', body, type);
    };

    it('FF FE in pname: 400 naming pname, neither the link nor the image stored', async () => {
      const before = await tables();
      const res = await send([['pname', Buffer.from([0xec, 0x83, 0x81, 0xff, 0xfe])]]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: messages.fieldNotUtf8('pname'),
        errors: [{ field: 'pname', message: messages.fieldNotUtf8('pname') }],
        requestId: expect.any(String),
      });
      expect(await tables()).toEqual(before);
    });

    it('a truncated sequence in tag: 400 naming tag', async () => {
      const before = await tables();
      const res = await send([
        ['pname', '상품'],
        ['tag', Buffer.from([0x61, 0xea, 0xb0])],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.fieldNotUtf8('tag'));
      expect(await tables()).toEqual(before);
    });

    it('Korean text parts in UTF-8 still save, with the image', async () => {
      const res = await send([
        ['pname', '새 상품'],
        ['tag', '여름/세일'],
      ]);
      expect(res.status).toBe(201);
      expect(res.body.product).toMatchObject({ pname: '새 상품', tags: ['여름', '세일'] });
      expect(res.body.product.imagelink).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    });
  });

  describe('a query parameter given as an array', () => {
    it.each([
      ['/api/analytics/summary?days[]=7', 'days'],
      ['/api/analytics/summary?days=7&days=30', 'days'],
      ['/api/analytics/summary?days[x]=7', 'days'],
      ['/api/analytics/links?days[]=30', 'days'],
      ['/api/store/page?limit[]=', 'limit'],
      ['/api/store/page?limit[]=5', 'limit'],
      ['/api/store/page?limit=5&limit=6', 'limit'],
      ['/api/store/page?after[]=x', 'after'],
      ['/api/store/page?tag[]=%EC%97%AC%EB%A6%84', 'tag'],
      ['/api/store/page?tag=a&tag=b', 'tag'],
      ['/api/plan/list?upcoming[]=1', 'upcoming'],
      ['/api/plan/list?upcoming=1&upcoming=1', 'upcoming'],
      ['/api/site/first-screen?tag[]=a', 'tag'],
      [`/api/images/${UNKNOWN_IMAGE_KEY}?w[]=320`, 'w'],
      ['/api/site/og.jpg?v[]=1-default', 'v'],
      ['/api/popup/1/bookings?q[]=1234', 'q'],
      ['/api/popup/1/bookings?q=1234&q=5678', 'q'],
      ['/api/reserve/bookings/ABCD2345?phone4[]=1234', 'phone4'],
      ['/api/audit?before[]=5', 'before'],
      ['/api/audit?limit=1&limit=2', 'limit'],
    ])('GET %s: 400 naming %s, shaped like a bad scalar', async (url, name) => {
      const res = await api.get(url).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: messages.queryNotSingle(name),
        requestId: expect.any(String),
      });
    });

    it.each([
      '/api/analytics/summary?days=7',
      '/api/analytics/summary',
      '/api/analytics/links?days=90',
      '/api/store/page?limit=5',
      '/api/store/page?limit=5&tag=%EC%9B%90%EB%9E%98%ED%83%9C%EA%B7%B8',
      '/api/plan/list?upcoming=1',
      '/api/site/first-screen?tag=',
      '/api/site/og.jpg',
      '/api/audit?limit=2',
      // A parameter the route does not read is left alone, repeated or not, as before.
      '/api/store/page?utm_source=a&utm_source=b',
      '/api/store?x[]=1',
    ])('GET %s: still 200', async (url) => {
      await api.get(url).expect(200);
    });

    it('the array form no longer falls back to the default: ?days=7 is a 7-day summary, ?days[]=7 a 400', async () => {
      expect((await api.get('/api/analytics/summary?days=7').expect(200)).body.product.days).toBe(7);
      expect((await api.get('/api/analytics/summary').expect(200)).body.product.days).toBe(30);
      await api.get('/api/analytics/summary?days[]=7').expect(400);
    });
  });
});
