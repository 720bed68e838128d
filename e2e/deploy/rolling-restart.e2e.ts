/**
 * docs/decisions/0044-survivable-faults.md (b): a rolling restart of two API processes behind the gateway's real nginx
 * configuration (deploy/gateway/nginx.conf.template, rendered by local-nginx.ts) fails no request. Load through nginx
 * (public reads, administrator reads and writes), then for A and then B: out of the gateway's rotation (the upstream
 * group rewritten, nginx reloaded, as an orchestrator removes a replica whose readiness turned false), SIGTERM, start
 * again, back into the rotation once ready. Each process drains on SIGTERM (api/src/common/http-drain.ts; its in-flight
 * and busy connections: production.int.spec.ts, http-drain.int.spec.ts), and nginx passes what a process refuses or a
 * closed port refuses to the other one (proxy_next_upstream). Taking the process out first is not optional: with it
 * still in the group, a connection the kernel completed in the instant its listening socket closed was reset after
 * nginx had sent a POST on it (1 write in 5 runs under CPU load:
 * `recv() failed (104: Connection reset by peer) while reading response header from upstream`, 502), which nothing on
 * the process's side can prevent. Checks: 0 failed requests, every acknowledged write is a row, each process exits 0
 * after its drain. The figures are printed.
 */
import { type ApiProcess, type IssuerProcess, startApiProcess } from '../../api/src/test/api-process';
import { acknowledgedRowsPresent, answersByPhase, startMixedLoad, writeTable } from '../../api/src/test/mixed-load';
import type { TestDatabase } from '../../api/src/test/test-database';
import { type ApiCluster, startApiCluster } from './api-cluster';
import type { ApiGateway } from './local-nginx';

jest.setTimeout(240_000);

const WORKERS = 6;

describe('rolling restart of two API processes behind the gateway (docs/decisions/0044-survivable-faults.md (b))', () => {
  let cluster: ApiCluster;
  let database: TestDatabase;
  let issuer: IssuerProcess;
  let gateway: ApiGateway;
  let processes: ApiProcess[] = [];
  let ports: number[];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // No Redis: the processes share only PostgreSQL (invalidation by NOTIFY).
    cluster = await startApiCluster('linksite_rolling', 2, { REDIS_URL: '' });
    ({ database, issuer, gateway, ports, env } = cluster);
    processes = cluster.processes;
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  test('SIGTERM A, start A, SIGTERM B, start B under load: no failed request, no lost write', async () => {
    let phase = 'warm-up';
    const load = startMixedLoad({
      apiUrl: `${gateway.url}/api`,
      bearer: `Bearer ${issuer.token}`,
      workers: WORKERS,
      phase: () => phase,
      closeConnections: true,
    });
    const { answers } = load;
    const exitCodes: (number | null)[] = [];

    try {
      await load.more(60);
      for (const index of [0, 1]) {
        // Out of the gateway's rotation first, as an orchestrator does (readiness false, endpoint removed): a process
        // still routed to when its listening socket closes resets the connections the kernel has completed but the
        // process not yet accepted, and nginx cannot pass a POST it already sent elsewhere (502).
        phase = `leaving ${'AB'[index]}`;
        await gateway.routeTo(ports.filter((_, i) => i !== index));
        phase = `stopping ${'AB'[index]}`;
        exitCodes.push(await processes[index]!.terminate());
        phase = `${'AB'[index]} down`;
        await load.more(30);
        phase = `starting ${'AB'[index]}`;
        processes[index] = await startApiProcess(ports[index]!, env);
        // Rolling: the next one stops only once this one is ready again.
        expect((await fetch(`http://127.0.0.1:${ports[index]}/api/health/ready`)).status).toBe(200);
        await gateway.routeTo(ports);
        phase = `${'AB'[index]} back`;
        await load.more(60);
      }
    } finally {
      await load.stop();
    }

    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const rows = await acknowledgedRowsPresent(database.url, writeTable.popup, acknowledged);
    const failures = [
      ...load.noAnswer,
      ...answers.filter((a) => a.status >= 300).map((a) => `${a.kind} in ${a.phase}: ${a.status} ${a.message}`),
    ];
    const byPhase = answersByPhase(answers);
    console.log(
      [
        `Rolling restart behind nginx (2 API processes, ${WORKERS} clients): ${load.count()} requests, ${failures.length} failed`,
        `  acknowledged writes ${acknowledged.length}, rows present ${rows.length}; exit codes after SIGTERM ${exitCodes.join(', ')}`,
        ...Object.entries(byPhase).map(([p, counts]) => `  ${p}: ${JSON.stringify(counts)}`),
        ...failures.slice(0, 10).map((f) => `  FAILED ${f}`),
        // What nginx said about its upstreams besides a refused connection (which it passes on): a 502's cause.
        ...gateway
          .output()
          .split('\n')
          .filter((line) => line.includes('upstream') && !line.includes('Connection refused'))
          .slice(0, 10)
          .map((line) => `  nginx: ${line}`),
      ].join('\n'),
    );

    expect(failures).toEqual([]);
    expect(exitCodes).toEqual([0, 0]);
    expect(rows.length).toBe(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Load ran while each process was down.
    expect(byPhase['A down']).toBeDefined();
    expect(byPhase['B down']).toBeDefined();
  });
});
