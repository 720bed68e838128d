/**
 * Serves one built frontend app (the shell or a remote) on its own port, as its own process, the
 * way each is deployed on its own in production.
 *
 *   node scripts/serve-app.mjs <app-dir> <port> [<build-folder>]
 *
 * `<app-dir>` is relative to the repository root (`mf-store`) or absolute (a release folder); `<build-folder>` is the
 * folder under it to serve, `dist` by default (`npm run dev` serves `dist-dev`).
 * - `dist/` of the app, with caching that fits Module Federation: `remoteEntry.js`,
 *   `mf-manifest.json`, `index.html` and `/config.json` are never cached; hashed files under
 *   `static/` are `immutable` for a year.
 * - `/config.json` (docs/decisions/0008-runtime-configuration.md), built per request from the environment.
 * - `/api` proxied to the API (API_INTERNAL_URL, or API_PORT on this machine), so the browser talks to one origin.
 * - A remote's releases (build/app-release.js, docs/decisions/0059-versioned-releases.md): `/releases/<version>/…` from
 *   `<app>/releases/`, immutable; `/release.json` names the newest (`dist-dev` has none: its `release.json` names the
 *   folder itself).
 * - The shell's `/` carries its first screen (docs/decisions/0058-web-tier-renders.md, docs/first-screen.md), rendered
 *   here from the API's data and each first-screen remote's live release, fetched from that remote's own server
 *   (scripts/first-screen/first-screen-renderer.mjs); its stylesheet is served as `/first-screen/<releases>.css` (named
 *   by the releases it is made of, so any replica of this server can make it), and `/metrics` counts its slots per
 *   remote and release (not through a proxy: 403 with X-Forwarded-For).
 * - Which release of each remote a page view and `/config.json` name follows the running configuration of releases
 *   (scripts/release-config.mjs: a pinned live release, a canary), re-read within a second of a change.
 *   `index.html`'s SSI include of the page head is resolved through the API as nginx would (scripts/ssi-include.mjs);
 *   an include the API does not answer with 200 within 2 s is left out.
 * - A browser navigation to a client-side route falls back to `index.html` (scripts/spa-fallback.mjs); any other
 *   path that no file answers is a 404, so a missing chunk under `static/` is never answered with HTML.
 * - Security headers (scripts/security-headers.mjs, docs/decisions/0041-security-headers.md) on every answer it makes
 *   itself: a Content-Security-Policy built from the same `/config.json` the page gets, Referrer-Policy,
 *   Permissions-Policy, X-Content-Type-Options, and HSTS when the browser came over HTTPS. The proxied API answers
 *   carry the API's own.
 * - Compression (docs/decisions/0035-public-read-caching.md), as the gateway's nginx does: brotli or gzip by
 *   Accept-Encoding through the `compression` middleware, with `Vary: Accept-Encoding`; answers under 1 KB are sent as
 *   they are.
 * Remote assets are sent with `Access-Control-Allow-Origin: *` so the host can fetch manifests.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { buildRuntimeConfig } from './runtime-config.mjs';
import { cameOverHttps, securityHeaders } from './security-headers.mjs';
import { repoRoot, siteLayout } from './site-layout.mjs';
import { isNavigationRequest } from './spa-fallback.mjs';
import { fetchInclude, resolveSsi } from './ssi-include.mjs';
import { siteFirstScreen } from './first-screen/site-first-screen.mjs';
import { preparingRemotesReader } from './preparing-remotes.mjs';
import { releaseConfigReader } from './release-config.mjs';
import { EXIT_CONFIGURATION } from './services.mjs';

const [appDir, portArg, buildFolder = 'dist'] = process.argv.slice(2);
const port = Number(portArg);
const distDir = path.resolve(repoRoot, appDir ?? '', buildFolder);
if (!appDir || !Number.isInteger(port) || !fs.existsSync(path.join(distDir, 'index.html'))) {
  console.error(
    `사용법: node scripts/serve-app.mjs <앱 폴더> <포트> [빌드 폴더] (빌드된 ${distDir}/index.html 이 필요합니다)`,
  );
  process.exit(2);
}

// Where this server reaches the API: API_INTERNAL_URL in a container (`http://api:3000`), else this machine's API_PORT.
const apiOrigin = (process.env.API_INTERNAL_URL || `http://127.0.0.1:${siteLayout().apiPort}`).replace(/\/+$/, '');
const noCache = /(^|\/)(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|index\.html|release\.json)$/;
const development = buildFolder !== 'dist';
const releasesDir = path.join(path.dirname(distDir), 'releases');
// The running configuration of remote releases (pins, canary): the page's render and its /config.json follow it.
const releaseConfig = releaseConfigReader();
// The remotes a first `npm start` is still building, when it says so (scripts/preparing-remotes.mjs).
const preparingRemotes = preparingRemotesReader(process.env.SITE_PREPARING_FILE);
const runtimeConfig = (hostname) =>
  buildRuntimeConfig(hostname, process.env, releaseConfig.current(), preparingRemotes());
// Built once at start, so a missing or malformed variable stops the server with its `설정 오류:` message instead of
// failing every request.
try {
  runtimeConfig('localhost');
} catch (error) {
  console.error(error.message);
  process.exit(EXIT_CONFIGURATION);
}
const firstScreen = siteFirstScreen({ distDir, apiOrigin, development, releaseConfig });

const app = express();
app.disable('x-powered-by');
// Whose X-Forwarded-For is believed (the gateway's, in a container network): `req.ip` is then the visitor, whom the
// first screen's and the head's requests to the API name, so the API's rate limits count visitors, not this server.
// The same setting and default as the API's (api/README.md TRUST_PROXY).
app.set('trust proxy', process.env.TRUST_PROXY || 'loopback');
app.use((_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  next();
});
app.use(
  '/api',
  createProxyMiddleware({
    target: `${apiOrigin}/api`,
    changeOrigin: false,
    xfwd: true,
    on: {
      error: (_err, _req, res) => {
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
        }
        res.end(JSON.stringify({ statusCode: 502, message: 'API 서버에 연결할 수 없습니다.' }));
      },
    },
  }),
);
// After the API proxy: the API's answers keep the API's own headers (api/src/common/security-headers.ts).
app.use((req, res, next) => {
  const request = { path: req.path, https: cameOverHttps(req), development };
  res.set(securityHeaders(runtimeConfig(req.hostname), request));
  next();
});
// Same threshold as the gateway (gzip_min_length 1024); brotli first when the browser offers it, at quality 5: the
// shell's main.js is 91 KB raw, 28.2 KB gzip, 28.5 KB at the library's default brotli quality 4 and 26.8 KB at 5.
app.use(compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
app.get('/config.json', (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(runtimeConfig(req.hostname));
});
if (!development && fs.existsSync(releasesDir)) {
  // The newest release, as its own descriptor says (`path: releases/<version>/`).
  app.get('/release.json', async (_req, res, next) => {
    try {
      const { latest } = JSON.parse(await fs.promises.readFile(path.join(releasesDir, 'index.json'), 'utf8'));
      res.setHeader('Cache-Control', 'no-cache');
      res.type('application/json').send(await fs.promises.readFile(path.join(releasesDir, latest, 'release.json')));
    } catch (error) {
      next(error);
    }
  });
  // A release never changes once published: every file of it is immutable, its remoteEntry.js too.
  app.use(
    '/releases',
    express.static(releasesDir, {
      index: false,
      dotfiles: 'ignore',
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
}
if (firstScreen) {
  // For the operator's scraper on the server's own network, never through the gateway (which adds X-Forwarded-For):
  // the same rule as the API's /metrics.
  app.get('/metrics', async (req, res) => {
    if (req.get('x-forwarded-for')) {
      res.status(403).type('text/plain; charset=utf-8').send('Forbidden');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(firstScreen.metrics.contentType).send(await firstScreen.metrics.metrics());
  });
  // Ready when a visitor gets the whole first screen (npm start's readiness check).
  app.get('/first-screen/ready', async (_req, res) => {
    const missing = await firstScreen.missing();
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(missing.length === 0 ? 200 : 503)
      .type('text/plain; charset=utf-8')
      .send(missing.length === 0 ? '준비됨' : `첫 화면을 아직 그릴 수 없습니다: ${missing.join(', ')}`);
  });
  app.get('/first-screen/:file', async (req, res) => {
    const css = await firstScreen.stylesheet(req.params.file);
    if (css === null) {
      res.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('text/css; charset=utf-8').send(css);
  });
}
app.use(
  express.static(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      if (noCache.test(relative)) res.setHeader('Cache-Control', 'no-cache');
      else if (relative.startsWith('static/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  }),
);
const indexFile = path.join(distDir, 'index.html');
app.use(async (req, res, next) => {
  if (!isNavigationRequest(req)) {
    res.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return;
  }
  res.setHeader('Cache-Control', 'no-cache');
  try {
    const page = await fs.promises.readFile(indexFile, 'utf8');
    if (!page.includes('<!--#') && !firstScreen) {
      res.sendFile(indexFile);
      return;
    }
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    // The visitor's address only, never the Host it sent (scripts/ssi-include.mjs forwardedHeaders,
    // docs/decisions/0095-no-host-derived-urls.md).
    const forwarded = { forwardedFor: req.ip };
    const [withHead, first] = await Promise.all([
      resolveSsi(page, (virtual) => fetchInclude(apiOrigin, virtual, forwarded)),
      firstScreen && req.path === '/' ? firstScreen.render(query, forwarded) : null,
    ]);
    res.type('text/html; charset=utf-8').send(firstScreen ? firstScreen.fill(withHead, first) : withHead);
  } catch (error) {
    next(error);
  }
});

// Express 5 also calls this with the error when the port cannot be opened: only a successful listen is announced (the
// 'error' handler below reports the failure and exits).
const server = app.listen(port, (error) => {
  if (!error) console.log(`${appDir} listening on http://localhost:${port}`);
});
server.on('error', (error) => {
  console.error(`${appDir}: 포트 ${port} 를 열 수 없습니다 (${error.message})`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    void firstScreen?.close();
  });
}
