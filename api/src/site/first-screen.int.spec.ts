import request from 'supertest';
import type { App } from 'supertest/types';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import type { FirstScreenDto } from './dto/first-screen.dto';
import { FIRST_SCREEN_CARDS } from './first-screen.service';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

interface StorePage {
  items: { id: number; pname: string; link: string | null }[];
  nextCursor: string | null;
}

/**
 * docs/decisions/0032-server-rendered-first-screen.md: `GET /api/site/first-screen` is the data the shell's server
 * renders the first screen of `/` from (docs/first-screen.md), gathered from the public reads of the seeded database
 * exactly as those routes answer them; and it follows every write and the clock. Every answer is also checked against
 * the OpenAPI document (test/contract-check.ts), so `FirstScreenResponse` is what goes on the wire.
 */
describe('GET /api/site/first-screen (integration)', () => {
  let t: AdminTestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);
  const firstScreen = async (query = '') =>
    (await get(`/api/site/first-screen${query}`).expect(200)).body.product as FirstScreenDto;
  /** An administrator's create (201 expected). */
  const createAsAdmin = async (path: string, body: object) =>
    request(t.app.getHttpServer() as App)
      .post(path)
      .set('Authorization', await t.bearer())
      .send(body)
      .expect(201);

  beforeAll(async () => {
    t = await createAdminTestApp(NOW);
    await seedDemoCatalogue(t.dataSource, t.clock);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is, as JSON, the first page of the store, the tags, the upcoming plans, the cover and whether bookings are open, as their routes answer', async () => {
    const page = (await get(`/api/store/page?limit=${FIRST_SCREEN_CARDS}`).expect(200)).body.product as StorePage;
    const plans = (await get('/api/plan/list?upcoming=1').expect(200)).body.product as unknown[];
    const cover = (await get('/api/cover').expect(200)).body.product as unknown;
    expect(page.items.length).toBeGreaterThan(20);
    expect(page.nextCursor).toBeNull();
    expect(plans.length).toBeGreaterThan(0);
    expect(cover).not.toBeNull();

    const res = await get('/api/site/first-screen').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({
      product: {
        links: page.items,
        linksComplete: true,
        linksNextCursor: null,
        tag: null,
        tags: (await get('/api/tag/list').expect(200)).body.product,
        plans,
        cover,
        reserveOpen: (await get('/api/reserve/status').expect(200)).body.product.open,
      },
    });
    // Every visible link, each with every field of the store's (its shop link too).
    expect((res.body.product as FirstScreenDto).links.map(({ id }) => id)).toEqual(
      ((await get('/api/store').expect(200)).body.product as { id: number }[]).map(({ id }) => id),
    );

    // Cached like the other public reads: the same bytes and ETag, 304 on If-None-Match.
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers['cache-control']).toMatch(/^public, /);
    const again = await get('/api/site/first-screen').expect(200);
    expect([again.headers.etag, again.text]).toEqual([res.headers.etag, res.text]);
    const notModified = await get('/api/site/first-screen').set('If-None-Match', String(res.headers.etag)).expect(304);
    expect(notModified.headers.etag).toBe(res.headers.etag);
  });

  it("?tag= is the page /?tag=: that tag's first page, and `tag` says which (empty: every link; malformed: 400)", async () => {
    const [word] = (await get('/api/tag/list').expect(200)).body.product as { text: string; value: number }[];
    const tagged = (await get(`/api/store/page?tag=${encodeURIComponent(word!.text)}`).expect(200)).body
      .product as StorePage;
    const all = (await get('/api/store').expect(200)).body.product as unknown[];
    expect(tagged.items.length).toBeGreaterThan(0);
    expect(tagged.items.length).toBeLessThan(all.length);

    // As the page's address has it: the parameter percent-encoded.
    const data = await firstScreen(`?tag=${encodeURIComponent(word!.text)}`);
    expect(data.tag).toBe(word!.text);
    expect(data.links).toEqual(tagged.items);
    expect([data.linksComplete, data.linksNextCursor]).toEqual([true, null]);

    // No tag (the caller passes the page's `?tag=` on, empty when it has none): every link, the same answer as
    // without the parameter.
    const none = await get('/api/site/first-screen?tag=').expect(200);
    const absent = await get('/api/site/first-screen').expect(200);
    expect([none.text, none.headers.etag]).toEqual([absent.text, absent.headers.etag]);
    expect((none.body.product as FirstScreenDto).tag).toBeNull();
    expect((none.body.product as FirstScreenDto).links).toHaveLength(all.length);

    // A malformed tag is refused like GET /api/store/page's.
    const refused = await get(`/api/site/first-screen?tag=${encodeURIComponent('a/b')}`).expect(400);
    expect(refused.body.message).toBe('태그는 한 개, 최대 30자까지 지정할 수 있습니다.');
  });

  it('shows a link created through the API in the next answer (read again after every write)', async () => {
    const name = '첫 화면 새 상품 </script>';
    expect((await firstScreen()).links.map(({ pname }) => pname)).not.toContain(name);
    const created = (
      await createAsAdmin('/api/store/create', {
        pname: name,
        tag: '신상',
        link: 'https://shop.example/new?a=1&b=2',
        imagelink: '',
      })
    ).body.product as { id: number };
    const after = await firstScreen();
    const page = (await get(`/api/store/page?limit=${FIRST_SCREEN_CARDS}`).expect(200)).body.product as StorePage;
    expect(after.links).toEqual(page.items);
    expect(after.links.find(({ id }) => id === created.id)).toMatchObject({
      pname: name,
      link: 'https://shop.example/new?a=1&b=2',
    });
  });

  it('says whether bookings are open, and changes when a slot opens for bookings, with no write', async () => {
    // A slot in 2030, when the seeded ones have ended: bookings open on 2030-05-02 at 10:00 in Seoul.
    await createAsAdmin('/api/popup', {
      cnt: '1',
      startdate: '2030-05-10T19:00:00+09:00',
      enddate: '2030-05-10T21:00:00+09:00',
      count: 40,
      table: 10,
      bookingOpensAt: '2030-05-02T10:00:00+09:00',
    });
    try {
      t.clock.set(new Date('2030-05-02T00:59:59Z'));
      expect((await firstScreen()).reserveOpen).toBe(false);
      // The kept answer is valid until the slot opens: the next read, at 10:00, is read anew.
      t.clock.set(new Date('2030-05-02T01:00:00Z'));
      expect((await firstScreen()).reserveOpen).toBe(true);
      expect((await get('/api/reserve/status').expect(200)).body.product.open).toBe(true);
    } finally {
      t.clock.set(NOW);
    }
  });

  it(`holds the first ${FIRST_SCREEN_CARDS} links only, with the cursor where GET /api/store/page goes on`, async () => {
    const visible = ((await get('/api/store').expect(200)).body.product as unknown[]).length;
    for (let n = visible; n <= FIRST_SCREEN_CARDS; n += 1) {
      await createAsAdmin('/api/store/create', { pname: `채움 상품 ${n}`, tag: '채움', link: '', imagelink: '' });
    }
    const page = (await get(`/api/store/page?limit=${FIRST_SCREEN_CARDS}`).expect(200)).body.product as StorePage;
    expect(page.nextCursor).not.toBeNull();

    const data = await firstScreen();
    expect(data.links).toEqual(page.items);
    expect(data.links).toHaveLength(FIRST_SCREEN_CARDS);
    expect([data.linksComplete, data.linksNextCursor]).toEqual([false, page.nextCursor]);
    const rest = (await get(`/api/store/page?after=${encodeURIComponent(data.linksNextCursor!)}`).expect(200)).body
      .product as StorePage;
    expect([data.links.length + rest.items.length, rest.nextCursor]).toEqual([FIRST_SCREEN_CARDS + 1, null]);
  });
});
