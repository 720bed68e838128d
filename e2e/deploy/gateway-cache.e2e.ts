/**
 * The gateway's cache of the API (deploy/gateway/nginx.conf.template, docs/deploy.md "Caching at the gateway and a CDN
 * in front"): THREE API processes on one PostgreSQL database (invalidation by NOTIFY), behind the template rendered by
 * local-nginx.ts, Debian's nginx. Checks:
 * - an administrator's write through the gateway is served by the gateway to every request sent 1 s after the
 *   write's answer or later (plus the milliseconds its invalidation takes to reach the other processes), and by
 *   each process asked directly at once; before that the gateway did serve its kept copy;
 * - 200 public reads through the gateway over about 2 s are mostly `X-Cache-Status: HIT`, and the processes' own
 *   request counters (their /metrics) grew by about one per second, far fewer than 200;
 * - an image variant is a MISS, then a HIT with the same bytes;
 * - a request with Authorization is never answered from the cache nor fills it, and an answer sent no-cache
 *   (`GET /api/reserve/status`) is never kept;
 * - the site head (no PUBLIC_SITE_URL here) never names a host a client sent, in `Host` or `X-Forwarded-Host`, and is
 *   the same copy for every host (docs/decisions/0095-no-host-derived-urls.md).
 * The times are printed.
 */
import sharp from 'sharp';
import type { ApiProcess, IssuerProcess } from '../../api/src/test/api-process';
import { rawGet } from '../support/raw-get';
import { type ApiCluster, startApiCluster } from './api-cluster';
import type { ApiGateway } from './local-nginx';

jest.setTimeout(300_000);

const PROCESSES = 3;
/** What the gateway may add to 1 s: the invalidation's way to the other processes (NOTIFY), in milliseconds. */
const DELIVERY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the gateway caches what the API marks shareable, and shows a write within 1 s', () => {
  let cluster: ApiCluster;
  let issuer: IssuerProcess;
  let gateway: ApiGateway;
  let processes: ApiProcess[] = [];
  let ports: number[];
  const admin = () => ({ authorization: `Bearer ${issuer.token}` });

  /** GETs of `route` (a template: `/api/store`, `/api/images/:key`) every process answered so far, from /metrics. */
  const served = async (route: string): Promise<number> => {
    let total = 0;
    for (const port of ports) {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const pattern = new RegExp(
        `^http_request_duration_seconds_count\\{method="GET",route="${route.replace(/[/]/g, '\\/')}",status="\\d+"\\} (\\d+)$`,
        'gm',
      );
      for (const match of text.matchAll(pattern)) total += Number(match[1]);
    }
    return total;
  };
  const names = (body: unknown) => (body as { product: { pname: string }[] }).product.map((link) => link.pname);

  beforeAll(async () => {
    cluster = await startApiCluster('linksite_gateway_cache', PROCESSES);
    ({ issuer, gateway, ports } = cluster);
    processes = cluster.processes;
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  test("an administrator's write shows through the gateway within 1 s, and on every process at once", async () => {
    for (const p of processes) expect(p.output()).toContain('무효화 채널 postgres 에 연결했습니다');
    const store = `${gateway.url}/api/store`;
    const lines: string[] = [];
    let servedKeptCopy = false;
    for (let write = 1; write <= 4; write++) {
      // A write at another point of the second each time, just after the gateway kept a copy.
      await sleep(137 * write);
      for (let i = 0; i < 3; i++) await fetch(store);
      const name = `게이트웨이 ${write}`;
      const created = await fetch(`${gateway.url}/api/store/create`, {
        method: 'POST',
        headers: { ...admin(), 'content-type': 'application/json' },
        body: JSON.stringify({ pname: name }),
      });
      expect(created.status).toBe(201);
      const acknowledged = performance.now();

      /** Reads `url` one request at a time for 1.5 s: when each was sent (ms after the answer) and what it showed. */
      const watch = async (url: string) => {
        const seen: { sentAfter: number; shows: boolean; cache: string | null }[] = [];
        while (performance.now() - acknowledged < 1_500) {
          const sentAfter = performance.now() - acknowledged;
          const res = await fetch(url);
          expect(res.status).toBe(200);
          seen.push({
            sentAfter,
            shows: names(await res.json()).includes(name),
            cache: res.headers.get('x-cache-status'),
          });
          await sleep(10);
        }
        return seen;
      };
      const [throughGateway, ...direct] = await Promise.all([
        watch(store),
        ...ports.map((port) => watch(`http://127.0.0.1:${port}/api/store`)),
      ]);
      const stale = throughGateway.filter((r) => !r.shows);
      if (stale.some((r) => r.cache === 'HIT')) servedKeptCopy = true;
      const lastStale = Math.max(0, ...stale.map((r) => r.sentAfter));
      lines.push(
        `  write ${write}: gateway served the old list to requests sent up to ${lastStale.toFixed(0)} ms after the answer (${stale.length} of ${throughGateway.length}); ` +
          `processes directly: ${direct.map((seen) => `${seen.filter((r) => !r.shows).length} old`).join(', ')}`,
      );
      expect(throughGateway.filter((r) => r.sentAfter >= 1_000 + DELIVERY_MS).length).toBeGreaterThan(0);
      expect(stale.filter((r) => r.sentAfter >= 1_000 + DELIVERY_MS)).toEqual([]);
      // Each process dropped its own copy before the write was answered (A) or when NOTIFY arrived (B, C).
      for (const seen of direct) expect(seen.filter((r) => !r.shows && r.sentAfter >= DELIVERY_MS)).toEqual([]);
    }
    console.log(`Gateway cache, write visibility (1 s bound + ${DELIVERY_MS} ms):\n${lines.join('\n')}`);
    // The copy was really kept: some request after a write still got it from the cache.
    expect(servedKeptCopy).toBe(true);
  });

  test('200 public reads under load: mostly HITs, far fewer requests reach the API processes', async () => {
    const url = `${gateway.url}/api/tag/list`;
    await fetch(url);
    const before = await served('/api/tag/list');
    const statuses: Record<string, number> = {};
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 200) {
          next += 1;
          const res = await fetch(url);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
          const status = res.headers.get('x-cache-status') ?? 'none';
          statuses[status] = (statuses[status] ?? 0) + 1;
          // Spread over about 2 s, so the copy's second passes during the run and it is refreshed.
          await sleep(200);
        }
      }),
    );
    const ms = performance.now() - started;
    const reached = (await served('/api/tag/list')) - before;
    console.log(
      `Gateway cache, 200 reads of /api/tag/list (20 clients, ${ms.toFixed(0)} ms): ${JSON.stringify(statuses)}; requests that reached the API processes: ${reached}`,
    );
    expect(statuses.HIT ?? 0).toBeGreaterThanOrEqual(150);
    // One refresh per second of the run at most, plus the one kept copy's first fill.
    expect(reached).toBeLessThanOrEqual(Math.ceil(ms / 1000) + 2);
  });

  test('an image variant is a MISS, then a HIT with the same bytes', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    const uploaded = await fetch(`${gateway.url}/api/cover/image`, { method: 'POST', headers: admin(), body: form });
    expect(uploaded.status).toBe(201);
    const { product } = (await uploaded.json()) as { product: { imagelink: string } };
    const variant = `${gateway.url}${product.imagelink}?w=320`;
    const before = await served('/api/images/:key');
    const first = await fetch(variant);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await fetch(variant);
    const secondBytes = Buffer.from(await second.arrayBuffer());
    expect([first.status, first.headers.get('x-cache-status')]).toEqual([200, 'MISS']);
    expect([second.status, second.headers.get('x-cache-status')]).toEqual([200, 'HIT']);
    expect(second.headers.get('content-type')).toBe('image/webp');
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(secondBytes.equals(firstBytes)).toBe(true);
    expect((await served('/api/images/:key')) - before).toBe(1);
  });

  test('a request with Authorization never reads or fills the cache; an answer sent no-cache is never kept', async () => {
    const list = `${gateway.url}/api/plan/list?upcoming=1`;
    const before = await served('/api/plan/list');
    const withToken = [await fetch(list, { headers: admin() }), await fetch(list, { headers: admin() })];
    expect(withToken.map((res) => res.headers.get('x-cache-status'))).toEqual(['BYPASS', 'BYPASS']);
    // Neither filled it: the first anonymous read is a MISS.
    expect((await fetch(list)).headers.get('x-cache-status')).toBe('MISS');
    expect((await fetch(list)).headers.get('x-cache-status')).toBe('HIT');
    expect((await fetch(list, { headers: admin() })).headers.get('x-cache-status')).toBe('BYPASS');
    expect((await served('/api/plan/list')) - before).toBe(4);

    const status = `${gateway.url}/api/reserve/status`;
    const reserveBefore = await served('/api/reserve/status');
    const answers = [await fetch(status), await fetch(status), await fetch(status)];
    expect(answers.map((res) => res.headers.get('cache-control'))).toEqual(Array(3).fill('public, no-cache'));
    expect(answers.map((res) => res.headers.get('x-cache-status'))).toEqual(['MISS', 'MISS', 'MISS']);
    expect((await served('/api/reserve/status')) - reserveBefore).toBe(3);
  });

  test('the site head never names a host the client sent, and is one copy for every host', async () => {
    const head = `${gateway.url}/api/site/head`;
    const forged: Record<string, string>[] = [{ Host: 'evil.example' }, { 'X-Forwarded-Host': 'evil.example' }];
    for (const headers of forged) {
      // First while the gateway keeps no copy of this second (nginx passes `Host` on as X-Forwarded-Host).
      const foreign = await rawGet(head, headers);
      const plain = await rawGet(head);
      expect([foreign.status, plain.status]).toEqual([200, 200]);
      expect(foreign.body).not.toContain('evil.example');
      expect(plain.body).not.toContain('evil.example');
      expect(foreign.body).toBe(plain.body);
      expect(plain.body).toContain('<link rel="canonical" href="/" />');
      await sleep(1000);
    }
  });
});
