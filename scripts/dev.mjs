/**
 * `npm run dev`: the edit loop. The same site as `npm start`, on the same ports and data directory, but:
 * - the API runs from its TypeScript sources (`build/register-swc.js`) under `node --watch-path=api/src`: a saved file
 *   restarts it. Not plain `--watch`: that mode watches the modules the child reports loading, forgets them on each
 *   restart, and learns them again from thousands of IPC messages that can trail the child's first answers, so a
 *   save landing in that window was dropped and the API kept the old code until the next save;
 * - every web app is compiled by one webpack process in watch mode (development mode: no minification, eval source
 *   maps) into its `dist-dev/` (the production `dist/` stays as it is) and served by the same static servers: a saved
 *   `.tsx` is served on the next reload, the first screen of `/` included (the shell's server renders it from the
 *   remotes' `dist-dev/server` builds, asking for their release on every page view);
 * - the embedded identity provider is built once and runs as in `npm start`.
 * The terminal gets one line per rebuild with its time; full output goes to `<DATA_DIR>/logs/`. Ctrl-C stops
 * everything.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildStale } from './build.mjs';
import { EXIT_CONFIGURATION, serviceGroup, siteServers, stopOnSignalOrOrphaned } from './services.mjs';
import { repoRoot } from './site-layout.mjs';

const require = createRequire(import.meta.url);
/** Each app's development build goes to `<app>/dist-dev`. */
const DEV_DIST = 'dist-dev';
const webpack = require('webpack');

const startedAt = Date.now();
const dataDir = path.resolve(process.env.DATA_DIR || path.join(repoRoot, '.data'));
const logDir = path.join(dataDir, 'logs');
const { layout, identity, idpEnv, apiEnv, readinessChecks } = siteServers(dataDir);
// A service whose configuration is wrong stops the site, with its message once, instead of being restarted.
const group = serviceGroup({ dataDir, logDir, onConfigurationError: () => void stopAll(EXIT_CONFIGURATION) });
/** @type {import('webpack').MultiCompiler | undefined} */
let compiler;
/** @type {import('webpack').MultiWatching | undefined} */
let watching;
/** True while stopping writes the builds' caches to disk. */
let writingCaches = false;

const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`  ${line}`);

stopOnSignalOrOrphaned(() => void stopAll(0));
fs.mkdirSync(logDir, { recursive: true });
console.log(`링크 & 일정 개발 모드를 시작합니다. 전체 로그: ${path.relative(process.cwd(), logDir) || logDir}`);

try {
  if (identity.embedded) {
    await buildStale({ only: ['idp'], logDir, log: say });
    group.launch('idp', layout.idpPort, [path.join(repoRoot, 'idp/dist/main.js')], idpEnv, { showOutput: true });
  }
  const apiMain = path.join(repoRoot, 'api/src/main.ts');
  // The OpenAPI UI at /api/docs is for development: on here unless API_DOCS says otherwise (off in npm start and compose).
  // The API imports nothing outside api/src but packages (it owns the rules the contract copies: shared-rules.ts).
  const apiWatch = `--watch-path=${path.join(repoRoot, 'api/src')}`;
  group.launch('api', layout.apiPort, [apiWatch, '-r', path.join(repoRoot, 'build/register-swc.js'), apiMain], {
    API_DOCS: process.env.API_DOCS || 'true',
    // Readable log lines in development (pino-pretty); JSON everywhere else (api/README.md "Operating it").
    LOG_FORMAT: process.env.LOG_FORMAT || 'pretty',
    ...apiEnv,
  });
  await watchWebApps();
  for (const app of layout.apps) {
    group.launch(app.dir, app.port, [
      path.join(repoRoot, 'scripts/serve-app.mjs'),
      app.dir,
      String(app.port),
      DEV_DIST,
    ]);
  }
  await group.waitUntilReady(readinessChecks);
  console.log(
    `\n  개발 모드가 준비되었습니다 (${elapsed()}): http://localhost:${layout.sitePort}\n` +
      '  소스를 저장하면 API 는 다시 시작되고 화면은 다시 빌드됩니다 (새로고침하면 보입니다). 종료: Ctrl-C\n',
  );
} catch (error) {
  console.error(error.message);
  await stopAll(1);
}

/**
 * Compiles every web app in one webpack process in watch mode (development). Resolves after the first build of all;
 * every rebuild prints one line per app it rebuilt, with its time.
 */
function watchWebApps() {
  const configs = layout.apps.flatMap(({ dir }) => {
    // Beside the production build, which `npm start` keeps serving untouched. An app with a first screen has two
    // configurations (browser, then server build), so the page is rendered from the code being edited.
    const built = require(path.join(repoRoot, dir, 'webpack.config.js'))(
      { distFolder: DEV_DIST },
      { mode: 'development' },
    );
    return (Array.isArray(built) ? built : [built]).map((config) => ({
      ...config,
      infrastructureLogging: { level: 'error' },
    }));
  });
  const log = fs.createWriteStream(path.join(logDir, 'webpack-dev.log'));
  let first = true;
  return new Promise((resolve, reject) => {
    compiler = webpack(configs);
    watching = compiler.watch({ aggregateTimeout: 100 }, (error, multiStats) => {
      if (error) return first ? reject(error) : console.error(error.message);
      for (const stats of multiStats.stats) {
        const { name } = stats.compilation;
        log.write(`${stats.toString({ colors: false, preset: 'normal' })}\n`);
        if (stats.hasErrors()) {
          say(`빌드 오류: ${name}`);
          console.error(stats.toString({ colors: true, preset: 'errors-only' }));
        } else if (first || stats.compilation.emittedAssets.size > 0) {
          say(
            `${first ? '빌드 완료' : '다시 빌드함'}: ${name} (${((stats.endTime - stats.startTime) / 1000).toFixed(2)} s)`,
          );
        }
      }
      if (first) {
        first = false;
        resolve();
      }
    });
  });
}

async function stopAll(exitCode) {
  if (group.stopping) {
    // A second Ctrl-C while the build caches are written: leave without them (the next start builds afresh).
    if (writingCaches) process.exit(exitCode);
    return;
  }
  console.log('\n개발 모드를 종료합니다…');
  await new Promise((resolve) => (watching ? watching.close(resolve) : resolve()));
  await group.stop();
  // The builds' caches are written now, not while you edit (build/webpack-app.js WRITE_CACHE_ON_CLOSE), so the next
  // `npm run dev` starts from them; a first session writes them whole, which takes seconds.
  if (compiler) {
    writingCaches = true;
    say('빌드 캐시를 저장합니다… (저장하지 않고 끝내려면 Ctrl-C)');
    await new Promise((resolve) => compiler.close(resolve));
  }
  process.exit(exitCode);
}
