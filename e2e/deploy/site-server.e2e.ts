/**
 * `npm start`'s static server (scripts/serve-app.mjs) and the production static server (deploy/web/nginx-static.conf,
 * run by Debian's nginx) over real HTTP, serving a small stand-in build folder (no webpack needed): which requests
 * the single-page-app fallback answers (issue 15, point 1), the security headers (issue 15 item 1) and compression
 * (issue 14 item 4). The gateway proxies / and /remotes/<name>/ to these static servers, so their 404s are the
 * gateway's.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { stablePortBlock } from '../../api/src/test/stable-ports';
import { CspViolation, launchChromium, takeCspViolations } from '../support/browser';
import { serveApp } from '../support/static-app';
import { nginxBinary, startStaticNginx } from './local-nginx';
import { sitePolicyOf } from './site-scripts';

// Both from a block outside Linux's ephemeral range (api/src/test/stable-ports.ts): a fixed port inside it (34010)
// was once taken by another test's outgoing connection, and the server could not listen.
let port: number;
let nginxPort: number;
const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The runtime configuration `npm start`'s server runs with here: a remote, the API and the identity elsewhere. */
const configured = {
  REMOTE_MF_STORE_URL: 'https://cdn.example.com/mf_store/remoteEntry.js',
  PUBLIC_API_BASE_URL: 'https://api.example.com/api',
  AUTH_MODE: 'oidc',
  OIDC_ISSUER: 'https://sso.example.com/realms/linksite',
};
/** A chunk large enough to be compressed (both servers leave answers under 1 KB as they are). */
const vendorChunk = Array.from({ length: 400 }, (_, i) => `export const label${i} = '링크 ${i}';`).join('\n');

/** One GET over node:http, which (unlike fetch) hands back the body exactly as it came, compressed or not. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

let appDir: string;
let server: { stop: () => Promise<void> };
let nginx: { stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  port = await stablePortBlock(2);
  nginxPort = port + 1;
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-site-server-'));
  // nginx workers run as an unprivileged user when the master is root: let them read the folder.
  fs.chmodSync(appDir, 0o755);
  fs.mkdirSync(path.join(appDir, 'dist', 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(appDir, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(appDir, 'dist', 'static', 'js', 'main.1a2b3c4d.js'), 'console.log(1);');
  fs.writeFileSync(path.join(appDir, 'dist', 'static', 'js', 'vendor.0badc0de.js'), vendorChunk);
  fs.writeFileSync(path.join(appDir, 'dist', 'silent-check-sso.html'), '<!doctype html><title>sso</title>');
  // What the policy must refuse, and the browser tests must notice: an inline script and an inline style attribute.
  fs.writeFileSync(
    path.join(appDir, 'dist', 'injected.html'),
    '<!doctype html><title>injected</title><p style="color: red">x</p><script>document.title = "ran"</script>',
  );
  server = await serveApp(appDir, port, configured);
  if (nginxBinary) nginx = await startStaticNginx(path.join(appDir, 'dist'), nginxPort);
});

afterAll(async () => {
  await server?.stop();
  await nginx?.stop();
  fs.rmSync(appDir, { recursive: true, force: true });
});

// nginx is installed by .ci/run; only a developer machine without it skips the nginx half.
/** Each server under test and its port (known once the top-level beforeAll has picked the block). */
const servers: [string, () => number][] = [["npm start's server", () => port]];
if (nginxBinary || process.env.CI) servers.push(['deploy/web/nginx-static.conf', () => nginxPort]);

describe.each(servers)('%s: SPA fallback only for navigations', (_server, portOf) => {
  let base = '';
  beforeAll(() => {
    base = `http://127.0.0.1:${portOf()}`;
  });

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

describe.each(servers)('%s: security headers and compression', (_server, portOf) => {
  let base = '';
  beforeAll(() => {
    base = `http://127.0.0.1:${portOf()}`;
  });

  test.each([
    ['a page', '/'],
    ['a client-side route', '/plan/list'],
    ['a hashed chunk', '/static/js/main.1a2b3c4d.js'],
    ['a missing chunk (404)', '/static/js/missing.0000abcd.js'],
  ])('%s carries the security headers, no framing, no HSTS over http', async (_label, url) => {
    const response = await fetch(`${base}${url}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
    const policy = response.headers.get('content-security-policy');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  test("silent-check-sso.html may be framed by the site's own pages, by no other", async () => {
    const response = await fetch(`${base}/silent-check-sso.html`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("'none'; frame-ancestors");
    expect(policy).not.toMatch(/frame-ancestors[^;]*'none'/);
  });

  test('gzip: a JavaScript file comes compressed, with Vary: Accept-Encoding, the same once decompressed', async () => {
    const response = await rawGet(`${base}/static/js/vendor.0badc0de.js`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(vendorChunk) / 3);
    expect(zlib.gunzipSync(response.body).toString('utf8')).toBe(vendorChunk);
  });
});

describe("npm start's server: the policy of the runtime configuration, brotli, HSTS behind HTTPS", () => {
  let base = '';
  beforeAll(() => {
    base = `http://127.0.0.1:${port}`;
  });

  test('the Content-Security-Policy is the one scripts/security-headers.mjs builds from the same environment', async () => {
    const policy = (await fetch(`${base}/`)).headers.get('content-security-policy')!;
    expect(policy).toBe(sitePolicyOf('127.0.0.1', configured));
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    // The configured remote's origin may send scripts, styles and manifests; the API and identity are reachable.
    expect(directive('script-src')).toContain('https://cdn.example.com');
    expect(policy).not.toContain('unsafe-inline');
    expect(directive('style-src')).toContain('https://cdn.example.com');
    expect(directive('connect-src')).toContain('https://cdn.example.com');
    expect(directive('connect-src')).toContain('https://api.example.com');
    expect(directive('connect-src')).toContain('https://sso.example.com');
    expect(directive('img-src')).toContain('https://api.example.com');
    expect(directive('frame-src')).toContain('https://sso.example.com');
    // The remotes left at their defaults are on this host name, each on its own port.
    expect(directive('script-src')).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
  });

  test('the policy follows the host name the browser used, as /config.json does', async () => {
    const policy = (await fetch(`http://localhost:${port}/`)).headers.get('content-security-policy')!;
    expect(policy).toBe(sitePolicyOf('localhost', configured));
    expect(policy).not.toContain('127.0.0.1');
  });

  test('brotli when the browser offers it, the same once decompressed; identity left as it is', async () => {
    const br = await rawGet(`${base}/static/js/vendor.0badc0de.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(vendorChunk);
    const plain = await rawGet(`${base}/static/js/vendor.0badc0de.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(vendorChunk);
  });

  test('HSTS only when a TLS-terminating proxy says the browser came over HTTPS', async () => {
    const direct = await fetch(`${base}/`);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    const proxied = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

test('a page that breaks the policy is noticed by the browser tests (e2e/support/browser.ts)', async () => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`http://127.0.0.1:${port}/injected.html`);
    expect(await page.title()).toBe('injected'); // the inline script did not run
    const seen: CspViolation[] = [];
    for (const deadline = Date.now() + 10_000; seen.length < 2 && Date.now() < deadline;) {
      seen.push(...takeCspViolations());
      await page.waitForTimeout(20); // a polling interval: the reports come from the page asynchronously
    }
    expect(seen.map((v) => v.directive).sort()).toEqual(['script-src-elem', 'style-src-attr']);
    expect(seen.every((v) => v.page.endsWith('/injected.html') && v.blocked === 'inline')).toBe(true);
  } finally {
    await browser.close();
  }
});
