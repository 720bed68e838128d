/**
 * `npm start`'s static server (scripts/serve-app.mjs) over real HTTP, serving a small stand-in build folder
 * (no webpack needed): which requests the single-page-app fallback answers (issue 15, point 1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveApp } from '../support/static-app';

const port = 34010;
const base = `http://127.0.0.1:${port}`;
const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let appDir: string;
let server: { stop: () => Promise<void> };

beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-site-server-'));
  fs.mkdirSync(path.join(appDir, 'dist', 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(appDir, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(appDir, 'dist', 'static', 'js', 'main.1a2b3c4d.js'), 'console.log(1);');
  server = await serveApp(appDir, port);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(appDir, { recursive: true, force: true });
});

describe('site server: SPA fallback only for navigations', () => {
  test('a browser navigation to a client-side route gets index.html, never cached', async () => {
    const route = await fetch(`${base}/plan/list?tab=1`, { headers: navigation });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/^text\/html/);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<title>shell</title>');
  });

  test('an existing hashed chunk is served as JavaScript', async () => {
    const chunk = await fetch(`${base}/static/js/main.1a2b3c4d.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
  });

  test.each([
    ['a missing chunk, as a script load asks', '/static/js/missing.0000abcd.js', { accept: '*/*' }],
    ['a missing chunk, even with a browser Accept', '/static/js/missing.0000abcd.js', navigation],
    ['a missing path under static/ without extension', '/static/js/missing', navigation],
    ['a missing remote entry', '/remoteEntry.js', navigation],
    ['a missing file at the root', '/favicon.ico', navigation],
    ['a route fetched without asking for HTML', '/plan/list', { accept: '*/*' }],
    ['a route fetched with no Accept at all', '/plan/list', {}],
  ])('%s is a 404, not HTML', async (_label, url, headers: Record<string, string>) => {
    const response = await fetch(`${base}${url}`, { headers });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/text\/html/);
  });

  test('a POST to a client-side route is a 404', async () => {
    const response = await fetch(`${base}/plan/list`, { method: 'POST', headers: navigation });
    expect(response.status).toBe(404);
  });
});
