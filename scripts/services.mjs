/**
 * The child processes of `npm start` and `npm run dev`: each service's output in `<logDir>/<name>.log` (its error
 * output, and with `showOutput` everything, also in the terminal), the list of running services in
 * `<dataDir>/run/site.json` ({ name, pid, port }[]) so a person or a test can stop one part, readiness polling, and a
 * stop that waits for every child.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { identitySettings, repoRoot, siteLayout } from './site-layout.mjs';

/**
 * @param {{ dataDir: string, logDir: string, onExit?: (name: string, code: number | null, signal: string | null) => void }} options
 *   onExit: called when a service exits while the group is not stopping
 */
export function serviceGroup({ dataDir, logDir, onExit = () => {} }) {
  const runFile = path.join(dataDir, 'run', 'site.json');
  fs.mkdirSync(logDir, { recursive: true });
  /** @type {{ name: string, port: number, child: import('node:child_process').ChildProcess }[]} */
  const services = [];
  let stopping = false;

  const writeRunFile = () => {
    fs.mkdirSync(path.dirname(runFile), { recursive: true });
    fs.writeFileSync(
      runFile,
      JSON.stringify(
        services.map(({ name, port, child }) => ({ name, port, pid: child.pid })),
        null,
        2,
      ),
    );
  };

  return {
    get stopping() {
      return stopping;
    },

    /**
     * Starts `node <args>` as service `name` listening on `port`.
     * @param {string} name
     * @param {number} port
     * @param {string[]} args
     * @param {Record<string, string>} [env] added to this process's environment
     * @param {{ showOutput?: boolean }} [options] showOutput: its standard output in the terminal too
     */
    launch(name, port, args, env = {}, { showOutput = false } = {}) {
      const logFile = path.join(logDir, `${name}.log`);
      const log = fs.createWriteStream(logFile);
      const child = spawn(process.execPath, args, {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const forward = (stream, target) => {
        let buffered = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          log.write(chunk);
          if (!target) return;
          buffered += chunk;
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) target.write(`[${name}] ${line}\n`);
        });
      };
      forward(child.stdout, showOutput ? process.stdout : null);
      forward(child.stderr, process.stderr);
      child.on('exit', (code, signal) => {
        log.end();
        // Ctrl-C in a terminal reaches the children too; give the parent's SIGINT handler a moment first.
        setTimeout(() => {
          if (stopping) return;
          console.error(`[${name}] 종료됨 (${signal ?? `코드 ${code}`}), 로그: ${logFile}`);
          onExit(name, code, signal);
        }, 200);
      });
      services.push({ name, port, child });
      writeRunFile();
      return child;
    },

    /**
     * Polls each URL until it answers 2xx, in order, for at most `timeoutMs` in all; `onReady(name)` after each.
     * @param {{ name: string, url: string }[]} checks
     * @throws Error naming the service that did not answer, and where its log is
     */
    async waitUntilReady(checks, onReady = () => {}, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      for (const { name, url } of checks) {
        for (;;) {
          if (stopping) throw new Error('시작하는 중에 중단되었습니다.');
          try {
            if ((await fetch(url)).ok) break;
          } catch {
            // not listening yet
          }
          if (Date.now() > deadline) {
            throw new Error(
              `${name} (${url}) 이(가) ${timeoutMs / 60_000}분 안에 응답하지 않았습니다. 로그: ${logDir}`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        onReady(name);
      }
    },

    /** Sends SIGTERM to every child still running and waits for each (SIGKILL after 10 s). */
    async stop() {
      stopping = true;
      const alive = services.filter(({ child }) => child.exitCode === null && child.signalCode === null);
      await Promise.all(
        alive.map(
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
    },
  };
}

/**
 * What the site's servers need from the environment, shared by `npm start` and `npm run dev`: the layout, the
 * identity settings, the environment of the embedded identity provider and of the API, and the readiness checks.
 * @param {string} dataDir
 */
export function siteServers(dataDir) {
  const layout = siteLayout();
  const identity = identitySettings();
  const appOrigins = [`http://localhost:${layout.sitePort}`, `http://127.0.0.1:${layout.sitePort}`];
  return {
    layout,
    identity,
    idpEnv: {
      IDP_PORT: String(layout.idpPort),
      IDP_ISSUER: identity.issuer,
      IDP_CLIENT_ID: identity.clientId,
      IDP_APP_ORIGINS: process.env.IDP_APP_ORIGINS || appOrigins.join(','),
      ADMIN_ROLE: identity.adminRole,
      DATA_DIR: dataDir,
    },
    apiEnv: {
      PORT: String(layout.apiPort),
      DATA_DIR: dataDir,
      OIDC_ISSUER: identity.issuer,
      OIDC_CLIENT_ID: identity.clientId,
      ADMIN_ROLE: identity.adminRole,
    },
    readinessChecks: [
      ...(identity.embedded
        ? [{ name: 'idp', url: `http://127.0.0.1:${layout.idpPort}/.well-known/openid-configuration` }]
        : []),
      { name: 'api', url: `http://127.0.0.1:${layout.apiPort}/api/health` },
      ...layout.apps.map((app) => ({ name: app.dir, url: `http://127.0.0.1:${app.port}/` })),
    ],
  };
}
