/**
 * `npm start` as a supervisor (docs/decisions/0045-identity-hardening.md, docs/decisions/0046-serve-and-supervise.md):
 * a crashed API or identity provider is started again with backoff while the rest of the site keeps running, with one
 * line saying so (and the shell's server says once that page views cannot read the API's data, and once that they
 * can again, where it used to say so for every request, the start's own readiness checks included); Ctrl-C still
 * stops everything; and a start-up that waits says what it waits for. The site runs on the
 * embedded database, so the restarted API also takes over the lock its killed predecessor left. Stopped through npm
 * with SIGTERM, it stops everything too.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { stablePortBlock } from '../api/src/test/stable-ports';
import { isAlive, launchSite, repoRoot, RunningSite, startSite } from './support/site';

jest.setTimeout(120_000);

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers200 = async (url: string) => {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
};

/** The shell's server's lines when page views cannot read the API's first-screen data, and when they can again. */
const DATA_FAILED = '첫 화면 데이터를 읽지 못했습니다';
const DATA_READ_AGAIN = '첫 화면 데이터를 다시 읽었습니다.';

describe('npm start restarts a crashed API or identity provider (docs/decisions/0046-serve-and-supervise.md)', () => {
  let site: RunningSite;
  let apiPort: number;
  let idpPort: number;
  const everyPid = new Set<number>();
  const pidOf = (name: string) => site.services().find((s) => s.name === name)!.pid;

  beforeAll(async () => {
    // The API and the identity provider start again on their ports: outside the ephemeral range, or an outgoing
    // connection may take one meanwhile (EADDRINUSE on the restart; stable-ports.ts).
    const base = await stablePortBlock(10);
    apiPort = base + 8;
    idpPort = base + 9;
    site = await startSite({ SITE_PORT: String(base), API_PORT: String(apiPort), IDP_PORT: String(idpPort) });
    for (const service of site.services()) everyPid.add(service.pid);
  }, 420_000);

  afterAll(async () => {
    if (!site) return;
    for (const service of site.services()) everyPid.add(service.pid);
    const code = await site.stop();
    expect(code).toBe(0);
    expect([...everyPid].filter(isAlive)).toEqual([]);
  });

  it('starts the API again after kill -9, says so in one line, and the site answers /api/store again', async () => {
    const linesWith = (text: string) =>
      site
        .output()
        .split('\n')
        .filter((l) => l.includes(text));
    // The start's readiness checks asked the shell's server for `/` before the API answered: expected, so not logged.
    expect(linesWith(DATA_FAILED)).toEqual([]);
    const killed = pidOf('api');
    process.kill(killed, 'SIGKILL');
    // Page views while the API is down (it is started again after 1 s): served without their first screen, and the
    // failure logged once for the outage, not once per page view.
    for (let i = 0; i < 3; i++) expect((await fetch(`${site.url}/`)).status).toBe(200);
    await waitFor('the failure line', () => linesWith(DATA_FAILED).length > 0);
    await waitFor('the restart line', () => site.output().includes('API가 종료되어(SIGKILL) 1초 후 다시 시작합니다.'));
    await waitFor('a new API process', () => pidOf('api') !== killed);
    everyPid.add(pidOf('api'));
    await waitFor('/api/store', () => answers200(`http://127.0.0.1:${apiPort}/api/store`));
    expect(linesWith('API가 종료되어')).toHaveLength(1);
    expect(site.output()).not.toContain('사이트를 종료합니다');
    // The next page view reads the data again, and says so once.
    expect(await (await fetch(`${site.url}/`)).text()).toContain('data-first-screen=');
    await waitFor('the recovery line', () => linesWith(DATA_READ_AGAIN).length > 0);
    expect(linesWith(DATA_FAILED)).toHaveLength(1);
    expect(linesWith(DATA_READ_AGAIN)).toHaveLength(1);
    // The shell and its remotes were never stopped.
    expect(
      site
        .services()
        .filter((s) => s.name !== 'api' && s.name !== 'idp')
        .every((s) => isAlive(s.pid)),
    ).toBe(true);
  });

  it('starts the identity provider again after kill -9', async () => {
    const killed = pidOf('idp');
    process.kill(killed, 'SIGKILL');
    await waitFor('the restart line', () =>
      site.output().includes('로그인 서버가 종료되어(SIGKILL) 1초 후 다시 시작합니다.'),
    );
    await waitFor('a new identity process', () => pidOf('idp') !== killed);
    everyPid.add(pidOf('idp'));
    await waitFor('discovery', () => answers200(`http://127.0.0.1:${idpPort}/.well-known/openid-configuration`)).catch(
      (error: Error) => {
        throw new Error(`${error.message}; the site said:\n${site.output().split('\n').slice(-15).join('\n')}`);
      },
    );
  });
});

/** Runs scripts/services.mjs `waitUntilReady` in a child Node (ES module) and returns what it printed and threw. */
function waitInChild(checks: { name: string; url: string }[], timeoutMs: number, noticeMs: number) {
  const source = `
    import { serviceGroup } from './scripts/services.mjs';
    import os from 'node:os';
    import fs from 'node:fs';
    import path from 'node:path';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-wait-'));
    const group = serviceGroup({ dataDir: dir, logDir: path.join(dir, 'logs') });
    try {
      await group.waitUntilReady(${JSON.stringify(checks)}, (name) => console.log('READY ' + name), ${timeoutMs},
        { noticeMs: ${noticeMs}, pollMs: 50 });
      console.log('ALL READY');
    } catch (error) {
      console.log('FAILED ' + error.message);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }`;
  return new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: repoRoot });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', () => resolve(output));
  });
}

describe('a start-up that waits prints what it waits for (docs/decisions/0045-identity-hardening.md)', () => {
  let healthy: import('node:http').Server;
  let unhealthy: import('node:http').Server;
  let closedPort: number;
  const urlOf = (server: import('node:http').Server, pathname: string) =>
    `http://127.0.0.1:${(server.address() as { port: number }).port}${pathname}`;

  beforeAll(async () => {
    const http = await import('node:http');
    healthy = http.createServer((_req, res) => res.end('ok'));
    unhealthy = http.createServer((_req, res) => res.writeHead(503).end('starting'));
    await Promise.all([healthy, unhealthy].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
  });
  afterAll(async () => {
    await Promise.all([healthy, unhealthy].map((s) => new Promise((r) => s.close(r))));
  });

  it('names each service still not ready with the URL it polls and the last error, then the one that never answered', async () => {
    const checks = [
      { name: 'web', url: urlOf(healthy, '/') },
      { name: 'api', url: urlOf(unhealthy, '/api/health') },
      { name: 'idp', url: `http://127.0.0.1:${closedPort}/.well-known/openid-configuration` },
    ];
    const output = await waitInChild(checks, 2_000, 500);
    expect(output).toContain('READY web');
    expect(output).not.toContain('ALL READY');
    expect(output).toMatch(new RegExp(`기다리는 중: api \\(\\d+초째\\) ${checks[1]!.url} → HTTP 503`));
    expect(output).toMatch(new RegExp(`기다리는 중: idp \\(\\d+초째\\) ${checks[2]!.url} → ECONNREFUSED`));
    expect(output).not.toMatch(/기다리는 중: web/);
    expect(output).toMatch(/FAILED (api|idp) \(http:[^)]+\) 이\(가\) 2초 안에 응답하지 않았습니다\. 마지막 오류: /);
    expect(output).toMatch(/함께 응답하지 않은 서비스: (api|idp)\./);
    // One notice per pending service per interval, not one per poll.
    expect(output.split('\n').filter((l) => l.includes('기다리는 중: api')).length).toBeLessThanOrEqual(5);
  });

  it('prints nothing while everything answers in time', async () => {
    const output = await waitInChild([{ name: 'web', url: urlOf(healthy, '/') }], 2_000, 500);
    expect(output.trim()).toBe('READY web\nALL READY');
  });
});

describe('restart backoff (docs/decisions/0046-serve-and-supervise.md)', () => {
  it('waits 1 s, 2 s, 4 s … at most 30 s between restarts, and 1 s again after a run of a minute', () => {
    const source = `
      import { restartDelayMs } from './scripts/services.mjs';
      const waits = [];
      let wait;
      for (let i = 0; i < 8; i++) waits.push((wait = restartDelayMs(wait, 500)));
      waits.push(restartDelayMs(wait, 59_999), restartDelayMs(wait, 60_000));
      console.log(JSON.stringify(waits));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 1_000,
    ]);
  });
});

/** support/site.ts launchSite on ports of its own; `cleanUp()` kills what is left and removes its data directory. */
async function launchSiteOnOwnPorts(command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const base = await stablePortBlock(10);
  const site = launchSite(command, args, {
    SITE_PORT: String(base),
    API_PORT: String(base + 8),
    IDP_PORT: String(base + 9),
    ...extraEnv,
  });
  return {
    ...site,
    cleanUp: () => {
      site.child.kill('SIGKILL');
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    },
  };
}

describe('npm start stopped with SIGTERM (docs/decisions/0090-stop-cleanly.md)', () => {
  test("stops every service and releases the embedded database's lock, though npm's sh does not pass the signal on", async () => {
    // `npm start` itself, as a process manager or a terminal's kill would stop it: npm runs the script through sh.
    const site = await launchSiteOnOwnPorts('npm', ['start']);
    try {
      await waitFor('the site to be ready', () => site.output().includes('준비되었습니다'), 300_000);
      const lock = path.join(site.dataDir, 'pglite.lock');
      const pids = (
        JSON.parse(fs.readFileSync(path.join(site.dataDir, 'run', 'site.json'), 'utf8')) as { pid: number }[]
      ).map((service) => service.pid);
      expect(fs.existsSync(lock)).toBe(true);
      expect(pids.filter(isAlive).length).toBeGreaterThan(3);
      site.child.kill('SIGTERM');
      await waitFor(
        'every service to stop and the lock to be released',
        () => !fs.existsSync(lock) && !pids.some(isAlive),
        30_000,
      );
    } finally {
      site.cleanUp();
    }
  }, 360_000);
});

describe('npm start with a configuration error (docs/decisions/0090-stop-cleanly.md)', () => {
  test('stops with the message once instead of restarting the service', async () => {
    // Seven characters: the identity provider refuses it (idp/src/config.ts).
    const site = await launchSiteOnOwnPorts(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
      ADMIN_PASSWORD: 'short77',
    });
    try {
      const code = await new Promise<number | null>((resolve) => site.child.once('exit', resolve));
      expect(code).toBe(78);
      const output = site.output();
      expect(output.match(/ADMIN_PASSWORD/g)).toHaveLength(1);
      expect(output).toContain('로그인 서버의 설정이 잘못되어 시작할 수 없습니다');
      expect(output).not.toContain('다시 시작합니다');
      expect(output).not.toContain('준비되었습니다');
    } finally {
      site.cleanUp();
    }
  }, 120_000);
});
