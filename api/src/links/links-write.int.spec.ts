import fc from 'fast-check';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { storeImage } from '../images/images.service';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const KOREAN = /[가-힣]/;
const CONFLICT = '다른 관리자가 순서를 바꿨습니다. 최신 순서로 다시 불러옵니다.';

/** The visibility fields of a link created without any (docs/decisions/0026-creator-features.md): on, no window. */
const ALWAYS_VISIBLE = { enabled: true, showFrom: null, showUntil: null, visibility: 'visible', opensInDays: null };

/**
 * docs/decisions/0013-link-management.md "API": link create/update/delete with their validation
 * (docs/decisions/0002-entities.md, docs/decisions/0006-korean-wording.md) and the reorder call
 * (docs/decisions/0003-api-calls.md), against the real app on a real PostgreSQL database.
 */
describe('link writes (integration, real PostgreSQL)', () => {
  let t: AdminTestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer() as App);
  const post = (path: string, body: object) => http().post(path).set('Authorization', auth).send(body);
  const put = (path: string, body: object) => http().put(path).set('Authorization', auth).send(body);
  const del = (path: string) => http().delete(path).set('Authorization', auth);
  const list = async () =>
    (await http().get('/api/store').expect(200)).body.product as Array<{ id: number; pname: string; pcode: number }>;

  /** Every row of every table a link write may touch. */
  const snapshot = async () => ({
    links: await t.dataSource.query(`SELECT * FROM links ORDER BY id`),
    images: await t.dataSource.query(
      `SELECT key, content_type, width, height, byte_size, created_at FROM images ORDER BY key`,
    ),
    variants: await t.dataSource.query(`SELECT image_key, width FROM image_variants ORDER BY 1, 2`),
    cover: await t.dataSource.query(`SELECT * FROM cover`),
  });
  /** Replaces all links with `n` links named L0..L(n-1) at pcode 0..n-1; returns their ids in order. */
  const resetLinks = async (n: number): Promise<number[]> => {
    await t.dataSource.query(`DELETE FROM links`);
    const rows = await t.dataSource.query<{ id: number }[]>(
      `INSERT INTO links (pname, pcode) SELECT 'L' || i, i FROM generate_series(0, $1::int - 1) AS i ORDER BY i RETURNING id`,
      [n],
    );
    return rows.map((r) => r.id);
  };
  const storedImage = async (seed: number) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed, g: 10, b: 20 } } })
      .png()
      .toBuffer();
    return t.dataSource.transaction((m) => storeImage(m, png));
  };

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    auth = await t.bearer();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/store/create', () => {
    it('creates at the end of the list (pcode = n) with tags normalized and empty strings as null', async () => {
      const [first] = await resetLinks(2);
      const res = await post('/api/store/create', {
        pname: '  새 링크 ',
        tag: ' 캠핑, 여행/캠핑 ,, ',
        link: '',
        imagelink: '',
      }).expect(201);
      expect(res.body).toEqual({
        message: '링크가 등록되었습니다.',
        product: {
          id: expect.any(Number),
          pname: '새 링크',
          tag: '캠핑/여행',
          tags: ['캠핑', '여행'],
          link: null,
          imagelink: null,
          pcode: 2,
          ...ALWAYS_VISIBLE,
          disclosure: 'none',
          version: 1,
        },
      });
      expect((await list()).map((l) => l.id)).toEqual([first, expect.any(Number), res.body.product.id]);
      const { body } = await http().get(`/api/main/select/${res.body.product.id}`).expect(200);
      expect(body.product).toEqual(res.body.product);
    });

    it('keeps an external https imagelink, and turns /api/images/<key> of a stored image into that image', async () => {
      await resetLinks(0);
      const external = await post('/api/store/create', {
        pname: 'a',
        link: 'https://shop.example/p/1',
        imagelink: 'http://img.example/a.png',
      }).expect(201);
      expect(external.body.product).toMatchObject({
        link: 'https://shop.example/p/1',
        imagelink: 'http://img.example/a.png',
        pcode: 0,
      });
      const image = await storedImage(1);
      const internal = await post('/api/store/create', { pname: 'b', imagelink: `/api/images/${image.key}` }).expect(
        201,
      );
      expect(internal.body.product).toMatchObject({ imagelink: `/api/images/${image.key}`, pcode: 1 });
      const [row] = await t.dataSource.query(`SELECT image_key, imagelink FROM links WHERE id = $1`, [
        internal.body.product.id,
      ]);
      expect(row).toEqual({ image_key: image.key, imagelink: null });
    });

    const longUrl = `https://shop.example/${'a'.repeat(2020)}`;
    const invalid: Array<[string, object, string, string]> = [
      ['no pname', {}, 'pname', '링크 이름은 필수 값입니다.'],
      ['a blank pname', { pname: '   ' }, 'pname', '링크 이름은 필수 값입니다.'],
      ['a number as pname', { pname: 12 }, 'pname', '링크 이름은 필수 값입니다.'],
      ['a pname of 101 characters', { pname: '가'.repeat(101) }, 'pname', '링크 이름은 100자 이하로 입력해주세요.'],
      [
        '21 tags',
        { pname: 'x', tag: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') },
        'tag',
        '태그는 최대 20개까지 입력할 수 있습니다.',
      ],
      [
        'a tag of 31 characters',
        { pname: 'x', tag: `ok, ${'가'.repeat(31)}` },
        'tag',
        '태그 하나는 최대 30자까지 입력할 수 있습니다.',
      ],
      ['tags as an array', { pname: 'x', tag: ['a', 'b'] }, 'tag', '태그는 하나의 문자열로 입력해주세요.'],
      ['a javascript: link', { pname: 'x', link: 'javascript:alert(1)' }, 'link', ''],
      ['a javascript: link behind spaces', { pname: 'x', link: '  JavaScript:alert(1)' }, 'link', ''],
      ['a data: link', { pname: 'x', link: 'data:text/html,<script>alert(1)</script>' }, 'link', ''],
      ['an ftp: link', { pname: 'x', link: 'ftp://files.example/a' }, 'link', ''],
      ['a relative link', { pname: 'x', link: '/store/1' }, 'link', ''],
      ['a link without host', { pname: 'x', link: 'http://' }, 'link', ''],
      ['a link with a tab in the scheme', { pname: 'x', link: 'java\tscript:alert(1)' }, 'link', ''],
      ['a link longer than 2048', { pname: 'x', link: `${longUrl}${'b'.repeat(30)}` }, 'link', ''],
      ['a javascript: imagelink', { pname: 'x', imagelink: 'javascript:alert(1)' }, 'imagelink', ''],
      ['a data: imagelink', { pname: 'x', imagelink: 'data:image/png;base64,iVBORw0KGgo=' }, 'imagelink', ''],
      ['a malformed internal imagelink', { pname: 'x', imagelink: '/api/images/abc' }, 'imagelink', ''],
      [
        'an internal imagelink of no stored image',
        { pname: 'x', imagelink: `/api/images/${'0'.repeat(64)}` },
        'imagelink',
        '등록되지 않은 이미지입니다.',
      ],
      ['an unknown field', { pname: 'x', pcode: 3 }, 'pcode', ''],
    ];

    it.each(invalid)(
      '400 for %s, with a Korean message and errors[], nothing changed',
      async (_case, body, field, message) => {
        await resetLinks(2);
        await storedImage(2);
        const before = await snapshot();
        const res = await post('/api/store/create', body).expect(400);
        expect(res.body.statusCode).toBe(400);
        expect(res.body.message).toMatch(KOREAN);
        if (message) expect(res.body.message).toBe(message);
        expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(KOREAN) }]));
        expect(await snapshot()).toEqual(before);
      },
    );

    it('accepts a link of exactly 2048 characters', async () => {
      await post('/api/store/create', { pname: 'x', link: `${longUrl}${'b'.repeat(2048 - longUrl.length)}` }).expect(
        201,
      );
    });
  });

  describe('PUT /api/main/update/:id', () => {
    it('updates the fields sent and keeps the others', async () => {
      const [id] = await resetLinks(1);
      await put(`/api/main/update/${id}`, {
        pname: '처음',
        tag: 'a,b',
        link: 'https://shop.example/1',
        imagelink: 'https://img.example/1.png',
      }).expect(200);
      const res = await put(`/api/main/update/${id}`, { pname: ' 바뀐 이름 ', link: '' }).expect(200);
      expect(res.body).toEqual({
        message: '링크가 수정되었습니다.',
        product: {
          id,
          pname: '바뀐 이름',
          tag: 'a/b',
          tags: ['a', 'b'],
          link: null,
          imagelink: 'https://img.example/1.png',
          pcode: 0,
          ...ALWAYS_VISIBLE,
          disclosure: 'none',
          version: 3,
        },
      });
    });

    it('removes an uploaded image the link no longer uses, and keeps one another link still uses', async () => {
      await resetLinks(0);
      const own = await storedImage(3);
      const shared = await storedImage(4);
      const a = (await post('/api/store/create', { pname: 'a', imagelink: `/api/images/${own.key}` }).expect(201)).body
        .product.id;
      const b = (await post('/api/store/create', { pname: 'b', imagelink: `/api/images/${shared.key}` }).expect(201))
        .body.product.id;
      await post('/api/store/create', { pname: 'c', imagelink: `/api/images/${shared.key}` }).expect(201);
      await put(`/api/main/update/${a}`, { imagelink: 'https://img.example/x.png' }).expect(200);
      await put(`/api/main/update/${b}`, { imagelink: '' }).expect(200);
      const keys = (await t.dataSource.query(`SELECT key FROM images`)).map((r: { key: string }) => r.key);
      expect(keys).not.toContain(own.key);
      expect(keys).toContain(shared.key);
    });

    it.each([
      ['an empty pname', { pname: '' }, 400, '링크 이름은 필수 값입니다.'],
      ['a javascript: link', { link: 'javascript:alert(1)' }, 400, ''],
      ['a data: imagelink', { imagelink: 'data:image/svg+xml,<svg/>' }, 400, ''],
      ['an unknown field', { id: 99 }, 400, ''],
    ])('400 for %s with nothing changed', async (_case, body, status, message) => {
      const [id] = await resetLinks(2);
      const before = await snapshot();
      const res = await put(`/api/main/update/${id}`, body).expect(status);
      expect(res.body.message).toMatch(KOREAN);
      if (message) expect(res.body.message).toBe(message);
      expect(res.body.errors.length).toBeGreaterThan(0);
      expect(await snapshot()).toEqual(before);
    });

    it('404 for an unknown id and 400 for a malformed one, nothing changed', async () => {
      await resetLinks(2);
      const before = await snapshot();
      expect((await put('/api/main/update/999999', { pname: 'x' }).expect(404)).body).toEqual({
        statusCode: 404,
        message: '링크 정보를 찾을 수 없습니다.',
        requestId: expect.any(String),
      });
      expect((await put('/api/main/update/abc', { pname: 'x' }).expect(400)).body.message).toBe(
        '잘못된 ID 형식입니다.',
      );
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('DELETE /api/main/delete/:id', () => {
    it('deletes, renumbers the rest 0..n-1 and removes the now-unreferenced image', async () => {
      const ids = await resetLinks(4);
      const image = await storedImage(5);
      await t.dataSource.query(`UPDATE links SET image_key = $1 WHERE id = $2`, [image.key, ids[1]]);
      expect((await del(`/api/main/delete/${ids[1]}`).expect(200)).body).toEqual({ message: '링크가 삭제되었습니다.' });
      const after = await list();
      expect(after.map((l) => [l.id, l.pcode])).toEqual([
        [ids[0], 0],
        [ids[2], 1],
        [ids[3], 2],
      ]);
      expect(await t.dataSource.query(`SELECT key FROM images WHERE key = $1`, [image.key])).toEqual([]);
      await http().get(`/api/images/${image.key}`).expect(404);
    });

    it('404 for an unknown id, 400 for a malformed one, nothing changed', async () => {
      await resetLinks(3);
      const before = await snapshot();
      await del('/api/main/delete/999999').expect(404);
      await del('/api/main/delete/-1').expect(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('PUT /api/main/update/order/:id/:to/:from (docs/decisions/0003-api-calls.md)', () => {
    const reorder = (id: number, to: number, from: number, body: object = { pcode: to }) =>
      put(`/api/main/update/order/${id}/${to}/${from}`, body);

    it('moves and answers the ordered list', async () => {
      const ids = await resetLinks(5);
      const res = await reorder(ids[0]!, 3, 0).expect(200);
      const expected = [ids[1], ids[2], ids[3], ids[0], ids[4]];
      expect(res.body.message).toBe('순서가 변경되었습니다.');
      expect(res.body.product.map((l: { id: number; pcode: number }) => [l.id, l.pcode])).toEqual(
        expected.map((id, i) => [id, i]),
      );
      expect((await list()).map((l) => l.id)).toEqual(expected);
    });

    it.each([
      ['to out of range', (ids: number[]) => reorder(ids[0]!, 5, 0), 400, '순서 값이 링크 목록의 범위를 벗어났습니다.'],
      [
        'from out of range',
        (ids: number[]) => reorder(ids[0]!, 0, 5),
        400,
        '순서 값이 링크 목록의 범위를 벗어났습니다.',
      ],
      ['a negative position', (ids: number[]) => reorder(ids[0]!, -1, 0), 400, '순서 값은 0 이상의 정수여야 합니다.'],
      [
        'a body pcode other than to',
        (ids: number[]) => reorder(ids[0]!, 2, 0, { pcode: 1 }),
        400,
        '본문의 pcode는 경로의 새 위치(to)와 같아야 합니다.',
      ],
      ['no body pcode', (ids: number[]) => reorder(ids[0]!, 2, 0, {}), 400, '순서 값은 0 이상의 정수여야 합니다.'],
      [
        'a string body pcode',
        (ids: number[]) => reorder(ids[0]!, 2, 0, { pcode: '2' }),
        400,
        '순서 값은 0 이상의 정수여야 합니다.',
      ],
      ['an unknown id', () => reorder(999999, 1, 0), 404, '링크 정보를 찾을 수 없습니다.'],
      ['a stale from', (ids: number[]) => reorder(ids[0]!, 3, 1), 409, CONFLICT],
    ] as const)('%s → %i, nothing changed', async (_case, send, status, message) => {
      const ids = await resetLinks(5);
      const before = await snapshot();
      const res = await send(ids).expect(status);
      expect(res.body.message).toBe(message);
      expect(await snapshot()).toEqual(before);
      if (status === 409) {
        expect(res.body.statusCode).toBe(409);
        expect(res.body.product.map((l: { id: number }) => l.id)).toEqual(ids);
      }
    });

    it('property: random move sequences keep pcode 0..n-1 and follow an array model', async () => {
      const scenario = fc.integer({ min: 1, max: 8 }).chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(fc.record({ from: fc.nat(n - 1), to: fc.nat(n - 1), stale: fc.boolean() }), {
            minLength: 1,
            maxLength: 8,
          }),
        ),
      );
      await fc.assert(
        fc.asyncProperty(scenario, async ([n, moves]) => {
          const model = await resetLinks(n);
          for (const { from, to, stale } of moves) {
            if (stale && n > 1) {
              // A screen that saw another link at `from`: refused, the current list sent back.
              const res = await reorder(model[(from + 1) % n]!, to, from).expect(409);
              expect(res.body.product.map((l: { id: number }) => l.id)).toEqual(model);
              continue;
            }
            const res = await reorder(model[from]!, to, from).expect(200);
            model.splice(to, 0, ...model.splice(from, 1));
            expect(res.body.product.map((l: { id: number }) => l.id)).toEqual(model);
          }
          const rows = await t.dataSource.query<{ id: number; pcode: number }[]>(
            `SELECT id, pcode FROM links ORDER BY pcode`,
          );
          expect(rows.map((r) => r.pcode)).toEqual(model.map((_, i) => i));
          expect(rows.map((r) => r.id)).toEqual(model);
        }),
        { numRuns: 40 },
      );
    });

    it('two conflicting reorders at the same time: one 200, the other 409 with the current list, order intact', async () => {
      for (let round = 0; round < 5; round++) {
        const ids = await resetLinks(6);
        const [a, b] = await Promise.all([reorder(ids[0]!, 3, 0), reorder(ids[0]!, 5, 0)]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const [ok, conflict] = a.status === 200 ? [a, b] : [b, a];
        const current = await list();
        expect(current.map((l) => l.pcode)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(ok.body.product.map((l: { id: number }) => l.id)).toEqual(current.map((l) => l.id));
        expect(conflict.body).toMatchObject({ statusCode: 409, message: CONFLICT });
        expect(conflict.body.product.map((l: { id: number }) => l.id)).toEqual(current.map((l) => l.id));
        expect([...current.map((l) => l.id)].sort((x, y) => x - y)).toEqual(ids);
      }
    });

    it('concurrent creates and deletes keep pcode contiguous', async () => {
      const ids = await resetLinks(4);
      await Promise.all([
        post('/api/store/create', { pname: 'n1' }),
        del(`/api/main/delete/${ids[1]}`),
        post('/api/store/create', { pname: 'n2' }),
        del(`/api/main/delete/${ids[2]}`),
        post('/api/store/create', { pname: 'n3' }),
      ]).then((all) => all.forEach((res) => expect(res.status).toBeLessThan(300)));
      expect((await list()).map((l) => l.pcode)).toEqual([0, 1, 2, 3, 4]);
    });
  });
});
