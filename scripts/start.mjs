/**
 * `npm start`: builds what is not built, then starts the whole site on one machine: the embedded
 * OpenID Connect provider (unless an external issuer is configured), the API (with the embedded
 * PostgreSQL unless DATABASE_URL is set), the shell and each remote on its own port.
 * Prints the site URL once every part answers. Ctrl-C (SIGINT) or SIGTERM stops every child and
 * waits for it, so no process is orphaned and the embedded database lock is released.
 *
 * The running children are listed in `<DATA_DIR>/run/site.json` ({ name, pid, port }[]) so a
 * person or a test can stop one part (for example a remote) while the rest keeps running.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildStale } from './build.mjs';
import { identitySettings, repoRoot, siteLayout } from './site-layout.mjs';

const startedAt = Date.now();
const layout = siteLayout();
const identity = identitySettings();
const dataDir = path.resolve(process.env.DATA_DIR || path.join(repoRoot, '.data'));
const runFile = path.join(dataDir, 'run', 'site.json');
/** @type {{ name: string, port: number, child: import('node:child_process').ChildProcess }[]} */
const services = [];
let stopping = false;

try {
  buildStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const appOrigins = [`http://localhost:${layout.sitePort}`, `http://127.0.0.1:${layout.sitePort}`];
if (identity.embedded) {
  services.push(
    launch('idp', layout.idpPort, [path.join(repoRoot, 'idp/dist/main.js')], {
      IDP_PORT: String(layout.idpPort),
      IDP_ISSUER: identity.issuer,
      IDP_CLIENT_ID: identity.clientId,
      IDP_APP_ORIGINS: process.env.IDP_APP_ORIGINS || appOrigins.join(','),
      ADMIN_ROLE: identity.adminRole,
      DATA_DIR: dataDir,
    }),
  );
}
services.push(
  launch('api', layout.apiPort, [path.join(repoRoot, 'api/dist/main.js')], {
    PORT: String(layout.apiPort),
    DATA_DIR: dataDir,
    OIDC_ISSUER: identity.issuer,
    OIDC_CLIENT_ID: identity.clientId,
    ADMIN_ROLE: identity.adminRole,
  }),
);
for (const app of layout.apps) {
  services.push(launch(app.dir, app.port, [path.join(repoRoot, 'scripts/serve-app.mjs'), app.dir, String(app.port)]));
}
fs.mkdirSync(path.dirname(runFile), { recursive: true });
fs.writeFileSync(
  runFile,
  JSON.stringify(services.map(({ name, port, child }) => ({ name, port, pid: child.pid })), null, 2),
);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

try {
  await waitUntilReady();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`\n  링크 & 일정 사이트가 준비되었습니다 (${seconds} s): http://localhost:${layout.sitePort}\n  종료하려면 Ctrl-C 를 누르세요.\n`);
} catch (error) {
  console.error(error.message);
  await stopAll(1);
}

/** Starts one child process with its output prefixed by its name. */
function launch(name, port, args, extraEnv = {}) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, target) => {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    // Ctrl-C in a terminal reaches the children too; give our own SIGINT handler a moment first.
    setTimeout(() => {
      if (stopping) return;
      console.error(`[${name}] 종료됨 (${signal ?? `코드 ${code}`})`);
        // Without the API or the identity provider the site cannot work: stop it. A remote may stop
      // alone (the page copes).
      if (name === 'api' || name === 'idp') stopAll(1);
    }, 200);
  });
  return { name, port, child };
}

/** Polls the API health and each app's index page until all answer, for at most 3 minutes. */
async function waitUntilReady() {
  const urls = [
    ...(identity.embedded ? [`http://127.0.0.1:${layout.idpPort}/.well-known/openid-configuration`] : []),
    `http://127.0.0.1:${layout.apiPort}/api/health`,
    ...layout.apps.map((app) => `http://127.0.0.1:${app.port}/`),
  ];
  const deadline = Date.now() + 180_000;
  for (const url of urls) {
    for (;;) {
      if (stopping) throw new Error('시작하는 중에 중단되었습니다.');
      try {
        const response = await fetch(url);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${url} 이(가) 3분 안에 응답하지 않았습니다.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Sends SIGTERM to every child still running, waits (SIGKILL after 10 s), then exits. */
async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('\n사이트를 종료합니다…');
  const running = services.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  fs.rmSync(runFile, { force: true });
  process.exit(exitCode);
}
