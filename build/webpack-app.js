// @ts-check
/**
 * One webpack configuration for every browser app of the monorepo (shell and remotes).
 *
 *   module.exports = createAppConfig({ dir: __dirname, name: 'mf_store', title: '...', exposes: { './StorePage': ... } });
 *
 * - Module Federation (enhanced): `remoteEntry.js` + `mf-manifest.json` at the root of `<app>/dist` for remotes;
 * the shell has `remotes: {}` because it registers remotes at run time from /config.json
 * (docs/decisions/0008-runtime-configuration.md).
 * - Lazy chunks: `static/js/[name].[contenthash:8].chunk.js`, chunk load time-out 120 s
 *   (docs/product.md#2-screens-and-routes, docs/product.md#8-errors).
 * - Files in `<app>/public` are copied to the root of `dist` unchanged (the shell's silent-check-sso.html).
 * - CSS: production builds extract it into `static/css/*.css` files loaded with `<link>` (mini-css-extract-plugin),
 *   so the site's Content-Security-Policy needs no 'unsafe-inline' for styles (scripts/security-headers.mjs,
 * docs/decisions/0041-security-headers.md); a remote's CSS comes from the remote's origin with its chunks. Development
 * builds inject
 *   `<style>` elements (style-loader) and their servers allow them.
 * - First screen (docs/first-screen.md): an app with `src/server/first-screen.tsx` also gets a second, Node-target
 *   build of that file to `dist/server/first-screen.js` (commonjs2, React and the components bundled in, no
 *   federation) and the CSS it imports to `dist/server/first-screen.css`; the shell's server renders the served `/`
 *   with the remotes' live releases of it (scripts/first-screen/).
 * - Releases (build/app-release.js): every build is described by `release.json` (its content's version), and a
 *   production remote's is published, immutable, under `<app>/releases/<version>/`.
 * - TypeScript: ts-loader with `transpileOnly` (typeScriptRule), types checked by `npm run typecheck`; React's calls
 *   marked pure for tree shaking (build/ts-pure-annotations.js). swc only minifies.
 * - webpack is pinned to 5.110.3 (ARCHITECTURE "Build"): newer versions break [contenthash] or the plugin.
 */
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { AppReleasePlugin } = require('./app-release');
const { pureAnnotations } = require('./ts-pure-annotations');
const { FIRST_SCREEN_MARKER, FIRST_SCREEN_STYLES_MARKER } = require('./first-screen-markers');

/**
 * Packages that must exist once per page (ARCHITECTURE "Runtime composition"). Add new singletons here; packages
 * that are not installed are skipped.
 *
 * `react-router` is deliberately not shared on its own: react-router-dom is `export * from 'react-router'`, and a
 * star re-export of a *consumed shared* module is restored wrongly from webpack's filesystem cache (warm builds
 * emitted a react-router-dom with only HydratedRouter/RouterProvider: React error #130 at run time). Sharing
 * react-router-dom as a singleton shares the react-router inside it, so apps must import from
 * 'react-router-dom' only, never from 'react-router'.
 */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'zustand', 'keycloak-js', '@linksite/platform'];

/** What the share key `react-router-dom` provides: the names of React Router the apps use (see that file). */
const ROUTER_SURFACE = path.join(__dirname, 'react-router-surface.mjs');

/**
 * react-router 7's `exports` map resolves every condition to its development build (dev warnings and their strings
 * included; remix-run/react-router#12532, #14102). Production builds take its production build by file path, which
 * an alias may name although the `exports` map does not.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json', { paths: [path.resolve(__dirname, '..')] })),
  'dist',
  'production',
  'index.mjs',
);

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Installed version of `pkg` as seen from `dir`, or null when it is not installed. Walks the node_modules folders
 * up from `dir` instead of `require.resolve('<pkg>/package.json')`, which packages with an `exports` map that
 * omits package.json (keycloak-js) refuse.
 */
function installedVersion(pkg, dir) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const file = path.join(current, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return readJson(file).version;
    if (path.dirname(current) === current) return null;
  }
}

/**
 * Copies every file of `<app>/public` to the root of `dist` as it is (the shell's `silent-check-sso.html`, which
 * keycloak-js loads in a hidden iframe for check-sso and which must not be bundled).
 */
class PublicFilesPlugin {
  /** @param {string} dir absolute path of the app's `public` folder */
  constructor(dir) {
    this.dir = dir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const name of fs.readdirSync(this.dir)) {
            const file = path.join(this.dir, name);
            if (!fs.statSync(file).isFile()) continue;
            compilation.fileDependencies.add(file);
            // `minimized`: copied as they are; the production minimizer would rewrite HTML files too.
            compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)), { minimized: true });
          }
          compilation.contextDependencies.add(this.dir);
        },
      );
    });
  }
}

/** The repository's root folder. */
const REPO_ROOT = path.resolve(__dirname, '..');

/**
 * Where a production build of the app in `dir` records the files it compiled: `<dir>/node_modules/.cache/
 * build-inputs/<configuration name>.json` (see {@link BuildInputsPlugin}).
 * @param {string} dir absolute app folder
 * @param {string} configName the configuration's name (`mf-store`, `mf-store-server`)
 */
function buildInputsFile(dir, configName) {
  return path.join(dir, 'node_modules', '.cache', 'build-inputs', `${configName}.json`);
}

/**
 * After each successful build, writes the repository's files the build compiled (outside node_modules, relative to
 * the repository's root with `/`, sorted) as a JSON array to `file`: what each app's build task (its package.json
 * `wireit` inputs) must cover so that a change to any of them rebuilds the app, which
 * e2e/deploy/build-inputs.e2e.ts checks. The packages' package.json files, which the resolver reads, are left out:
 * the tasks list the ones whose content shapes a build (the app's, platform's version) by hand.
 */
class BuildInputsPlugin {
  /** @param {string} file where the list goes */
  constructor(file) {
    this.file = file;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tap('BuildInputsPlugin', (stats) => {
      if (stats.hasErrors()) return;
      // The resolver's reads count too: folders looked into and package.json files (descriptions, not code).
      const compiled = (file) =>
        file.startsWith(REPO_ROOT + path.sep) &&
        !file.split(path.sep).includes('node_modules') &&
        path.basename(file) !== 'package.json' &&
        fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
      const files = [...stats.compilation.fileDependencies]
        .filter(compiled)
        .map((file) => path.relative(REPO_ROOT, file).split(path.sep).join('/'))
        .sort();
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(this.file, `${JSON.stringify(files, null, 2)}\n`);
    });
  }
}

/**
 * The `shared` map of an app: every singleton that is installed, with `requiredVersion` taken from the app's
 * package.json (or, for a transitive package such as react-router, `^<installed version>`).
 *
 * In the host (the shell), every singleton but keycloak-js is `eager`: bundled into main.js instead of one async
 * chunk each. The host loads them all on every page anyway (its own code uses them before any remote), and one file
 * gzips smaller than ten (docs/decisions/0034-visitor-loads-what-it-shows.md: 2.6 KiB gzip less on `/`, 7 JavaScript
 * requests fewer). keycloak-js stays a chunk of its own, fetched only once someone signs in. The remotes' shared
 * modules stay lazy: a remote must take the host's copy, never bring its own first. The shell's `src/index.ts` keeps
 * its async boundary (ARCHITECTURE).
 *
 * With `consumeOnly` (a production remote), every singleton is `import: false`: the remote takes the host's copy and
 * ships none of its own (its remoteEntry.js loses the fallbacks' share entries and chunk map, 0.5 KiB gzip; no
 * fallback chunks are built). A production remote already runs only in the shell, on the shell's federation runtime
 * (externalRuntimeOptions), and a second copy of a singleton is a bug anyway (STYLE "Composition"); a shell lacking
 * one makes the remote's slot show its error and retry. Development builds keep their copies: a remote's standalone
 * page (`npm run dev`) runs without the shell.
 * @param {string} dir absolute path of the app
 * @param {string} [platformDir] another copy of platform the app is built against: its version is the one offered
 * @param {{ host?: boolean, consumeOnly?: boolean }} [options] host: the app is the page's host (the shell);
 *   consumeOnly: take every singleton from the host, bundle none
 */
function sharedSingletons(dir, platformDir, { host = false, consumeOnly = false } = {}) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const declared = { ...pkg.devDependencies, ...pkg.dependencies };
  /** @type {Record<string, { singleton: true, requiredVersion: string, version?: string, eager?: true, import?: string | false }>} */
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, dir);
    if (!version) continue;
    shared[name] = { singleton: true, requiredVersion: declared[name] ?? `^${version}` };
    if (host && name !== 'keycloak-js') shared[name].eager = true;
  }
  if (platformDir) shared['@linksite/platform'].version = readJson(path.join(platformDir, 'package.json')).version;
  if (shared['react-router-dom']) {
    // Provided and fallen back to as the apps' part of React Router only (react-router-surface.mjs). A module outside
    // the package has no version of its own: it is offered as the installed react-router-dom's.
    shared['react-router-dom'].import = ROUTER_SURFACE;
    shared['react-router-dom'].version = installedVersion('react-router-dom', dir);
  }
  if (consumeOnly) for (const name of Object.keys(shared)) shared[name].import = false;
  return shared;
}

/** `&`, `<`, `>` and `"` as HTML character references (text and double-quoted attribute values). */
const escapeHtml = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The description the shell's HTML carries until the API's head is included; the API's default
 * (api/src/config/app-config.ts DEFAULT_SITE_DESCRIPTION; e2e/deploy/site-head.e2e.ts checks they agree).
 */
const DEFAULT_SITE_DESCRIPTION = '크리에이터가 고른 상품 링크와 팝업·방송 일정을 한곳에서 확인하세요.';

/** The site's theme colour (the dark of shell/src/layout/global.css; the manifest's `theme_color` too). */
const THEME_COLOR = '#111827';

/**
 * The index.html of an app (docs/decisions/0033-head-and-link-preview.md for the shell's head).
 *
 * Every app: charset, viewport, `<title>`. With `siteHead` (the shell), the places of the first screen and its
 * stylesheet (FIRST_SCREEN_MARKER, FIRST_SCREEN_STYLES_MARKER: docs/decisions/0058-web-tier-renders.md) and a head
 * split in two:
 * - static, always in the file: the icons (`/favicon.svg`, `/favicon-32.png`, `/apple-touch-icon.png`, copied from
 *   shell/public), the manifest link (`/api/site/manifest.webmanifest`, named from the API's SITE_NAME) and
 *   `theme-color`;
 * - dynamic, from the API: `<!--# include virtual="/api/site/head" stub="site-head-defaults" -->` (nginx SSI syntax),
 *   which a server resolving includes replaces with title, description, canonical URL, `og:*` and `twitter:card` built
 *   from the settings and the current cover. Its defaults (`<title>` and `description`) sit in the SSI block named
 *   `site-head-defaults`: a server that resolves includes drops the block and uses it as the stub when the API fails
 *   (nginx semantics); a server that resolves nothing leaves the directives as comments and the defaults show. So
 *   the page never has two titles, and never none.
 * @param {{ title: string, siteHead: boolean }} options
 * @returns {string} the HTML, before html-webpack-plugin adds the scripts and styles (its minifier keeps `<!--# … -->`)
 */
function htmlTemplate({ title, siteHead }) {
  const head = siteHead
    ? `
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180" />
    <link rel="manifest" href="/api/site/manifest.webmanifest" />
    <meta name="theme-color" content="${THEME_COLOR}" />
    <!--# block name="site-head-defaults" --><title>${escapeHtml(title)}</title>
    <meta name="description" content="${escapeHtml(DEFAULT_SITE_DESCRIPTION)}" /><!--# endblock -->
    <!--# include virtual="/api/site/head" stub="site-head-defaults" -->
    ${FIRST_SCREEN_STYLES_MARKER}`
    : `
    <title>${escapeHtml(title)}</title>`;
  return `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />${head}
  </head>
  <body>
    <div id="root">${siteHead ? FIRST_SCREEN_MARKER : ''}</div>
  </body>
</html>`;
}

/**
 * The rule that compiles an app's TypeScript (`.ts`, `.tsx` under `include`): ts-loader with `transpileOnly`, each
 * file on its own with the app's `tsconfig.json` (which extends tsconfig.base.json: target ES2022, `isolatedModules`).
 * Types are not checked here but by `npm run typecheck` (`tsc --noEmit`), so TypeScript is the one compiler of these
 * files. Overridden for the bundle: ES modules kept for webpack's tree shaking (`module: esnext`), JSX with the
 * automatic runtime (`react-jsx`; `react-jsxdev` and source maps in development), and emitting on.
 * @param {string} dir absolute app folder (its `tsconfig.json`)
 * @param {string[]} include absolute folders compiled
 * @param {'production' | 'development'} mode
 * @returns {import('webpack').RuleSetRule}
 */
function typeScriptRule(dir, include, mode) {
  const development = mode === 'development';
  return {
    test: /\.tsx?$/,
    include,
    use: {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile: path.join(dir, 'tsconfig.json'),
        // React's calls marked pure, as swc marked them, for webpack's tree shaking (build/ts-pure-annotations.js).
        getCustomTransformers: () => ({ after: [pureAnnotations()] }),
        compilerOptions: {
          module: 'esnext',
          target: 'es2022',
          jsx: development ? 'react-jsxdev' : 'react-jsx',
          sourceMap: development,
          noEmit: false,
          declaration: false,
        },
      },
    },
  };
}

/**
 * How long a watching build (`npm run dev`) waits, idle, before writing its cache to disk: longer than any session
 * (24 h; setTimeout's limit is about 24.8 days), so it writes it only when it closes (Ctrl-C; scripts/dev.mjs awaits the
 * close). webpack writes it after 60 s idle by default, 5 s after the first build, and a rebuild waits for a write in
 * progress: on a fresh clone's first `npm run dev` the first write of ten builds took 16 s, and the first save reached
 * the served page after 20 s instead of about 1 s (e2e/dev-loop.e2e.ts).
 */
const WRITE_CACHE_ON_CLOSE = {
  idleTimeout: 24 * 3600 * 1000,
  idleTimeoutForInitialStore: 24 * 3600 * 1000,
  idleTimeoutAfterLargeChanges: 24 * 3600 * 1000,
};

/**
 * webpack's cache of one build (`name`: the federation name, `-first-screen` for the server build) of the app in `dir`.
 * - development (`npm run dev`, watching): on disk, in `<dir>/node_modules/.cache/webpack`, invalidated by this file,
 *   the app's webpack.config.js and package.json, written only when the watch closes ({@link WRITE_CACHE_ON_CLOSE}):
 *   a restarted `npm run dev` rebuilds from it.
 * - production (`npm run build`, `npm start`, the images): none (`false`). A one-shot build writes its disk cache
 *   before it exits, and resolving webpack's own build dependencies for that write took longer than the compilation:
 *   mf-store's cold build took 6.3–8.5 s with it and 4.4 s without, while a warm one saved 2 s after a change
 *   (docs/decisions/0098-no-disk-cache-for-production-builds.md). A production build is cold almost always (a fresh
 *   clone, CI, an image, a release), and an unchanged one never runs: wireit restores its output by content.
 * @param {string} dir
 * @param {string} name
 * @param {'production' | 'development'} mode
 * @returns {import('webpack').FileCacheOptions | false}
 */
function buildCache(dir, name, mode) {
  if (mode !== 'development') return false;
  return {
    type: 'filesystem',
    cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
    name: `${name}-${mode}`,
    buildDependencies: {
      config: [__filename, path.join(dir, 'webpack.config.js'), path.join(dir, 'package.json')],
    },
    ...WRITE_CACHE_ON_CLOSE,
  };
}

/**
 * The server build of an app's first screen (`src/server/first-screen.tsx` → `<output>/server/`), or null when the app
 * has none. The shell's server loads it at run time from the app's own release (scripts/first-screen/,
 * docs/decisions/0058-web-tier-renders.md), so it is one self-contained CommonJS file (React and the components bundled
 * in, Node built-ins only), and the CSS its components import is extracted next to it (the stylesheet of the served
 * markup, for visitors without JavaScript too). It runs after the browser build of the same app (`dependencies`), so
 * the release made when it is done ({@link AppReleasePlugin}) holds both.
 * @param {string} dir absolute app folder
 * @param {string} name federation name (cache name)
 * @param {string[]} include folders compiled with ts-loader
 * @param {'production' | 'development'} mode
 * @param {string} outputDir the app's output folder (`dist` or `dist-dev`)
 * @param {string} browserName the name of the app's browser configuration
 * @returns {import('webpack').Configuration | null}
 */
function firstScreenConfig(dir, name, include, mode, outputDir, browserName) {
  const entry = path.join(dir, 'src', 'server', 'first-screen.tsx');
  if (!fs.existsSync(entry)) return null;
  return {
    name: `${browserName}-server`,
    dependencies: [browserName],
    mode,
    target: 'node',
    context: dir,
    entry: { 'first-screen': entry },
    devtool: false,
    output: {
      path: path.join(outputDir, 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      // Heads every CSS module with its path in first-screen.css, so the shell's server can keep each module once.
      pathinfo: true,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        typeScriptRule(dir, include, 'production'),
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    cache: buildCache(dir, `${name}-first-screen`, mode),
    performance: { hints: false },
    // Loaded once per release by the shell's server: no minifying, readable stack traces.
    optimization: { minimize: false, splitChunks: false },
    plugins: [
      ...(mode === 'production' ? [new BuildInputsPlugin(buildInputsFile(dir, `${browserName}-server`))] : []),
      new MiniCssExtractPlugin({ filename: '[name].css' }),
      // One file: the shell's server evaluates the fetched text, with no folder to load a lazy chunk from.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}

/**
 * Module Federation options that load the federation runtime once per page
 * (docs/decisions/0034-visitor-loads-what-it-shows.md).
 * - A remote: `experiments.externalRuntime` (its remoteEntry.js expects the host's runtime-core as a global).
 * - The shell: the runtime plugin that publishes its runtime-core as that global. This is what
 *   `experiments.provideExternalRuntime` adds, but that option names the plugin's CommonJS build, which pulls in the
 *   CommonJS build of runtime-core beside the ES module build the shell already uses (the runtime twice in
 *   main.js, 52 KB gzip instead of 28); the plugin's ES module build shares the shell's copy.
 * @param {boolean} isRemote
 */
function externalRuntimeOptions(isRemote) {
  // The runtime's snapshot plugin serves remotes registered by their mf-manifest.json; ours are registered by their
  // remoteEntry.js (shell/public/config.json), so it is left out, and so is the runtime's Node code (3.4 KB gzip of
  // main.js, docs/decisions/0034-visitor-loads-what-it-shows.md).
  const optimization = { disableSnapshot: true, target: 'web' };
  // A remote loads no other remote: its bundler runtime leaves out the code that would (0.6 KiB gzip per remoteEntry.js).
  if (isRemote)
    return { experiments: { externalRuntime: true, optimization: { ...optimization, disableRemote: true } } };
  const pluginCjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return { runtimePlugins: [path.join(path.dirname(pluginCjs), 'index.js')], experiments: { optimization } };
}

/**
 * The `index.html` of a production remote: a Korean notice that this address serves a part of the site (its
 * remoteEntry.js and modules) and where its screens are seen, instead of the standalone page, which runs under
 * `npm run dev` only (see externalRuntimeOptions).
 * @param {string} name the remote's federation name (`mf_store`)
 */
function remoteNoticePage(name) {
  return new HtmlWebpackPlugin({
    inject: false,
    templateContent: `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${name} 원격 모듈</title>
  </head>
  <body>
    <main>
      <h1>${name} 원격 모듈</h1>
      <p>이 주소는 사이트가 불러 쓰는 화면 모듈(remoteEntry.js)을 제공합니다. 화면은 사이트에서 보세요.</p>
      <p>이 모듈만 따로 띄워 보려면 개발 모드(<code>npm run dev</code>)의 이 포트를 여세요.</p>
    </main>
  </body>
</html>`,
  });
}

/**
 * @param {{ dir: string, name: string, title: string, exposes?: Record<string, string>, platformDir?: string,
 *   siteHead?: boolean }} options
 *   dir: absolute app folder; name: snake_case federation name (`shell`, `mf_store`); exposes: remotes only;
 *   platformDir: build against this copy of platform (a previous release, for the compatibility tests) instead of
 *   the workspace's; siteHead: the shell's head (icons, manifest, the API's head include; see htmlTemplate).
 * @returns {(env: { distFolder?: string } | undefined, argv: { mode?: 'production' | 'development' }) =>
 *   import('webpack').Configuration | import('webpack').Configuration[]} one configuration, or two for an app with a
 *   first-screen build ({@link firstScreenConfig}), the browser's first; `env.distFolder` is the output folder under
 *   the app (`dist` by default; `npm run dev` builds into `dist-dev`). The last configuration describes the build as a
 *   release when it is done, and a production remote's is published in `<app>/releases/` (build/app-release.js).
 */
function createAppConfig({ dir, name, title, exposes, platformDir, siteHead }) {
  const isRemote = Boolean(exposes && Object.keys(exposes).length > 0);
  const platformSrc = path.join(platformDir ?? path.resolve(__dirname, '..', 'platform'), 'src');
  // `@linksite/contract/api-rules`: the one runtime module of the contract (rules the browser checks ahead of the API).
  const contractSrc = path.resolve(__dirname, '..', 'contract', 'src');

  return (env, argv) => {
    const mode = argv?.mode ?? 'production';
    const outputDir = path.join(dir, env?.distFolder ?? 'dist');
    const browserName = path.basename(dir);
    // Compatibility builds against an older platform (platformDir) test the browser's code only.
    const server = platformDir
      ? null
      : firstScreenConfig(dir, name, [path.join(dir, 'src'), platformSrc, contractSrc], mode, outputDir, browserName);
    const browser = {
      name: browserName,
      mode,
      context: dir,
      // A production remote is its remoteEntry.js and exposed modules only: its standalone page (src/index.ts) needs
      // a federation runtime of its own, which production remotes take from the shell (externalRuntimeOptions), so
      // it is built for `npm run dev` only and production serves a notice in its place (remoteNoticePage).
      entry: isRemote && mode === 'production' ? {} : { main: './src/index.ts' },
      devtool: mode === 'development' ? 'eval-cheap-module-source-map' : false,
      output: {
        path: outputDir,
        publicPath: 'auto',
        filename: 'static/js/[name].[contenthash:8].js',
        chunkFilename: 'static/js/[name].[contenthash:8].chunk.js',
        chunkLoadTimeout: 120000,
        uniqueName: name,
        // dist/server is the first-screen build's (firstScreenConfig), written by the other compiler of the same run.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        alias: {
          ...(platformDir ? { '@linksite/platform$': path.join(platformSrc, 'index.ts') } : {}),
          ...(mode === 'production' ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {}),
        },
      },
      module: {
        rules: [
          typeScriptRule(dir, [path.join(dir, 'src'), platformSrc, contractSrc], mode),
          {
            test: /\.css$/,
            use: [mode === 'development' ? 'style-loader' : MiniCssExtractPlugin.loader, 'css-loader'],
          },
        ],
      },
      cache: buildCache(dir, name, mode),
      performance: { hints: false },
      optimization: {
        // swc's minifier: the same output class as terser at a fraction of the time (docs/decisions/0025-edit-loop.md).
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { compress: true, mangle: true },
          }),
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
          shared: sharedSingletons(dir, platformDir, {
            host: !isRemote,
            consumeOnly: isRemote && mode === 'production',
          }),
          // The default 'version-first' fetches every registered remote's entry at start-up to compare shared
          // versions, so `/` downloaded all five remote entries (27 KB gzip each) and a hung remote delayed the
          // page. 'loaded-first' uses the singleton already loaded (the shell's) and fetches a remote only when a
          // route renders it.
          shareStrategy: 'loaded-first',
          // The federation runtime once per page (docs/decisions/0034-visitor-loads-what-it-shows.md): production
          // remotes leave
          // @module-federation/runtime-core out of remoteEntry.js (27 KB gzip each) and use the copy the shell
          // provides as the global `_FEDERATION_RUNTIME_CORE`. Development builds keep their own copy, so each
          // remote's standalone page still runs alone under `npm run dev`.
          ...(mode === 'production' ? externalRuntimeOptions(isRemote) : {}),
          manifest: true,
          dts: false,
        }),
        ...(mode === 'development'
          ? []
          : [
              new MiniCssExtractPlugin({
                filename: 'static/css/[name].[contenthash:8].css',
                chunkFilename: 'static/css/[name].[contenthash:8].chunk.css',
              }),
            ]),
        new PublicFilesPlugin(path.join(dir, 'public')),
        // The production build of the workspace's sources only (not a compatibility build against another platform).
        ...(mode === 'production' && !platformDir ? [new BuildInputsPlugin(buildInputsFile(dir, browserName))] : []),
        isRemote && mode === 'production'
          ? remoteNoticePage(name)
          : new HtmlWebpackPlugin({
              title,
              chunks: ['main'],
              // Absolute, so deep links (/plan/list) served by the SPA fallback still find the scripts.
              publicPath: '/',
              templateContent: () => htmlTemplate({ title, siteHead: Boolean(siteHead) }),
            }),
      ],
    };
    const release = new AppReleasePlugin({
      name,
      outputDir,
      // A production remote's build is also an immutable release of its own
      // (docs/decisions/0059-versioned-releases.md).
      releasesDir: isRemote && mode === 'production' ? path.join(dir, 'releases') : undefined,
    });
    (server ?? browser).plugins.push(release);
    return server ? [browser, server] : browser;
  };
}

module.exports = {
  createAppConfig,
  htmlTemplate,
  sharedSingletons,
  SINGLETONS,
  THEME_COLOR,
  buildInputsFile,
  DEFAULT_SITE_DESCRIPTION,
};
