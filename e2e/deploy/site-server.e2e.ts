/**
 * `npm start`'s static server (scripts/serve-app.mjs) and the production static server (deploy/web/nginx-static.conf,
 * run by Debian's nginx) over real HTTP, serving a small stand-in build folder (no webpack needed): which requests
 * the single-page-app fallback answers (issue 15, point 1). The gateway proxies / and /remotes/<name>/ to these
 * static servers, so their 404s are the gateway's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveApp } from '../support/static-app';
import { nginxBinary, startStaticNginx } from './local-nginx';

const port = 34010;
const nginxPort = 34011;
const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let appDir: string;
let server: { stop: () => Promise<void> };
let nginx: { stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-site-server-'));
  // nginx workers run as an unprivileged user when the master is root: let them read the folder.
  fs.chmodSync(appDir, 0o755);
  fs.mkdirSync(path.join(appDir, 'dist', 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(appDir, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(appDir, 'dist', 'static', 'js', 'main.1a2b3c4d.js'), 'console.log(1);');
  server = await serveApp(appDir, port);
  if (nginxBinary) nginx = await startStaticNginx(path.join(appDir, 'dist'), nginxPort);
});

afterAll(async () => {
  await server?.stop();
  await nginx?.stop();
  fs.rmSync(appDir, { recursive: true, force: true });
});

// nginx is installed by .ci/run; only a developer machine without it skips the nginx half.
const servers: [string, number][] = [["npm start's server", port]];
if (nginxBinary || process.env.CI) servers.push(['deploy/web/nginx-static.conf', nginxPort]);

describe.each(servers)('%s: SPA fallback only for navigations', (_server, serverPort) => {
  const base = `http://127.0.0.1:${serverPort}`;

  test.each([
    ['a browser navigation', '/plan/list?tab=1', navigation],
    ['a link-preview scraper asking with */*', '/plan/list', { accept: '*/*' }],
    ['a crawler sending no Accept', '/', {}],
  ])('%s to a page gets index.html, never cached', async (_label, url, headers: Record<string, string>) => {
    const route = await fetch(`${base}${url}`, { headers });
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
  ])('%s is a 404, not HTML', async (_label, url, headers: Record<string, string>) => {
    const response = await fetch(`${base}${url}`, { headers });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/text\/html/);
    expect(await response.text()).not.toContain('<title>shell</title>');
  });

  test('a POST to a client-side route is a 404', async () => {
    const response = await fetch(`${base}/plan/list`, { method: 'POST', headers: navigation });
    expect(response.status).toBe(404);
  });
});
