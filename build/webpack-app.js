// @ts-check
/**
 * One webpack configuration for every browser app of the monorepo (shell and remotes).
 *
 *   module.exports = createAppConfig({ dir: __dirname, name: 'mf_store', title: '...', exposes: { './StorePage': ... } });
 *
 * - Module Federation (enhanced): `remoteEntry.js` + `mf-manifest.json` at the root of `<app>/dist` for remotes;
 *   the shell has `remotes: {}` because it registers remotes at run time from /config.json (DECISIONS D8).
 * - Lazy chunks: `static/js/[name].[contenthash:8].chunk.js`, chunk load time-out 120 s (spec §2, §8).
 * - Files in `<app>/public` are copied to the root of `dist` unchanged (the shell's silent-check-sso.html).
 * - CSS: production builds extract it into `static/css/*.css` files loaded with `<link>` (mini-css-extract-plugin),
 *   so the site's Content-Security-Policy needs no 'unsafe-inline' for styles (scripts/security-headers.mjs,
 *   issue 15 item 1); a remote's CSS comes from the remote's origin with its chunks. Development builds inject
 *   `<style>` elements (style-loader) and their servers allow them.
 * - webpack is pinned to 5.110.3 (ARCHITECTURE "Build"): newer versions break [contenthash] or the plugin.
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

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

/**
 * The `shared` map of an app: every singleton that is installed, with `requiredVersion` taken from the app's
 * package.json (or, for a transitive package such as react-router, `^<installed version>`).
 * @param {string} dir absolute path of the app
 * @param {string} [platformDir] another copy of platform the app is built against: its version is the one offered
 */
function sharedSingletons(dir, platformDir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const declared = { ...pkg.devDependencies, ...pkg.dependencies };
  /** @type {Record<string, { singleton: true, requiredVersion: string, version?: string }>} */
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, dir);
    if (!version) continue;
    shared[name] = { singleton: true, requiredVersion: declared[name] ?? `^${version}` };
  }
  if (platformDir) shared['@linksite/platform'].version = readJson(path.join(platformDir, 'package.json')).version;
  return shared;
}

/**
 * @param {{ dir: string, name: string, title: string, exposes?: Record<string, string>, platformDir?: string }} options
 *   dir: absolute app folder; name: snake_case federation name (`shell`, `mf_store`); exposes: remotes only;
 *   platformDir: build against this copy of platform (a previous release, for the compatibility tests) instead of
 *   the workspace's.
 * @returns {(env: unknown, argv: { mode?: 'production' | 'development' }) => import('webpack').Configuration}
 */
function createAppConfig({ dir, name, title, exposes, platformDir }) {
  const isRemote = Boolean(exposes && Object.keys(exposes).length > 0);
  const platformSrc = path.join(platformDir ?? path.resolve(__dirname, '..', 'platform'), 'src');
  // `@linksite/contract/api-rules`: the one runtime module of the contract (rules the browser checks ahead of the API).
  const contractSrc = path.resolve(__dirname, '..', 'contract', 'src');

  return (_env, argv) => {
    const mode = argv?.mode ?? 'production';
    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: mode === 'development' ? 'eval-cheap-module-source-map' : false,
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        filename: 'static/js/[name].[contenthash:8].js',
        chunkFilename: 'static/js/[name].[contenthash:8].chunk.js',
        chunkLoadTimeout: 120000,
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        ...(platformDir ? { alias: { '@linksite/platform$': path.join(platformSrc, 'index.ts') } } : {}),
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            include: [path.join(dir, 'src'), platformSrc, contractSrc],
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: mode === 'development' } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [mode === 'development' ? 'style-loader' : MiniCssExtractPlugin.loader, 'css-loader'],
          },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
        name: `${name}-${mode}`,
        buildDependencies: {
          config: [__filename, path.join(dir, 'webpack.config.js'), path.join(dir, 'package.json')],
        },
      },
      performance: { hints: false },
      optimization: {
        // swc's minifier: the same output class as terser at a fraction of the time (issue 11 "edit loop").
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
          shared: sharedSingletons(dir, platformDir),
          // The default 'version-first' fetches every registered remote's entry at start-up to compare shared
          // versions, so `/` downloaded all five remote entries (27 KB gzip each) and a hung remote delayed the
          // page. 'loaded-first' uses the singleton already loaded (the shell's) and fetches a remote only when a
          // route renders it.
          shareStrategy: 'loaded-first',
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
        new HtmlWebpackPlugin({
          title,
          chunks: ['main'],
          // Absolute, so deep links (/plan/list) served by the SPA fallback still find the scripts.
          publicPath: '/',
          templateContent: ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
        }),
      ],
    };
  };
}

module.exports = { createAppConfig, sharedSingletons, SINGLETONS };
