/**
 * The child processes of `npm start` and `npm run dev`: each service's output in `<logDir>/<name>.log` (its error
 * output, and with `showOutput` everything, also in the terminal), the list of running services in
 * `<dataDir>/run/site.json` ({ name, pid, port }[]) so a person or a test can stop one part, readiness polling that
 * says what it is still waiting for, a supervisor that restarts a service launched with `restart` when it exits
 * (docs/decisions/0046-serve-and-supervise.md), and a stop that waits for every child.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { identitySettings, repoRoot, siteLayout } from './site-layout.mjs';

/**
 * Restart backoff (docs/decisions/0046-serve-and-supervise.md): 1 s, 2 s, 4 s … at most 30 s; back to 1 s once a run
 * lasted a minute.
 */
export const RESTART_BACKOFF = { firstMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

/**
 * How long to wait before starting an exited service again.
 * @param {number | undefined} previousMs the wait before its current run; undefined when it never restarted
 * @param {number} upMs how long the run that just ended lasted, in ms
 * @returns {number} ms: RESTART_BACKOFF.firstMs after a first exit or a run of at least resetAfterMs, else twice the
 *   previous wait, capped at maxMs
 */
export function restartDelayMs(previousMs, upMs) {
  if (previousMs === undefined || upMs >= RESTART_BACKOFF.resetAfterMs) return RESTART_BACKOFF.firstMs;
  return Math.min(previousMs * 2, RESTART_BACKOFF.maxMs);
}

/** How a child ended, for a person: `코드 1` or the signal's name. */
const howItEnded = (code, signal) => signal ?? `코드 ${code}`;

/** Why a readiness poll did not succeed: `HTTP 503`, or the connection error's code (`ECONNREFUSED`) or message. */
const pollError = (error) => error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);

/**
 * Calls `stop` once on SIGINT or SIGTERM, and once the process that started this one is gone. `npm start` and
 * `npm run dev` run their script through `sh -c`, and Debian's sh (dash) dies of a SIGTERM sent to npm instead of
 * passing it on: the site went on running without its parent, the embedded database locked
 * (docs/decisions/0090-stop-cleanly.md). An orphan's parent id changes, so it is read every second.
 * @param {() => void} stop
 */
export function stopOnSignalOrOrphaned(stop) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, 1000);
  watch.unref();
}

/**
 * The exit code with which a service says its configuration is wrong (sysexits.h EX_CONFIG): the API's and the
 * identity provider's `ConfigError`, the site server's `설정 오류`. Starting it again cannot help, so the group stops
 * instead of restarting it (docs/decisions/0090-stop-cleanly.md).
 */
export const EXIT_CONFIGURATION = 78;

/**
 * @param {{ dataDir: string, logDir: string, onExit?: (name: string, code: number | null, signal: string | null) => void,
 *   onConfigurationError?: (name: string) => void }} options
 *   onExit: called when a service launched without `restart` exits while the group is not stopping;
 *   onConfigurationError: called instead (of onExit, or of a restart) when a service exits with EXIT_CONFIGURATION,
 *   after one line saying so (the service printed its own message)
 */
export function serviceGroup({ dataDir, logDir, onExit = () => {}, onConfigurationError = () => {} }) {
  const runFile = path.join(dataDir, 'run', 'site.json');
  fs.mkdirSync(logDir, { recursive: true });
  /**
   * @typedef {{ name: string, port: number, args: string[], env: Record<string, string>, showOutput: boolean,
   *   restart: string | undefined, child: import('node:child_process').ChildProcess, startedAt: number,
   *   delayMs: number | undefined, timer: NodeJS.Timeout | undefined, runs: number }} Service
   */
  /** @type {Service[]} */
  const services = [];
  let stopping = false;

  /** Written to a temporary file and renamed over the list, so a reader never sees it half-written. */
  const writeRunFile = () => {
    fs.mkdirSync(path.dirname(runFile), { recursive: true });
    const partial = `${runFile}.${process.pid}.tmp`;
    fs.writeFileSync(
      partial,
      JSON.stringify(
        services.map(({ name, port, child }) => ({ name, port, pid: child.pid })),
        null,
        2,
      ),
    );
    fs.renameSync(partial, runFile);
  };

  /** Starts (or starts again) the service's process; its log is truncated on the first run and appended to after. */
  const run = (service) => {
    const { name } = service;
    const logFile = path.join(logDir, `${name}.log`);
    const log = fs.createWriteStream(logFile, { flags: service.runs === 0 ? 'w' : 'a' });
    service.runs += 1;
    const child = spawn(process.execPath, service.args, {
      cwd: repoRoot,
      env: { ...process.env, ...service.env },
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
    forward(child.stdout, service.showOutput ? process.stdout : null);
    forward(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      log.end();
      // Ctrl-C in a terminal reaches the children too; give the parent's SIGINT handler a moment first.
      setTimeout(() => {
        if (stopping) return;
        if (code === EXIT_CONFIGURATION) {
          console.error(
            `  ${service.restart ?? name}의 설정이 잘못되어 시작할 수 없습니다(위 메시지). 설정을 고친 뒤 다시 시작하세요. 로그: ${logFile}`,
          );
          onConfigurationError(name);
          return;
        }
        if (service.restart === undefined) {
          console.error(`[${name}] 종료됨 (${howItEnded(code, signal)}), 로그: ${logFile}`);
          onExit(name, code, signal);
          return;
        }
        service.delayMs = restartDelayMs(service.delayMs, Date.now() - service.startedAt);
        console.error(
          `  ${service.restart}가 종료되어(${howItEnded(code, signal)}) ${service.delayMs / 1000}초 후 다시 시작합니다. 로그: ${logFile}`,
        );
        service.timer = setTimeout(() => {
          service.timer = undefined;
          if (stopping) return;
          run(service);
          writeRunFile();
        }, service.delayMs);
      }, 200);
    });
    service.child = child;
    service.startedAt = Date.now();
    return child;
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
     * @param {{ showOutput?: boolean, restart?: string }} [options] showOutput: its standard output in the terminal
     *   too. restart: the service's name for a person (`API`); when set, an exit while the group is not stopping
     *   starts it again after restartDelayMs and prints one line, e.g. `API가 종료되어(코드 1) 2초 후 다시
     *   시작합니다. 로그: …` (docs/decisions/0046-serve-and-supervise.md), instead of calling onExit.
     */
    launch(name, port, args, env = {}, { showOutput = false, restart } = {}) {
      /** @type {Service} */
      const service = {
        name,
        port,
        args,
        env,
        showOutput,
        restart,
        child: /** @type {any} */ (undefined),
        startedAt: 0,
        delayMs: undefined,
        timer: undefined,
        runs: 0,
      };
      run(service);
      services.push(service);
      writeRunFile();
      return service.child;
    },

    /**
     * Polls every URL until it answers 2xx, for at most `timeoutMs` in all; `onReady(name)` as each one does.
     * Every `noticeMs` while some are not ready it prints, per service, which URL it polls and why the last poll
     * failed (docs/decisions/0045-identity-hardening.md: a start-up that waits prints what it waits for).
     * @param {{ name: string, url: string }[]} checks
     * @param {(name: string) => void} [onReady]
     * @param {number} [timeoutMs] default 3 minutes
     * @param {{ noticeMs?: number, pollMs?: number }} [options] noticeMs default 15 s, pollMs default 250 ms
     * @throws Error naming each service that never answered, its URL, its last error and where the logs are
     */
    async waitUntilReady(checks, onReady = () => {}, timeoutMs = 180_000, { noticeMs = 15_000, pollMs = 250 } = {}) {
      const startedAt = Date.now();
      const deadline = startedAt + timeoutMs;
      /** @type {Map<string, { url: string, lastError: string }>} */
      const pending = new Map(checks.map(({ name, url }) => [name, { url, lastError: '아직 시도하지 않음' }]));
      const seconds = (ms) => Math.round(ms / 1000);
      const limit = timeoutMs % 60_000 === 0 ? `${timeoutMs / 60_000}분` : `${seconds(timeoutMs)}초`;
      const notice = setInterval(() => {
        for (const [name, { url, lastError }] of pending) {
          console.log(`  기다리는 중: ${name} (${seconds(Date.now() - startedAt)}초째) ${url} → ${lastError}`);
        }
      }, noticeMs);
      try {
        await Promise.all(
          checks.map(async ({ name, url }) => {
            const state = pending.get(name);
            for (;;) {
              if (stopping) throw new Error('시작하는 중에 중단되었습니다.');
              try {
                const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
                await res.arrayBuffer().catch(() => undefined);
                if (res.ok) break;
                state.lastError = `HTTP ${res.status}`;
              } catch (error) {
                state.lastError = pollError(error);
              }
              if (Date.now() > deadline) {
                const others = [...pending.keys()].filter((other) => other !== name);
                throw new Error(
                  `${name} (${url}) 이(가) ${limit} 안에 응답하지 않았습니다. 마지막 오류: ${state.lastError}.` +
                    (others.length > 0 ? ` 함께 응답하지 않은 서비스: ${others.join(', ')}.` : '') +
                    ` 로그: ${logDir}`,
                );
              }
              await new Promise((resolve) => setTimeout(resolve, pollMs));
            }
            pending.delete(name);
            onReady(name);
          }),
        );
      } finally {
        clearInterval(notice);
      }
    },

    /** Cancels pending restarts, sends SIGTERM to every child still running and waits for each (SIGKILL after 10 s). */
    async stop() {
      stopping = true;
      for (const service of services) clearTimeout(service.timer);
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
      // The provider's accounts carry the roles owner/editor/staff; a legacy ADMIN_ROLE is passed on only when set.
      ...(process.env.ADMIN_ROLE ? { ADMIN_ROLE: identity.adminRole } : {}),
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
      // The shell is ready when it serves the whole first screen (every first-screen remote's slot rendered).
      ...layout.apps.map((app) => ({
        name: app.dir,
        url: `http://127.0.0.1:${app.port}/${app.name === 'shell' ? 'first-screen/ready' : ''}`,
      })),
    ],
  };
}
