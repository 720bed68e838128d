import request from 'supertest';
import type { App } from 'supertest/types';
import { settledSqlWrite } from '../test/settled-write';
import { createTestApp, type TestApp } from '../test/test-app';

jest.setTimeout(60_000);

const NOW = new Date('2026-11-20T03:00:00Z');

/**
 * The one read path of cached public reads (public-read.interceptor.ts) through the real app: what a hit answers, which
 * requests may use the cache, and the headers every answer carries. public-cache.int.spec.ts covers the invalidation
 * across processes and the time bounds.
 */
describe('@PublicRead() routes through the real app', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);
  const hits = async () =>
    Number(/^cache_hits_total\{cache="public-reads"\} (\d+)$/m.exec((await get('/metrics')).text)?.[1] ?? 0);
  /**
   * A visible link written behind the API's back, its NOTIFY trigger off for this one transaction
   * (docs/decisions/0089-invalidation-cannot-be-lost.md: every other write announces itself): a read that shows it did
   * not come from the cache.
   */
  const insertBehindTheApi = (name: string) =>
    t.dataSource.transaction(async (manager) => {
      await manager.query(`ALTER TABLE links DISABLE TRIGGER links_public_cache`);
      await manager.query(
        `INSERT INTO links (pname, tags, pcode) VALUES ($1, '{몰래}', (SELECT count(*) FROM links))`,
        [name],
      );
      await manager.query(`ALTER TABLE links ENABLE TRIGGER links_public_cache`);
    });
  const names = (body: { product: { pname: string }[] }) => body.product.map((link) => link.pname);

  beforeAll(async () => {
    t = await createTestApp(NOW);
  });
  afterAll(() => t?.close());

  it('answers a hit from memory with the same bytes and headers; 304 on its ETag; no body to HEAD', async () => {
    const first = await get('/api/store').expect(200);
    await insertBehindTheApi('몰래 넣은 상품');
    const before = await hits();
    const second = await get('/api/store').expect(200);
    expect(await hits()).toBe(before + 1);
    expect(second.text).toBe(first.text);
    expect(names(second.body)).not.toContain('몰래 넣은 상품');
    for (const header of ['etag', 'cache-control', 'content-type', 'x-accel-expires', 'content-length'])
      expect([header, second.headers[header]]).toEqual([header, first.headers[header]]);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    // The test app's wall clock is its fixed clock.
    expect(second.headers['x-accel-expires']).toBe(`@${NOW.getTime() / 1000}`);

    const notModified = await get('/api/store').set('If-None-Match', String(first.headers.etag)).expect(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['cache-control']).toBe(first.headers['cache-control']);
    const head = await request(t.app.getHttpServer() as App)
      .head('/api/store')
      .expect(200);
    expect(head.text).toBeUndefined();
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('keeps one entry per declared query; a request with any other parameter is answered by the handler', async () => {
    const all = await get('/api/tag/list').expect(200);
    await get('/api/plan/list?upcoming=1').expect(200);
    await insertBehindTheApi('두 번째 몰래 상품');
    const before = await hits();
    await get('/api/plan/list?upcoming=1').expect(200);
    expect(await hits()).toBe(before + 1);
    // Not declared by GET /api/tag/list: read anew (the link written behind the API's back is counted), not kept.
    const junk = await get('/api/tag/list?x=1').expect(200);
    expect(junk.text).not.toBe(all.text);
    expect(await hits()).toBe(before + 1);
    expect((await get('/api/tag/list').expect(200)).text).toBe(all.text);
  });

  it('never answers from memory what the pipes refuse: a junk or malformed parameter stays a 400', async () => {
    await get('/api/store/page').expect(200);
    await get('/api/store/page?limit=48').expect(200);
    expect((await get('/api/store/page?x=%00').expect(400)).body.statusCode).toBe(400);
    expect((await get('/api/store/page?tag=%ED%A0%80').expect(400)).body.message).toBe(
      (await get('/api/store/page?tag=%ED%A0%80').expect(400)).body.message,
    );
    await get('/api/plan/list?upcoming=2').expect(400);
    await get('/api/main/select/abc').expect(400);
  });

  it('sends the reservation status no-cache, with nothing for the gateway to keep', async () => {
    const status = await get('/api/reserve/status').expect(200);
    expect(status.headers['cache-control']).toBe('public, no-cache');
    expect(status.headers['x-accel-expires']).toBeUndefined();
    expect((await get('/api/reserve/status').set('If-None-Match', String(status.headers.etag))).status).toBe(304);
  });

  it('tells the gateway not to keep an answer that changes before the current second ends', async () => {
    // Its NOTIFY heard before the next test counts the head fragment's cache hits.
    await settledSqlWrite(t.app, () =>
      t.dataSource.query(`INSERT INTO links (pname, pcode, show_from) VALUES ('곧 열림', 99, $1)`, [
        new Date(NOW.getTime() + 500),
      ]),
    );
    const answer = await get('/api/main/select/1').expect(200);
    expect(answer.headers['x-accel-expires']).toBe('0');
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
  });

  it('sends the head fragment (one entry for every host) and the manifest, with their own types', async () => {
    const head = await get('/api/site/head').set('Host', 'a.example').expect(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.text).toContain('<link rel="canonical" href="/" />');
    // docs/decisions/0095-no-host-derived-urls.md: the head names no host (site-head.ts renderHead), so another host is
    // the same kept answer.
    const before = await hits();
    expect((await get('/api/site/head').set('Host', 'b.example').expect(200)).text).toBe(head.text);
    expect(await hits()).toBe(before + 1);
    const manifest = await get('/api/site/manifest.webmanifest').expect(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  });
});
