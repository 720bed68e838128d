/**
 * The production gateway and static-server nginx configurations (deploy/), run by Debian's nginx on
 * loopback in front of the built apps and a running API (docs/decisions/0016-compose-and-gateway.md), and driven in
 * Chromium. The API and the embedded identity provider are started as `npm start` starts them; the remotes are served
 * by deploy/web/nginx-static.conf from roots laid out as their images lay them out (dist/ and their releases), the
 * shell by its site server (scripts/serve-app.mjs, as its image runs it), and every browser request goes through the
 * gateway: / and /config.json → the shell's site server (the one writer of /config.json and of the pages' policy),
 * /remotes/<name>/ → each remote (routes written by deploy/gateway/write-remote-routes.sh), /api → API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { createMigratedTestDatabase } from '../../api/src/test/test-database';
import { launchChromium } from '../support/browser';
import { waitForAppTakeover } from '../support/first-screen';
import { RunningSite, startSite } from '../support/site';
import { secondsUntil } from '../support/poll';
import { LocalGateway, nginxBinary, repoRoot, startLocalGateway, writeRemoteRoutes } from './local-nginx';
import { sitePolicyOf, siteRemotes } from './site-scripts';

jest.setTimeout(120_000);

const remotes = siteRemotes();

describe("deploy/gateway/write-remote-routes.sh writes the gateway's routes to the remotes", () => {
  const REMOTES = remotes.map((r) => `${r.name}=${r.dir}:8080`).join(' ');

  /** The script's exit, its error output and the remotes.conf it wrote (null when none), run with exactly `env`. */
  function run(env: Record<string, string>): { status: number | null; stderr: string; conf: string | null } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-routes-'));
    try {
      const result = writeRemoteRoutes({ ...env, LINKSITE_RUNTIME_DIR: dir });
      const file = path.join(dir, 'remotes.conf');
      return { ...result, conf: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  test("one location per remote, its prefix stripped, the static server's headers passed on; nothing else", () => {
    const { status, conf } = run({ REMOTES });
    expect(status).toBe(0);
    const locations = [...conf!.matchAll(/^location \/remotes\/([a-z_]+)\/ \{$/gm)].map((m) => m[1]);
    expect(locations).toEqual(remotes.map((r) => r.name));
    expect(conf).toContain('set $linksite_remote mf-store:8080;\n    rewrite ^/remotes/mf_store/(.*)$ /$1 break;');
    expect(conf).not.toContain('Content-Security-Policy');
  });

  test.each([
    [{}, 'REMOTES 가 필요합니다'],
    [{ REMOTES: 'mf-store=mf-store:8080' }, 'snake_case'],
    [{ REMOTES: 'mf_store=mf-store' }, '<호스트:포트>'],
    [{ REMOTES: 'mf_store=mf-store:8080;evil' }, '<호스트:포트>'],
  ])('refuses %j naming %s, writing nothing', (env: Record<string, string>, named) => {
    const { status, stderr, conf } = run(env);
    expect(status).toBe(1);
    expect(stderr).toContain('설정 오류:');
    expect(stderr).toContain(named);
    expect(conf).toBeNull();
  });
});

// nginx is installed by .ci/run; only a developer machine without it skips the browser part.
const describeWithNginx = nginxBinary || process.env.CI ? describe : describe.skip;
if (!nginxBinary && !process.env.CI) {
  console.warn('gateway.e2e.ts: nginx is not installed (apt-get install nginx); the gateway tests are skipped.');
}

describeWithNginx('the composed site through the production nginx configuration', () => {
  const SITE_PORT = 17080;
  const API_PORT = 17000;
  const IDP_PORT = 17090;
  const GATEWAY_PORT = 17180;
  const gatewayOrigins = [`http://localhost:${GATEWAY_PORT}`, `http://127.0.0.1:${GATEWAY_PORT}`];
  const apps = [{ dir: 'shell' }, ...remotes].map((app, index) => ({ dir: app.dir, port: GATEWAY_PORT + 1 + index }));

  let site: RunningSite;
  let gateway: LocalGateway;
  let dropDatabase: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    const database = await createMigratedTestDatabase('linksite_e2e_gateway');
    dropDatabase = database.drop;
    site = await startSite({
      DATABASE_URL: database.url,
      SITE_PORT: String(SITE_PORT),
      API_PORT: String(API_PORT),
      IDP_PORT: String(IDP_PORT),
      IDP_APP_ORIGINS: gatewayOrigins.join(','),
    });
    gateway = await startLocalGateway({
      gatewayPort: GATEWAY_PORT,
      apps,
      remotes,
      apiPort: API_PORT,
      keycloakPort: IDP_PORT,
      // No Keycloak on this machine: the shell signs in against the embedded provider instead.
      siteEnv: { AUTH_MODE: 'oidc', OIDC_ISSUER: `http://localhost:${IDP_PORT}` },
    });
    browser = await launchChromium();
  }, 420_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    if (site) expect(await site.stop()).toBe(0);
    await dropDatabase?.();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
    await context.route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>외부</title>' }),
    );
  });

  afterEach(async () => {
    await context?.close();
  });

  /** The version of `remote`'s live release, as its own release.json says through the gateway. */
  async function liveRelease(remote: string): Promise<string> {
    const response = await fetch(`${gateway.url}/remotes/${remote}/release.json`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { version: string }).version;
  }

  test('/ shows the store cards, and every remote loads through /remotes/<name>/ of the gateway', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('requestfinished', (request) => requests.push(request.url()));
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('[data-testid="store-card"]');
    expect(await page.locator('[data-testid="store-card"]').count()).toBeGreaterThanOrEqual(24);
    await page.waitForSelector('[data-testid="plan-status"]');
    // The served first screen (docs/decisions/0032-server-rendered-first-screen.md) is hydrated by the remotes once
    // they have loaded.
    await waitForAppTakeover(page);

    expect(requests).toContain(`${gateway.url}/config.json`);
    // The store's slot is hydrated with the release that rendered it (docs/first-screen.md), from that release's
    // folder on the remote's server: its remoteEntry.js and the chunks beside it.
    const store = await liveRelease('mf_store');
    const storeRelease = `${gateway.url}/remotes/mf_store/releases/${store}/`;
    expect(requests).toContain(`${storeRelease}remoteEntry.js`);
    expect(requests).not.toContain(`${gateway.url}/remotes/mf_store/remoteEntry.js`);
    expect(requests.some((u) => u.startsWith(`${storeRelease}static/js/`) && u.endsWith('.chunk.js'))).toBe(true);
    // A visitor's banner on / is the served markup (docs/first-screen.md): mf_plans loads where the banner is not
    // served, such as /reserve opened directly.
    expect(requests.filter((u) => u.startsWith(`${gateway.url}/remotes/mf_plans/`))).toEqual([]);
    // The store's data came with the page (docs/decisions/0032-server-rendered-first-screen.md): not read again.
    expect(requests.some((u) => u.startsWith(`${gateway.url}/api/store`))).toBe(false);
    fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'test-results', 'gateway-store-page.png') });
    await page.goto(`${gateway.url}/reserve`);
    await page.waitForSelector('[data-testid="plan-status"]');
    expect(requests).toContain(`${gateway.url}/remotes/mf_plans/remoteEntry.js`);
    // Nothing but the gateway (and the identity provider) is asked: not the apps' own servers.
    for (const origin of new Set(requests.map((u) => new URL(u).origin))) {
      expect([gateway.url, `http://localhost:${IDP_PORT}`]).toContain(origin);
    }
  });

  test("the served / holds the first screen the shell's site server rendered: every card and link, the banner, its data and releases", async () => {
    const store = ((await (await fetch(`${gateway.url}/api/store`)).json()) as { product: { link: string | null }[] })
      .product;
    const response = await fetch(`${gateway.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = await response.text();
    expect(html).not.toMatch(/<!--[#!]/);
    expect(html).toMatch(/<div id="root"><div class="app"><header class="app__banner">/);
    expect(html.match(/data-testid="store-card"/g)).toHaveLength(store.length);
    for (const { link } of store) if (link) expect(html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('data-testid="plan-item"');
    expect(html).toContain('<script type="application/json" id="first-screen-data">');
    // Each slot names the release that rendered it: the live one, as the remote's own release.json says.
    const served = JSON.parse(
      /<script type="application\/json" id="first-screen-releases">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
    ) as Record<string, { version: string; path: string }>;
    const live = { mf_store: await liveRelease('mf_store'), mf_plans: await liveRelease('mf_plans') };
    expect(served).toEqual({
      mf_store: { version: live.mf_store, path: `releases/${live.mf_store}/` },
      mf_plans: { version: live.mf_plans, path: `releases/${live.mf_plans}/` },
    });
    // Its stylesheet is the site server's own, through the gateway, named by the releases it is made of (so any replica
    // of the site server can make it).
    const stylesheet =
      /<link rel="stylesheet" href="(\/first-screen\/shell@[0-9a-f]{12}(?:~mf_[a-z]+@[0-9a-f]{12}){2}\.css)"/.exec(
        html,
      )?.[1];
    expect(stylesheet).toBeDefined();
    const css = await fetch(`${gateway.url}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.store-card');
    // `/?tag=…`: the site server passes the page's tag on to the API, so that tag's cards are served, with the filter
    // line (other parameters change nothing).
    const [word] = ((await (await fetch(`${gateway.url}/api/tag/list`)).json()) as { product: { text: string }[] })
      .product;
    const tag = encodeURIComponent(word!.text);
    const tagged = (
      (await (await fetch(`${gateway.url}/api/store/page?tag=${tag}`)).json()) as {
        product: { items: unknown[] };
      }
    ).product.items;
    expect(tagged.length).toBeLessThan(store.length);
    const filtered = await (await fetch(`${gateway.url}/?utm_source=kakao&tag=${tag}`)).text();
    expect(filtered.match(/data-testid="store-card"/g)).toHaveLength(tagged.length);
    expect(filtered).toContain('data-testid="tag-filter"');
    // A tag the API refuses: no first screen at all (the page renders in the browser), never an error text.
    const refusedTag = await (await fetch(`${gateway.url}/?tag=${encodeURIComponent('a/b')}`)).text();
    expect(refusedTag).toContain('<div id="root"></div>');
    expect(refusedTag).not.toContain('error occurred');
    // Other routes have no first screen.
    const route = await (await fetch(`${gateway.url}/plan/list`)).text();
    expect(route).toContain('<div id="root"></div>');
    expect(route).not.toContain('first-screen');
    // The API answers the first screen's data only, as any API route through the gateway.
    const data = await fetch(`${gateway.url}/api/site/first-screen`);
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test("a remote's release.json names its live release, never cached; the release's files are immutable", async () => {
    const descriptor = await fetch(`${gateway.url}/remotes/mf_store/release.json`);
    expect(descriptor.status).toBe(200);
    expect(descriptor.headers.get('cache-control')).toBe('no-cache');
    const { version, path: folder } = (await descriptor.json()) as { version: string; path: string };
    expect(folder).toBe(`releases/${version}/`);
    const page = await (await fetch(`${gateway.url}/`)).text();
    expect(page).toContain(`"mf_store":{"version":"${version}"`);
    for (const file of ['remoteEntry.js', 'server/first-screen.js']) {
      const response = await fetch(`${gateway.url}/remotes/mf_store/releases/${version}/${file}`);
      expect([file, response.status, response.headers.get('cache-control')]).toEqual([
        file,
        200,
        'public, max-age=31536000, immutable',
      ]);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // A release that is not there is a plain 404, never a page.
    const missing = await fetch(`${gateway.url}/remotes/mf_store/releases/000000000000/remoteEntry.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/text\/html/);
  });

  /** `/config.json` through the gateway: its text and its Cache-Control. */
  async function gatewayConfig(): Promise<{ text: string; cacheControl: string | null }> {
    const response = await fetch(`${gateway.url}/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return { text: await response.text(), cacheControl: response.headers.get('cache-control') };
  }

  test("/config.json is the shell's site server's, byte for byte, and never kept", async () => {
    const shell = await fetch(`http://localhost:${apps[0]!.port}/config.json`);
    const { text, cacheControl } = await gatewayConfig();
    expect(text).toBe(await shell.text());
    expect([cacheControl, shell.headers.get('cache-control')]).toEqual(['no-store', 'no-store']);
    const config = JSON.parse(text) as { apiBaseUrl: string; remotes: Record<string, string>; auth: { mode: string } };
    expect(config.apiBaseUrl).toBe('/api');
    // REMOTE_URL_TEMPLATE (docker-compose.yml's shell): every remote under the gateway, on the page's own origin.
    expect(config.remotes).toEqual(
      Object.fromEntries(remotes.map((r) => [r.name, `/remotes/${r.name}/remoteEntry.js`])),
    );
    expect(config.auth.mode).toBe('oidc');
  });

  test("a pinned live release reaches the gateway's /config.json within 10 s, and the screens that load the remote follow it", async () => {
    const plans = await liveRelease('mf_plans');
    const pinnedEntry = `/remotes/mf_plans/releases/${plans}/remoteEntry.js`;
    const namedEntry = async () =>
      (JSON.parse((await gatewayConfig()).text) as { remotes: Record<string, string> }).remotes.mf_plans;
    /** Writes the running configuration of releases (replaced whole, as an operator's tool would). */
    const configure = (config: Record<string, unknown>) => {
      fs.writeFileSync(`${gateway.releasesFile}.tmp`, JSON.stringify(config));
      fs.renameSync(`${gateway.releasesFile}.tmp`, gateway.releasesFile);
    };
    expect(await namedEntry()).toBe('/remotes/mf_plans/remoteEntry.js');
    configure({ mf_plans: { live: plans } });
    try {
      const seconds = await secondsUntil(async () => (await namedEntry()) === pinnedEntry, 10_000);
      console.log(`pinned release → in the gateway's /config.json: ${seconds.toFixed(2)} s`);
      // A screen with no first screen, opened directly, loads the remote from /config.json: the pinned release's
      // entry, as an administrator's screens do after a rollback.
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('requestfinished', (request) => requests.push(request.url()));
      await page.goto(`${gateway.url}/reserve`);
      await page.waitForSelector('[data-testid="plan-status"]');
      expect(requests).toContain(`${gateway.url}${pinnedEntry}`);
      expect(requests).not.toContain(`${gateway.url}/remotes/mf_plans/remoteEntry.js`);
    } finally {
      // Unpinned: the live entry again.
      configure({});
      await secondsUntil(async () => (await namedEntry()) === '/remotes/mf_plans/remoteEntry.js', 10_000);
    }
  });

  test('entry files are no-cache, hashed chunks immutable for a year, remote assets open to any origin', async () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      const response = await fetch(`${gateway.url}/remotes/mf_store/${file}`);
      expect([file, response.status, response.headers.get('cache-control')]).toEqual([file, 200, 'no-cache']);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const index = await fetch(`${gateway.url}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const main = /src="?(\/static\/js\/main\.[0-9a-f]{8}\.js)/.exec(await index.text())?.[1];
    expect(main).toBeDefined();
    const chunk = await fetch(`${gateway.url}${main}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('client-side routes fall back to index.html; a missing file is a 404, not HTML', async () => {
    const route = await fetch(`${gateway.url}/plan/list`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/^text\/html/);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${gateway.url}/static/js/missing.0000abcd.js`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/remotes/mf_store/static/js/missing.0000abcd.chunk.js`)).status).toBe(404);
  });

  test("the shell's pages and files carry its own policy, built from the gateway's /config.json, once", async () => {
    const config = await (await fetch(`${gateway.url}/config.json`)).json();
    const policy = sitePolicyOf('', {}, { config });
    // The remotes are on the page's origin ('self'), beside the early-tap listener's hash
    // (docs/decisions/0073-every-tap-counted.md: scripts/first-screen/early-clicks.mjs); the identity provider is
    // elsewhere.
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='; /);
    expect(policy).toContain(`connect-src 'self' http://localhost:${IDP_PORT}; `);
    expect(policy).toContain(`frame-src 'self' http://localhost:${IDP_PORT}; `);
    for (const url of ['/', '/plan/list', '/config.json', '/static/js/nope.js']) {
      const response = await fetch(`${gateway.url}${url}`);
      // One header each (fetch joins repeated ones with ", ").
      expect([url, response.headers.get('content-security-policy')]).toEqual([url, policy]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toBe(
        'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
      );
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const sso = await fetch(`${gateway.url}/silent-check-sso.html`);
    expect(sso.status).toBe(200);
    expect(sso.headers.get('content-security-policy')).toBe(sitePolicyOf('', {}, { config, framedBySelf: true }));
    // A remote's files keep their static server's framing-only policy (deploy/web/nginx-static.conf says why): the
    // page that loads them is governed by the shell's.
    for (const url of ['/remotes/mf_store/remoteEntry.js', '/remotes/mf_store/']) {
      const response = await fetch(`${gateway.url}${url}`);
      expect([url, response.status, response.headers.get('content-security-policy')]).toEqual([
        url,
        200,
        "object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
      ]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  test("the gateway answers its probes' health check itself, not an upstream", async () => {
    // local-nginx.ts startApiGateway waits on it with no shell and no remote behind the gateway.
    const health = await fetch(`${gateway.url}/gateway/health`);
    expect([health.status, await health.text()]).toEqual([200, 'ok\n']);
  });

  test('HSTS only behind HTTPS, once; the API keeps its own policy', async () => {
    const page = await fetch(`${gateway.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const api = await fetch(`${gateway.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    // helmet's own rendering of api/src/common/security-headers.ts API_CSP, untouched by the gateway.
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers.get('strict-transport-security')).not.toContain(',');
    expect(api.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  });

  test('the API answers under /api, security headers are set, a 11 MB body is let through', async () => {
    const health = await fetch(`${gateway.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    expect(health.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    // Not 413 from nginx: the body reaches the API, which has no such route.
    const large = await fetch(`${gateway.url}/api/health`, { method: 'POST', body: new Uint8Array(11 * 1024 * 1024) });
    expect(large.status).toBe(404);
  });
});
