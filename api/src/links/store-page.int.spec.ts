import request from 'supertest';
import type { App } from 'supertest/types';
import { PublicCache } from '../public-cache/public-cache';
import { createTestApp, type TestApp } from '../test/test-app';
import { Link } from './link.entity';
import { visiblePageQuery } from './links.service';
import { encodeCursor, type StorePageQuery } from './store-page-query';

jest.setTimeout(180_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const HOUR = 3_600_000;

/** A node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

interface PageBody {
  product: { items: Array<{ id: number; pname: string; pcode: number; tags: string[] }>; nextCursor: string | null };
}

/**
 * docs/decisions/0036-paged-public-read.md: `GET /api/store/page` walks the public read in keyset pages (real
 * PostgreSQL, the real app). 130 links at pcode 0..129: every 7th switched off, every 11th ended, every 13th scheduled;
 * every 3rd tagged `셋째`; link #101 alone carries `바늘`.
 */
describe('GET /api/store/page (integration)', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  /** Inserts links by SQL at the end of the order (as `POST /api/store/create` would place them). */
  async function insertLinks(rows: Array<{ name: string; tags: string[]; hidden?: 'off' | 'ended' | 'scheduled' }>) {
    for (const row of rows) {
      await t.dataSource.query(
        `INSERT INTO links (pname, tags, pcode, enabled, show_from, show_until)
         VALUES ($1, $2, (SELECT count(*) FROM links), $3, $4, $5)`,
        [
          row.name,
          row.tags,
          row.hidden !== 'off',
          row.hidden === 'scheduled' ? new Date(NOW.getTime() + 24 * HOUR) : null,
          row.hidden === 'ended' ? new Date(NOW.getTime() - HOUR) : null,
        ],
      );
    }
    // SQL writes go around the API's write interceptor: tell the public cache as the seed command does.
    await t.app.get(PublicCache).invalidate();
  }

  /** Every page from the first, following nextCursor; the items in the order met, and how many pages. */
  async function walk(query: string): Promise<{ names: string[]; pages: number; sizes: number[] }> {
    const names: string[] = [];
    const sizes: number[] = [];
    let after: string | null = null;
    do {
      const path: string = `/api/store/page?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const { body } = (await get(path).expect(200)) as { body: PageBody };
      names.push(...body.product.items.map((item) => item.pname));
      sizes.push(body.product.items.length);
      after = body.product.nextCursor;
    } while (after !== null && sizes.length < 1000);
    return { names, pages: sizes.length, sizes };
  }

  const fixture = Array.from({ length: 130 }, (_, i) => ({
    name: `상품 ${String(i + 1).padStart(3, '0')}`,
    tags: [...(i % 3 === 0 ? ['셋째'] : []), ...(i === 100 ? ['바늘'] : []), '공통'],
    hidden:
      i % 7 === 6
        ? ('off' as const)
        : i % 11 === 10
          ? ('ended' as const)
          : i % 13 === 12
            ? ('scheduled' as const)
            : undefined,
  }));
  const visible = fixture.filter((row) => !row.hidden).map((row) => row.name);

  beforeAll(async () => {
    t = await createTestApp(NOW);
    await insertLinks(fixture);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks every visible link exactly once, in display order, as GET /api/store lists them', async () => {
    const { body: all } = (await get('/api/store').expect(200)) as { body: { product: Array<{ pname: string }> } };
    expect(all.product.map((l) => l.pname)).toEqual(visible);
    const walked = await walk('');
    expect(walked.names).toEqual(visible);
    expect(walked.sizes).toEqual([48, visible.length - 48]);
    const small = await walk('limit=7');
    expect(small.names).toEqual(visible);
    expect(small.pages).toBe(Math.ceil(visible.length / 7));
  });

  it('filters by tag on the server across pages, and finds a link deep in the order', async () => {
    const third = await walk('limit=10&tag=셋째');
    expect(third.names).toEqual(fixture.filter((row, i) => !row.hidden && i % 3 === 0).map((row) => row.name));
    expect(third.pages).toBeGreaterThan(2);
    expect((await walk(`tag=${encodeURIComponent('#바늘')}`)).names).toEqual(['상품 101']);
    expect((await walk('tag=없는태그')).names).toEqual([]);
  });

  it('answers the same items and the same headers as the other public reads (ETag, 304, Cache-Control)', async () => {
    const first = await get('/api/store/page?limit=5').expect(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(first.headers.etag).toMatch(/^W\//);
    await get('/api/store/page?limit=5')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    // Another query is another answer (the cache key holds the query).
    const other = await get('/api/store/page?limit=6').expect(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect((other.body as PageBody).product.items).toHaveLength(6);
  });

  it('neither repeats nor skips a link when one is created mid-walk (it goes to the end)', async () => {
    const seen: string[] = [];
    const { body: page1 } = (await get('/api/store/page?limit=20').expect(200)) as { body: PageBody };
    seen.push(...page1.product.items.map((item) => item.pname));
    await insertLinks([{ name: '중간에 추가', tags: ['공통'] }]);
    let after = page1.product.nextCursor;
    while (after) {
      const { body } = (await get(`/api/store/page?limit=20&after=${after}`).expect(200)) as { body: PageBody };
      seen.push(...body.product.items.map((item) => item.pname));
      after = body.product.nextCursor;
    }
    expect(seen).toEqual([...visible, '중간에 추가']);
    await t.dataSource.query(`DELETE FROM links WHERE pname = '중간에 추가'`);
    await t.app.get(PublicCache).invalidate();
  });

  it('leaves hidden, scheduled and ended links out, and shows a scheduled one once its window opens', async () => {
    const hiddenNames = fixture.filter((row) => row.hidden).map((row) => row.name);
    const walked = await walk('limit=100');
    expect(walked.names.filter((name) => hiddenNames.includes(name))).toEqual([]);
    t.clock.set(new Date(NOW.getTime() + 25 * HOUR));
    try {
      const later = await walk('limit=100');
      const scheduled = fixture.filter((row) => row.hidden === 'scheduled').map((row) => row.name);
      expect(scheduled.every((name) => later.names.includes(name))).toBe(true);
    } finally {
      t.clock.set(NOW);
    }
  });

  it.each([
    ['after=garbage!', '잘못된 페이지 커서입니다. 처음 페이지부터 다시 불러와 주세요.'],
    [
      `after=${Buffer.from('1.x').toString('base64url')}`,
      '잘못된 페이지 커서입니다. 처음 페이지부터 다시 불러와 주세요.',
    ],
    [
      `after=${Buffer.from('99999999999.1').toString('base64url')}`,
      '잘못된 페이지 커서입니다. 처음 페이지부터 다시 불러와 주세요.',
    ],
    // Repeated: the rule of every query parameter (common/single-query-value.ts).
    ['after=a&after=b', 'after 값은 한 번만, 하나의 값으로 보내야 합니다.'],
    ['limit=0', 'limit 값은 1부터 100 사이의 정수여야 합니다.'],
    ['limit=101', 'limit 값은 1부터 100 사이의 정수여야 합니다.'],
    ['limit=1.5', 'limit 값은 1부터 100 사이의 정수여야 합니다.'],
    ['limit=abc', 'limit 값은 1부터 100 사이의 정수여야 합니다.'],
    ['tag=', '태그는 한 개, 최대 30자까지 지정할 수 있습니다.'],
    [`tag=${encodeURIComponent('가'.repeat(31))}`, '태그는 한 개, 최대 30자까지 지정할 수 있습니다.'],
    [`tag=${encodeURIComponent('a/b')}`, '태그는 한 개, 최대 30자까지 지정할 수 있습니다.'],
    ['tag=a&tag=b', 'tag 값은 한 번만, 하나의 값으로 보내야 합니다.'],
    ['tag=%ED%A0%80', '태그는 한 개, 최대 30자까지 지정할 수 있습니다.'],
  ])('400 with a Korean message for %s', async (query, message) => {
    const res = await get(`/api/store/page?${query}`).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message, requestId: expect.any(String) });
  });

  /** The plan nodes of an EXPLAIN (FORMAT JSON) answer, depth first. */
  function planNodes(node: PlanNode): PlanNode[] {
    return [node, ...(node.Plans ?? []).flatMap(planNodes)];
  }

  /** EXPLAIN ANALYZE of the service's own page query at NOW: its SQL and every node of its plan. */
  async function explainPage(query: StorePageQuery): Promise<{ sql: string; nodes: PlanNode[] }> {
    const [sql, parameters] = visiblePageQuery(t.dataSource.getRepository(Link), NOW, query).getQueryAndParameters();
    const [row] = (await t.dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters)) as Array<{
      'QUERY PLAN': Array<{ Plan: PlanNode }>;
    }>;
    return { sql, nodes: planNodes(row!['QUERY PLAN'][0]!.Plan) };
  }

  it('reads any page of 10,000 links as an index range scan that touches about one page of rows, no OFFSET', async () => {
    await t.dataSource.query(
      `INSERT INTO links (pname, tags, pcode)
       SELECT '대량 ' || g, CASE WHEN g % 1000 = 7 THEN ARRAY['공통', '드묾'] ELSE ARRAY['공통'] END, g
         FROM generate_series((SELECT count(*) FROM links), 9999) AS g`,
    );
    await t.dataSource.query('ANALYZE links');
    const idAt = async (pcode: number) =>
      Number(
        ((await t.dataSource.query(`SELECT id FROM links WHERE pcode = $1`, [pcode])) as Array<{ id: number }>)[0]!.id,
      );
    for (const pcode of [200, 5000, 9000]) {
      const { sql, nodes } = await explainPage({ limit: 48, after: { pcode, id: await idAt(pcode) }, tag: null });
      expect(sql).not.toMatch(/OFFSET/i);
      const scan = nodes.find((node) => node['Relation Name'] === 'links')!;
      // A range of the display order read through an index, never the whole table nor a full sort of it.
      expect(scan['Node Type']).toBe('Index Scan');
      expect(['links_display_order_idx', 'links_pcode_unique']).toContain(scan['Index Name']);
      expect(scan['Index Cond']).toMatch(/pcode/);
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(scan['Actual Rows']).toBeLessThanOrEqual(60);
    }
    // A rare tag: its few links through the tags index, not a read of every link.
    const rare = await explainPage({ limit: 48, after: null, tag: '드묾' });
    expect(rare.nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(rare.nodes.some((node) => node['Index Name'] === 'links_tags_idx')).toBe(true);
    // And the route itself answers from there on.
    await t.app.get(PublicCache).invalidate();
    const after = { pcode: 9000, id: await idAt(9000) };
    const { body } = (await get(`/api/store/page?after=${encodeCursor(after)}`).expect(200)) as { body: PageBody };
    expect(body.product.items.map((item) => item.pcode)).toEqual(Array.from({ length: 48 }, (_, i) => 9001 + i));
    expect((await walk('tag=드묾')).names).toEqual([
      '대량 1007',
      '대량 2007',
      '대량 3007',
      '대량 4007',
      '대량 5007',
      '대량 6007',
      '대량 7007',
      '대량 8007',
      '대량 9007',
    ]);
  });
});
