import request from 'supertest';
import type { App } from 'supertest/types';
import { createTestApp, TestApp } from '../test/test-app';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-20T03:00:00Z');

/**
 * docs/decisions/0041-security-headers.md: helmet on the API with a JSON-only CSP; /api/docs only with API_DOCS=true,
 * under its own CSP.
 */
describe('security headers and /api/docs (integration)', () => {
  let plain: TestApp;
  let withDocs: TestApp;
  const get = (t: TestApp, path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    [plain, withDocs] = await Promise.all([createTestApp(NOW), createTestApp(NOW, { API_DOCS: 'true' })]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withDocs?.close()]);
  });

  it.each([
    ['a public read', '/api/store', 200],
    ['a Korean 404', '/api/nope', 404],
    ['an admin route without a token', '/api/main/list', 401],
  ])('%s carries the JSON-only CSP, nosniff, no framing and the referrer policy', async (_name, path, status) => {
    const res = await get(plain, path).expect(status);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('an answer from memory carries the same headers as the read that filled the cache', async () => {
    // The first read of the tags fills the cache; the next is a hit (counted below), answered without the handler.
    const headersOf = (res: request.Response) => {
      const { date: _date, 'x-request-id': requestId, ...rest } = res.headers as Record<string, string>;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      return rest;
    };
    const hits = async () =>
      Number(/^cache_hits_total\{cache="public-reads"\} (\d+)$/m.exec((await get(plain, '/metrics')).text)?.[1] ?? 0);
    const fromNest = headersOf(await get(plain, '/api/tag/list').expect(200));
    const before = await hits();
    const fromMemory = headersOf(await get(plain, '/api/tag/list').expect(200));
    expect(await hits()).toBe(before + 1);
    expect(fromMemory).toEqual(fromNest);
    expect(fromMemory['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(fromMemory['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('GET /api/docs is 404 without API_DOCS', async () => {
    expect((await get(plain, '/api/docs').expect(404)).body.message).toBe('요청한 주소를 찾을 수 없습니다.');
    await get(plain, '/api/docs-json').expect(404);
  });

  it('with API_DOCS=true, /api/docs serves the OpenAPI UI whose every script and style is allowed by its CSP', async () => {
    const page = await get(withDocs, '/api/docs').redirects(1).expect(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // script-src 'self' allows no inline script: every <script> must name a same-origin file that is served.
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\.\/|^\/api\/docs\//);
      await get(withDocs, new URL(src!, 'http://api/api/docs/').pathname).expect(200);
    }
    const { body } = await get(withDocs, '/api/docs-json').expect(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/store',
        '/api/main/select/{id}',
        '/api/plan/list',
        '/api/images/{key}',
        '/api/health',
      ]),
    );
  });

  it('with API_DOCS=true the other routes keep the JSON-only CSP', async () => {
    const res = await get(withDocs, '/api/store').expect(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
