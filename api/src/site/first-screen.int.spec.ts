import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { createTestApp } from '../test/test-app';
import { FIRST_SCREEN_APPS } from './first-screen-renderers';

jest.setTimeout(600_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const repoRoot = resolve(__dirname, '..', '..', '..');

/** Text as React writes it into HTML (text and attribute values). */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The text of the page's `first-screen-data` block (the fragment's end), or undefined without one. */
const dataBlockOf = (page: string) =>
  /<script type="application\/json" id="first-screen-data">(.*?)<\/script>$/s.exec(page)?.[1];

interface StoreLink {
  pname: string;
  link: string | null;
}

/**
 * Issue 14 item 1: `GET /api/site/first-screen` is the first screen of `/`, rendered by the shell's, mf-plans' and
 * mf-store's own components (their `dist/server/first-screen.js`, built here when stale) from the seeded database,
 * with its data block; and it follows every write.
 */
describe('GET /api/site/first-screen (integration)', () => {
  let t: AdminTestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);
  /** An administrator's create (201 expected). */
  const createAsAdmin = async (path: string, body: object) =>
    request(t.app.getHttpServer() as App)
      .post(path)
      .set('Authorization', await t.bearer())
      .send(body)
      .expect(201);

  beforeAll(async () => {
    const build = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { buildStale } = await import(${JSON.stringify(join(repoRoot, 'scripts', 'build.mjs'))});
         await buildStale({ only: ${JSON.stringify(FIRST_SCREEN_APPS)}, log: () => {} });`,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);
    t = await createAdminTestApp(NOW);
    await seedDemoCatalogue(t.dataSource, t.clock);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds every card with its shop link, the banner items and the data block, as text/html', async () => {
    const store = (await get('/api/store').expect(200)).body.product as StoreLink[];
    const plans = (await get('/api/plan/list?upcoming=1').expect(200)).body.product as { title: string }[];
    expect(store.length).toBeGreaterThan(20);
    expect(plans.length).toBeGreaterThan(0);

    const res = await get('/api/site/first-screen').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = res.text;
    expect(page).toMatch(
      // React's server renderer puts a `<link rel="preload" as="image">` before a slot's markup for its eager images.
      // Each slot is a Suspense boundary of its own (`<!--$-->`), which the shell hydrates when that remote has loaded.
      /^<div class="app"><header class="app__banner"><!--\$--><div class="first-screen-slot" data-first-screen="mf_plans\/Banner" data-state="served">(<link rel="preload" as="image"[^>]*\/>)*<section class="plan-banner/,
    );
    // The cover is an image in the served HTML, preloaded: the page's largest paint does not wait for script.
    expect(page).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/api\/images\/[0-9a-f]{64}\?w=640 640w, [^"]*" imageSizes="100vw" fetchPriority="high"\/>/,
    );
    expect(page).toMatch(/<img class="plan-banner__cover" src="\/api\/images\/[0-9a-f]{64}\?w=1280"/);
    expect(page.match(/data-testid="store-card"/g)).toHaveLength(store.length);
    for (const link of store) {
      expect(page).toContain(`>${html(link.pname)}</h3>`);
      if (link.link) expect(page).toContain(`href="${html(link.link)}"`);
    }
    expect(page.match(/data-testid="plan-item"/g)).toHaveLength(plans.length);
    for (const plan of plans) expect(page).toContain(`<span class="plan-item__title">${html(plan.title)}</span>`);

    const block = dataBlockOf(page);
    expect(block).toBeDefined();
    expect(block).not.toContain('<');
    const data = JSON.parse(block!) as { links: StoreLink[]; linksComplete: boolean; plans: unknown[] };
    expect(data.links).toEqual(store);
    expect(data.linksComplete).toBe(true);
    expect(data.plans).toEqual(plans);
    // Cached like the JSON reads: the same bytes and ETag, 304 on If-None-Match.
    const again = await get('/api/site/first-screen').set('If-None-Match', String(res.headers.etag)).expect(304);
    expect(again.headers.etag).toBe(res.headers.etag);
  });

  it("?tag= is the page /?tag=: that tag's cards with the filter line, and the block says which tag (empty: every link)", async () => {
    const [word] = (await get('/api/tag/list').expect(200)).body.product as { text: string; value: number }[];
    const tagged = (await get(`/api/store/page?tag=${encodeURIComponent(word!.text)}`).expect(200)).body.product
      .items as StoreLink[];
    const all = (await get('/api/store').expect(200)).body.product as StoreLink[];
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThan(all.length);

    // As nginx passes `$arg_tag`: the parameter as the page's address had it, percent-encoded.
    const page = (await get(`/api/site/first-screen?tag=${encodeURIComponent(word!.text)}`).expect(200)).text;
    expect(page.match(/data-testid="store-card"/g)).toHaveLength(tagged.length);
    for (const link of tagged) expect(page).toContain(`>${html(link.pname)}</h3>`);
    expect(page).toContain('data-testid="tag-filter"');
    const data = JSON.parse(dataBlockOf(page)!) as { links: StoreLink[]; tag: string | null };
    expect(data.tag).toBe(word!.text);
    expect(data.links).toEqual(tagged);

    // No tag (nginx's `$arg_tag` is empty then): every link, the same answer as without the parameter.
    const none = await get('/api/site/first-screen?tag=').expect(200);
    expect(none.text).toBe((await get('/api/site/first-screen').expect(200)).text);
    expect(none.text.match(/data-testid="store-card"/g)).toHaveLength(all.length);
    expect(none.text).not.toContain('data-testid="tag-filter"');
    // A malformed tag is refused like GET /api/store/page's (the gateway then inserts nothing).
    const refused = await get(`/api/site/first-screen?tag=${encodeURIComponent('a/b')}`).expect(400);
    expect(refused.body.message).toBe('태그는 한 개, 최대 30자까지 지정할 수 있습니다.');
  });

  it('shows a link created through the API in the next answer (rendered again after every write)', async () => {
    const before = (await get('/api/site/first-screen').expect(200)).text;
    expect(before).not.toContain('첫 화면 새 상품 </script>');
    await createAsAdmin('/api/store/create', {
      pname: '첫 화면 새 상품 </script>',
      tag: '신상',
      link: 'https://shop.example/new?a=1&b=2',
      imagelink: '',
    });
    const after = (await get('/api/site/first-screen').expect(200)).text;
    expect(after).toContain(`>${html('첫 화면 새 상품 </script>')}</h3>`);
    expect(after).toContain('href="https://shop.example/new?a=1&amp;b=2"');
    // The name inside the data block cannot close it.
    expect(after.match(/<\/script>/g)).toHaveLength(1);
  });

  it('says whether bookings are open, with the banner’s and the store’s reservation links in the markup, and changes when a slot opens for bookings, with no write', async () => {
    const links = /data-testid="(banner|store)-reserve-link"/g;
    const read = async () => {
      const page = (await get('/api/site/first-screen').expect(200)).text;
      return { page, reserveOpen: (JSON.parse(dataBlockOf(page)!) as { reserveOpen: boolean }).reserveOpen };
    };
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
      const closed = await read();
      expect(closed.reserveOpen).toBe(false);
      expect(closed.page.match(links)).toBeNull();
      // The kept answer is valid until the slot opens: the next read, at 10:00, is rendered anew.
      t.clock.set(new Date('2030-05-02T01:00:00Z'));
      const open = await read();
      expect(open.reserveOpen).toBe(true);
      expect(open.page.match(links)?.sort()).toEqual([
        'data-testid="banner-reserve-link"',
        'data-testid="store-reserve-link"',
      ]);
      expect(open.page).toMatch(/<a class="plan-banner__reserve"[^>]* href="\/reserve"/);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('serves the stylesheet of the rendered components', async () => {
    const res = await get('/api/site/first-screen.css').expect(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const rule of ['.first-screen-slot', '.app__banner', '.plan-banner', '.store-card', '.lk-chip']) {
      expect(res.text).toContain(rule);
    }
    // platform's stylesheet once, though all three renderers import it.
    expect(res.text.match(/!\*\*\* css .*\/platform\/src\/ui\/ui\.css \*\*\*!/g)).toHaveLength(1);
  });

  it('answers 204 (and an empty stylesheet) when the renderers are not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'first-screen-'));
    const bare = await createTestApp(NOW, { FIRST_SCREEN_RENDERERS_DIR: empty });
    try {
      await seedDemoCatalogue(bare.dataSource, bare.clock);
      const server = bare.app.getHttpServer() as App;
      const res = await request(server).get('/api/site/first-screen').expect(204);
      expect(res.text).toBe('');
      expect((await request(server).get('/api/site/first-screen.css').expect(200)).text).toBe('');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
