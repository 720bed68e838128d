/**
 * `npm start`'s static server (scripts/serve-app.mjs) and the production static server (deploy/web/nginx-static.conf,
 * run by Debian's nginx) over real HTTP, serving a small stand-in build folder and its releases (no webpack needed):
 * which requests the single-page-app fallback answers (docs/decisions/0041-security-headers.md), the security headers
 * (docs/decisions/0041-security-headers.md), compression (docs/decisions/0035-public-read-caching.md) and a remote's
 * releases by version (build/app-release.js); and how a remote's static image publishes its release at start
 * (deploy/web/publish-release.sh). The gateway proxies / and /remotes/<name>/ to these servers, so their 404s and their
 * Content-Security-Policy are the gateway's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { stablePortBlock } from '../../api/src/test/stable-ports';
import { CspViolation, launchChromium, takeCspViolations } from '../support/browser';
import { serveApp } from '../support/static-app';
import { layOutStaticRoot, nginxBinary, repoRoot, startStaticNginx } from './local-nginx';
import { sitePolicyOf } from './site-scripts';

// Both from a block outside Linux's ephemeral range (api/src/test/stable-ports.ts): a fixed port inside it (34010)
// was once taken by another test's outgoing connection, and the server could not listen.
let port: number;
let nginxPort: number;
let imagePort: number;
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
/** The stand-in app's releases (build/app-release.js's layout): an earlier one and the newest. */
const releases = { earlier: 'a1b2c3d4e5f6', newest: '0f1e2d3c4b5a' };
const descriptorOf = (version: string) => ({
  name: 'mf_standin',
  version,
  path: `releases/${version}/`,
  builtAt: '2026-11-27T04:00:00.000Z',
});

/** Writes release `version` of the stand-in app into `dir` (`<dir>/<version>/`), as build/app-release.js does. */
function writeRelease(dir: string, version: string): void {
  const folder = path.join(dir, version);
  fs.mkdirSync(path.join(folder, 'static', 'js'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'remoteEntry.js'), `/* mf_standin ${version} */`);
  fs.writeFileSync(path.join(folder, 'static', 'js', 'store.1a2b3c4d.chunk.js'), `/* ${version} */`);
  fs.writeFileSync(path.join(folder, 'server', 'first-screen.js'), `exports.render = () => '${version}';`);
  fs.writeFileSync(path.join(folder, 'release.json'), `${JSON.stringify(descriptorOf(version), null, 2)}\n`);
}

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
  port = await stablePortBlock(3);
  nginxPort = port + 1;
  imagePort = port + 2;
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
  // A remote's releases beside its dist/, newest first in index.json (build/app-release.js).
  const releasesDir = path.join(appDir, 'releases');
  for (const version of Object.values(releases)) writeRelease(releasesDir, version);
  fs.writeFileSync(
    path.join(releasesDir, 'index.json'),
    JSON.stringify({
      name: 'mf_standin',
      latest: releases.newest,
      releases: [{ version: releases.newest }, { version: releases.earlier }],
    }),
  );
  server = await serveApp(appDir, port, configured);
  if (nginxBinary) {
    // The web root as the remote's static image lays it out (deploy/web/Dockerfile, target static).
    const root = path.join(appDir, 'image-root');
    layOutStaticRoot(appDir, root);
    nginx = await startStaticNginx(root, nginxPort);
  }
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

describe.each(servers)('%s: security headers and compression', (server, portOf) => {
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
    // npm start's server serves the site's pages, which may use the camera on their own origin (the door check-in
    // screen, docs/decisions/0081-camera-check-in.md); a remote's static server serves no page of the site and keeps it
    // off.
    const camera = server === "npm start's server" ? 'camera=(self)' : 'camera=()';
    expect(response.headers.get('permissions-policy')).toBe(
      `${camera}, microphone=(), geolocation=(), payment=(), usb=()`,
    );
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

describe.each(servers)("%s: a remote's releases by version", (_server, portOf) => {
  let base = '';
  beforeAll(() => {
    base = `http://127.0.0.1:${portOf()}`;
  });

  test("/release.json is the newest release's descriptor, revalidated every time", async () => {
    const response = await fetch(`${base}/release.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(descriptorOf(releases.newest));
  });

  test.each(Object.entries(releases))(
    'every file of the %s release is immutable for a year and open to any origin, its remoteEntry.js too',
    async (_label, version) => {
      for (const file of ['remoteEntry.js', 'static/js/store.1a2b3c4d.chunk.js', 'server/first-screen.js']) {
        const response = await fetch(`${base}/releases/${version}/${file}`);
        expect([file, response.status, response.headers.get('cache-control')]).toEqual([
          file,
          200,
          'public, max-age=31536000, immutable',
        ]);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('content-type')).toMatch(/javascript/);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await response.text()).toContain(version);
      }
    },
  );

  test.each([
    ['a release that is not there', '/releases/000000000000/remoteEntry.js'],
    ['a file a release does not have', `/releases/${releases.newest}/static/js/missing.0000abcd.chunk.js`],
  ])('%s is a 404, not HTML', async (_label, url) => {
    const response = await fetch(`${base}${url}`, { headers: navigation });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/text\/html/);
  });
});

/** deploy/web/publish-release.sh run with `sh` and exactly `env` (plus PATH), as the image's entrypoint runs it. */
function publishRelease(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('sh', [path.join(repoRoot, 'deploy/web/publish-release.sh')], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOSTNAME: 'mf-standin-1', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const describeWithNginx = nginxBinary || process.env.CI ? describe : describe.skip;

describeWithNginx("a remote's static image: its release published at start, earlier ones kept in the volume", () => {
  let dir: string;
  let volume: string;
  let image: { stop: () => Promise<void> } | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-static-image-'));
    fs.chmodSync(dir, 0o755);
    // The releases volume, the folder mounted at /usr/share/nginx/html/releases (here: linked from the web root).
    volume = path.join(dir, 'volume');
    fs.mkdirSync(volume);
  });

  afterAll(async () => {
    await image?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The folders of one image (deploy/web/Dockerfile, target static) built at `version`. */
  function imageOf(version: string): { kept: string; root: string } {
    const kept = path.join(dir, `kept-${version}`);
    writeRelease(kept, version);
    const root = path.join(dir, `root-${version}`);
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>mf_standin</title>');
    fs.writeFileSync(path.join(root, 'remoteEntry.js'), `/* mf_standin ${version} */`);
    fs.symlinkSync(volume, path.join(root, 'releases'));
    fs.symlinkSync(`releases/${version}/release.json`, path.join(root, 'release.json'));
    return { kept, root };
  }

  test('the next image adds its release beside the previous one, and names it only once it is whole', async () => {
    const previous = imageOf(releases.earlier);
    const first = publishRelease({ LINKSITE_RELEASE_DIR: previous.kept, LINKSITE_RELEASES_ROOT: volume });
    expect(first).toMatchObject({ status: 0, stderr: '' });
    expect(first.stdout).toContain(`release ${releases.earlier} published`);

    const next = imageOf(releases.newest);
    image = await startStaticNginx(next.root, imagePort);
    const base = `http://127.0.0.1:${imagePort}`;
    // Before its start script has run, the new container's release.json names nothing (a dangling link: 404).
    expect((await fetch(`${base}/release.json`)).status).toBe(404);

    const second = publishRelease({ LINKSITE_RELEASE_DIR: next.kept, LINKSITE_RELEASES_ROOT: volume });
    expect(second).toMatchObject({ status: 0, stderr: '' });
    expect(fs.readdirSync(volume).sort()).toEqual(Object.values(releases).sort());
    const descriptor = await fetch(`${base}/release.json`);
    expect(descriptor.headers.get('cache-control')).toBe('no-cache');
    expect(await descriptor.json()).toEqual(descriptorOf(releases.newest));
    // A page rendered with the previous release still finds it after the deploy.
    for (const version of Object.values(releases)) {
      const entry = await fetch(`${base}/releases/${version}/remoteEntry.js`);
      expect([version, entry.status, entry.headers.get('cache-control')]).toEqual([
        version,
        200,
        'public, max-age=31536000, immutable',
      ]);
    }

    // A restart of the same image leaves its published release as it is.
    const stamp = fs.statSync(path.join(volume, releases.newest, 'remoteEntry.js')).mtimeMs;
    const again = publishRelease({ LINKSITE_RELEASE_DIR: next.kept, LINKSITE_RELEASES_ROOT: volume });
    expect(again).toMatchObject({ status: 0, stderr: '' });
    expect(again.stdout).toContain(`release ${releases.newest} already in`);
    expect(fs.statSync(path.join(volume, releases.newest, 'remoteEntry.js')).mtimeMs).toBe(stamp);
    expect(fs.readdirSync(volume).sort()).toEqual(Object.values(releases).sort());
  });

  test('refuses to start without the releases folder (no volume mounted), saying so', () => {
    const result = publishRelease({
      LINKSITE_RELEASE_DIR: path.join(appDir, 'releases'),
      LINKSITE_RELEASES_ROOT: path.join(dir, 'not-mounted'),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('릴리스 폴더');
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
