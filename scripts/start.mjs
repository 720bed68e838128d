/**
 * `npm start`: builds what is not built, then starts the whole site on one machine: the embedded OpenID Connect
 * provider (unless an external issuer is configured), the API (with the embedded PostgreSQL unless DATABASE_URL is
 * set), the shell and each remote on its own port. What `/` needs (the shell and the first-screen remotes) is built
 * and served first: when other remotes still have to be built, it prints the site URL for visitors as soon as `/`
 * serves its whole first screen, then builds the rest, serving each as it is built while its screens say they are
 * being prepared (docs/decisions/0066-visitor-ready-first-start.md). Prints the site URL again once every part answers.
 * Ctrl-C (SIGINT) or SIGTERM stops every child and waits for it, so no process is orphaned and the embedded database
 * lock is released; so does the end of the process that started it (`npm start` stopped with SIGTERM: services.mjs
 * `stopOnSignalOrOrphaned`).
 *
 * The terminal gets one line per build and per service; full output goes to `<DATA_DIR>/logs/` (`build-<app>.log`,
 * `<service>.log`). A failed build prints its log; the identity provider's own lines (the generated administrator
 * password) and every service's error output are shown as they come. The API and the identity provider are built
 * first and start while the web apps build. Running services are listed in `<DATA_DIR>/run/site.json`.
 *
 * When the API or the identity provider exits on its own (a crash, `kill -9`, an out-of-memory kill), it is started
 * again after 1 s, 2 s, 4 s … at most 30 s (back to 1 s after a minute up), with one line saying so; the rest of the
 * site keeps running (docs/decisions/0046-serve-and-supervise.md). While start-up waits, every 15 s it prints which
 * service it waits for and the URL it polls; when one never answers it says which, and the last error
 * (docs/decisions/0045-identity-hardening.md).
 */
import path from 'node:path';
import { buildStale, buildTargets, isBuilt } from './build.mjs';
import { writePreparingRemotes } from './preparing-remotes.mjs';
import { EXIT_CONFIGURATION, serviceGroup, siteServers, stopOnSignalOrOrphaned } from './services.mjs';
import { remotes, repoRoot } from './site-layout.mjs';

const startedAt = Date.now();
const dataDir = path.resolve(process.env.DATA_DIR || path.join(repoRoot, '.data'));
const logDir = path.join(dataDir, 'logs');
const { layout, identity, idpEnv, apiEnv, readinessChecks } = siteServers(dataDir);
// The API and the identity provider are restarted when they exit (launched with `restart`); a remote may stop alone
// (the page copes), which is printed.
// A service whose configuration is wrong stops the site, with its message once, instead of being restarted.
const group = serviceGroup({ dataDir, logDir, onConfigurationError: () => void stopAll(EXIT_CONFIGURATION) });

const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`  ${line}`);
/**
 * SITE_SKIP_BUILD=1: start what is built, build nothing. For test harnesses that built every app once before starting
 * many sites (build/jest/build-site.js): a site that rebuilt an app whose sources a test is editing would empty that
 * app's dist/ under every other running site.
 */
const skipBuild = process.env.SITE_SKIP_BUILD === '1';
/** The remotes not served yet, for the shell's /config.json (inherited by its site server). */
const preparingFile = path.join(dataDir, 'run', 'preparing-remotes.json');
process.env.SITE_PREPARING_FILE = preparingFile;
const buildIfStale = skipBuild ? async () => {} : buildStale;

stopOnSignalOrOrphaned(() => void stopAll(0));
console.log(`링크 & 일정 사이트를 시작합니다. 전체 로그: ${path.relative(process.cwd(), logDir) || logDir}`);

try {
  const servers = ['api', 'idp'];
  await buildIfStale({ only: servers, logDir, log: say });
  if (identity.embedded) {
    // Its few lines include the generated administrator password, printed once.
    group.launch('idp', layout.idpPort, [path.join(repoRoot, 'idp/dist/main.js')], idpEnv, {
      showOutput: true,
      restart: '로그인 서버',
    });
  }
  group.launch('api', layout.apiPort, [path.join(repoRoot, 'api/dist/main.js')], apiEnv, { restart: 'API' });

  // What `/` needs first: the shell and the remotes whose markup is in its first screen (remotes.json `firstScreen`).
  // The other remotes (administrator screens, /reserve) build after, each served as soon as it is built; until then
  // the shell's /config.json lists it as being prepared and its screens say so (scripts/preparing-remotes.mjs).
  const targets = buildTargets().filter((target) => !servers.includes(target.name));
  const firstScreenDirs = new Set(['shell', ...remotes.filter((remote) => remote.firstScreen).map(({ dir }) => dir)]);
  const later = targets.filter((target) => !firstScreenDirs.has(target.name));
  const unbuilt = new Set(skipBuild ? [] : later.filter((target) => !isBuilt(target)).map((target) => target.name));
  const appOf = (dir) => layout.apps.find((app) => app.dir === dir);
  const preparing = () => [...unbuilt].map((dir) => appOf(dir).name);
  writePreparingRemotes(preparingFile, preparing());

  const serve = (app) =>
    group.launch(app.dir, app.port, [path.join(repoRoot, 'scripts/serve-app.mjs'), app.dir, String(app.port)]);
  const checkOf = (app) => readinessChecks.find((check) => check.name === app.dir);
  await buildIfStale({ only: [...firstScreenDirs], logDir, log: say });
  const servedNow = layout.apps.filter((app) => !unbuilt.has(app.dir));
  for (const app of servedNow) serve(app);
  const serverChecks = readinessChecks.filter((check) => !layout.apps.some((app) => app.dir === check.name));
  await group.waitUntilReady([...serverChecks, ...servedNow.map(checkOf)], (name) =>
    say(`준비됨: ${name} (${elapsed()})`),
  );
  if (unbuilt.size > 0) {
    console.log(
      `\n  방문자 화면을 열 수 있습니다 (${elapsed()}): http://localhost:${layout.sitePort}\n` +
        `  관리 화면 ${unbuilt.size}개를 마저 만드는 중입니다. 그동안 그 화면은 준비 중이라고 안내합니다.\n`,
    );
    const readyLater = [];
    await buildIfStale({
      only: [...unbuilt],
      logDir,
      log: say,
      onBuilt: (dir) => {
        const app = appOf(dir);
        serve(app);
        readyLater.push(
          group.waitUntilReady([checkOf(app)], (name) => {
            unbuilt.delete(name);
            writePreparingRemotes(preparingFile, preparing());
            say(`준비됨: ${name} (${elapsed()})`);
          }),
        );
      },
    });
    await Promise.all(readyLater);
  }
  console.log(
    `\n  링크 & 일정 사이트가 준비되었습니다 (${elapsed()}): http://localhost:${layout.sitePort}\n  종료하려면 Ctrl-C 를 누르세요.\n`,
  );
} catch (error) {
  console.error(error.message);
  await stopAll(1);
}

async function stopAll(exitCode) {
  if (group.stopping) return;
  console.log('\n사이트를 종료합니다…');
  await group.stop();
  writePreparingRemotes(preparingFile, []);
  process.exit(exitCode);
}
