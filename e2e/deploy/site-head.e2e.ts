import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type ApiProcess, startApiProcess } from '../../api/src/test/api-process';
import { stablePort } from '../../api/src/test/stable-ports';
import { createMigratedTestDatabase } from '../../api/src/test/test-database';
import { DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_NAME } from '../../api/src/config/app-config';
import { THEME_COLOR } from '../../api/src/site-head/site-head';
import { rawGet } from '../support/raw-get';
import { serveApp } from '../support/static-app';
import { repoRoot } from './local-nginx';
import { siteRemotes } from './site-scripts';

jest.setTimeout(180_000);

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS build configuration
const webpackApp = require('../../build/webpack-app.js') as {
  DEFAULT_SITE_DESCRIPTION: string;
  THEME_COLOR: string;
};

const DIST = path.join(repoRoot, 'shell', 'dist');
const INCLUDE = '<!--# include virtual="/api/site/head" stub="site-head-defaults" -->';
const BLOCK = /<!--# block name="site-head-defaults" -->([\s\S]*?)<!--# endblock -->/;

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern, 'g')) ?? []).length;

/** A database, an API process with `env` on it, and the shell's site server in front, as its image runs it. */
async function startSite(databaseName: string, env: Record<string, string>) {
  const database = await createMigratedTestDatabase(databaseName);
  const apiPort = await stablePort();
  let api: ApiProcess | null = await startApiProcess(apiPort, { DATABASE_URL: database.url, REDIS_URL: '', ...env });
  const port = await stablePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-site-head-'));
  // The site-server image's environment (docker-compose.yml `shell`); no remote answers (port 9): the head is what is
  // looked at here, and the first screen goes without its slots.
  const server = await serveApp('shell', port, {
    API_INTERNAL_URL: `http://127.0.0.1:${apiPort}`,
    DATA_DIR: dataDir,
    ...Object.fromEntries(
      siteRemotes().map((r) => [`REMOTE_${r.name.toUpperCase()}_INTERNAL_URL`, 'http://127.0.0.1:9/']),
    ),
  });
  return {
    url: `http://127.0.0.1:${port}`,
    /** Stops the API alone (the site server stays up). */
    stopApi: async () => {
      await api?.terminate();
      api = null;
    },
    stop: async () => {
      await server.stop();
      await api?.terminate();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * docs/decisions/0033-head-and-link-preview.md, the static half of the page's head: the shell's built index.html
 * (build/webpack-app.js htmlTemplate, built by the e2e project's global setup) and the icon files it links to; and,
 * served by the shell's site server as its image runs it (scripts/serve-app.mjs, the gateway's upstream for every page:
 * the gateway has no SSI of its own), that the include is replaced by the API's `/api/site/head` with no tag twice, and
 * that the block's defaults stand in when the API does not answer.
 */
describe('the shell head: static icons and manifest, the API head included (docs/decisions/0033-head-and-link-preview.md)', () => {
  const html = () => fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');

  it('holds the include once, its defaults in the SSI block, and the static tags once, outside it', () => {
    const page = html();
    expect(count(page, /<!--# include virtual="\/api\/site\/head"/)).toBe(1);
    expect(page).toContain(INCLUDE);
    const block = BLOCK.exec(page)?.[1] ?? '';
    expect(block).toMatch(/^<title>링크 &amp; 일정<\/title>\s*<meta name="description" content="([^"]+)"\s*\/?>$/);
    expect(block).toContain(DEFAULT_SITE_DESCRIPTION);
    const outside = page.replace(BLOCK, '');
    expect(count(outside, /<title>/)).toBe(0);
    for (const tag of [
      /<link rel="icon" href="\/favicon.svg" type="image\/svg\+xml"\s*\/?>/,
      /<link rel="icon" href="\/favicon-32.png" sizes="32x32" type="image\/png"\s*\/?>/,
      /<link rel="apple-touch-icon" href="\/apple-touch-icon.png" sizes="180x180"\s*\/?>/,
      /<link rel="manifest" href="\/api\/site\/manifest.webmanifest"\s*\/?>/,
      new RegExp(`<meta name="theme-color" content="${THEME_COLOR}"\\s*/?>`),
    ]) {
      expect(count(outside, tag)).toBe(1);
    }
    // The build's and the API's defaults are one: the description and the theme colour.
    expect(webpackApp.DEFAULT_SITE_DESCRIPTION).toBe(DEFAULT_SITE_DESCRIPTION);
    expect(webpackApp.THEME_COLOR).toBe(THEME_COLOR);
  });

  it('links only to icon files that exist in the build at their stated sizes', async () => {
    const links = [
      ...html().matchAll(/<link rel="(?:icon|apple-touch-icon)" href="\/([^"]+)"(?: sizes="(\d+)x\d+")?/g),
    ];
    expect(links.map((l) => l[1])).toEqual(['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png']);
    for (const [, file, size] of links) {
      const meta = await sharp(path.join(DIST, file!)).metadata();
      if (file!.endsWith('.svg')) {
        expect(meta).toMatchObject({ format: 'svg', width: 512, height: 512 });
      } else {
        expect(meta).toMatchObject({ format: 'png', width: Number(size), height: Number(size) });
      }
    }
    // The manifest's icons (api/src/site-head/site-head.ts siteManifest) are in the build too.
    for (const size of [192, 512]) {
      expect(await sharp(path.join(DIST, `icon-${size}.png`)).metadata()).toMatchObject({ width: size, height: size });
    }
  });

  describe("through the shell's site server", () => {
    let site: Awaited<ReturnType<typeof startSite>> | undefined;

    beforeAll(async () => {
      site = await startSite('linksite_site_head', {
        SITE_NAME: 'SSI 시험 가게',
        PUBLIC_SITE_URL: 'https://links.example.com',
      });
    });

    afterAll(async () => {
      await site?.stop();
    });

    it('replaces the include by the API head, with one title and one description, and the stub without the API', async () => {
      const served = await (await fetch(`${site!.url}/`)).text();
      expect(served).not.toContain('<!--#');
      expect(count(served, /<title>/)).toBe(1);
      expect(served).toContain('<title>SSI 시험 가게</title>');
      expect(count(served, /<meta name="description"/)).toBe(1);
      expect(served).toContain('<meta property="og:url" content="https://links.example.com/" />');
      expect(served).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(count(served, /rel="manifest"/)).toBe(1);
      expect(count(served, /rel="icon"/)).toBe(2);

      await site!.stopApi();
      const fallback = await (await fetch(`${site!.url}/`)).text();
      expect(fallback).not.toContain('<!--#');
      expect(count(fallback, /<title>/)).toBe(1);
      expect(fallback).toContain(`<title>${DEFAULT_SITE_NAME.replace('&', '&amp;')}</title>`);
      expect(fallback).toContain(DEFAULT_SITE_DESCRIPTION);
      expect(fallback).not.toContain('og:');
      expect(count(fallback, /rel="icon"/)).toBe(2);
    });
  });

  // docs/decisions/0095-no-host-derived-urls.md: this server once passed the visitor's Host on to the API as
  // X-Forwarded-Host, and the API built the head's canonical URL, og:url and og:image from it when PUBLIC_SITE_URL was
  // unset, keeping that head per host and telling shared caches to keep it too.
  describe("through the shell's site server, without PUBLIC_SITE_URL", () => {
    let site: Awaited<ReturnType<typeof startSite>> | undefined;

    beforeAll(async () => {
      site = await startSite('linksite_site_head_hosts', {});
    });

    afterAll(async () => {
      await site?.stop();
    });

    it('never puts a Host or X-Forwarded-Host the visitor sent in the page or the head', async () => {
      const forged: Record<string, string>[] = [
        { Host: 'evil.example' },
        { 'X-Forwarded-Host': 'evil.example' },
        { Host: 'evil.example:8443', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      ];
      for (const headers of forged) {
        for (const address of ['/', '/main/list', '/api/site/head']) {
          const foreign = await rawGet(`${site!.url}${address}`, { Accept: 'text/html', ...headers });
          expect([address, foreign.status]).toEqual([address, 200]);
          expect(foreign.body).not.toContain('evil.example');
          expect(foreign.body).toContain('<link rel="canonical" href="/" />');
          expect(foreign.body).toContain('<meta property="og:image" content="/api/site/og.jpg?v=1-default" />');
          const plain = await rawGet(`${site!.url}${address}`, { Accept: 'text/html' });
          expect(plain.body).not.toContain('evil.example');
          expect(plain.body).toContain('<meta property="og:url" content="/" />');
        }
      }
    });
  });
});
