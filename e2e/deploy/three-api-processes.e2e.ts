/**
 * docs/decisions/0049-past-one-machine.md "Past one machine": THREE API processes on one PostgreSQL database and one
 * Redis (REDIS_URL, a key prefix of this run's own), behind deploy/gateway/nginx.conf.template rendered by
 * local-nginx.ts, as replicas run behind the gateway or an Ingress. Load through nginx (api/src/test/mixed-load.ts:
 * schedule items written by the administrator, public reads, administrator reads); the processes are restarted one at a
 * time (SIGTERM, drain, start again, ready before the next one stops).
 *
 * Checks:
 * - no failed request (every request answered, every answer below 300);
 * - no lost write: every acknowledged `POST /api/plan` (201) is a row of `plans` afterwards, id by id;
 * - after each acknowledged write, every process that is up serves the new item on `GET /api/plan/list`, asked
 *   directly (not through nginx): the write's cache invalidation reached the other processes' public caches through
 * the PostgreSQL NOTIFY sent by the write's own transaction (docs/decisions/0089-invalidation-cannot-be-lost.md: Redis
 * carries no invalidation, only
 *   the rate-limit counters). Polled, at most {@link VISIBLE_WITHIN_MS} per process. One client writes (the others
 *   read), so no other write empties a process's cache meanwhile: a process deaf to the channel fails this check;
 * - each process exits 0 after its drain, and each restarted process is asked too.
 * The figures are printed (requests by phase and status, writes acknowledged and rows found, restarts, how long the
 * new item took to show on each process).
 */
import Redis from 'ioredis';
import { type ApiProcess, type IssuerProcess, startApiProcess } from '../../api/src/test/api-process';
import {
  acknowledgedRowsPresent,
  answersByPhase,
  type LoadAnswer,
  startMixedLoad,
  writeTable,
} from '../../api/src/test/mixed-load';
import type { TestDatabase } from '../../api/src/test/test-database';
import { type ApiCluster, startApiCluster } from './api-cluster';
import type { ApiGateway } from './local-nginx';

jest.setTimeout(300_000);

const WORKERS = 6;
const PROCESSES = 3;
const NAMES = 'ABC';
/** How long a process may take to serve an item another process acknowledged, in milliseconds. */
const VISIBLE_WITHIN_MS = 5_000;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

type State = 'up' | 'stopping' | 'down';

/** One "does process N serve the new item" question, asked after an acknowledged write. */
interface Check {
  process: number;
  /** 0 for the first start of the process, 1 after its restart. */
  generation: number;
  /** Milliseconds from the write's acknowledgement until the process served the item. */
  ms: number;
}

describe('three API processes, one PostgreSQL, one Redis, behind the gateway (docs/decisions/0049-past-one-machine.md)', () => {
  let cluster: ApiCluster;
  let database: TestDatabase;
  let issuer: IssuerProcess;
  let gateway: ApiGateway;
  let processes: ApiProcess[] = [];
  let ports: number[];
  let env: NodeJS.ProcessEnv;
  const keyPrefix = `linksite-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    cluster = await startApiCluster('linksite_three', PROCESSES, { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix });
    ({ database, issuer, gateway, ports, env } = cluster);
    processes = cluster.processes;
  });

  afterAll(async () => {
    await cluster?.stop();
    // The rate-limit counters of this run (they expire by themselves; removed so a shared Redis stays tidy).
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  test('restart A, B, C one at a time under load: no failed request, no lost write, every process serves each write', async () => {
    for (const p of processes) expect(p.output()).toContain('무효화 채널 postgres 에 연결했습니다');

    const states: State[] = processes.map(() => 'up');
    const generations = processes.map(() => 0);
    const checks: Check[] = [];
    const stale: string[] = [];

    /** Asks process `index` directly until its plan list holds `id`; a process stopped meanwhile is not asked. */
    const servedBy = async (index: number, id: number, acknowledgedAt: number): Promise<void> => {
      const generation = generations[index]!;
      const deadline = acknowledgedAt + VISIBLE_WITHIN_MS;
      let last = '';
      for (;;) {
        if (states[index] !== 'up' || generations[index] !== generation) return;
        try {
          const res = await fetch(`http://127.0.0.1:${ports[index]}/api/plan/list`);
          const body = (await res.json()) as { product?: { id: number }[] };
          if (res.status === 200 && body.product?.some((plan) => plan.id === id)) {
            checks.push({ process: index, generation, ms: performance.now() - acknowledgedAt });
            return;
          }
          last = `${res.status}, ${body.product?.length ?? 0} items without ${id}`;
        } catch (error) {
          // Stopped between the state check and the request: not a stale answer.
          if (states[index] !== 'up' || generations[index] !== generation) return;
          last = String(error);
        }
        if (performance.now() > deadline) {
          stale.push(
            `${NAMES[index]} (start ${generation + 1}) did not serve plan ${id} within ${VISIBLE_WITHIN_MS} ms: ${last}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    let phase = 'warm-up';
    const load = startMixedLoad({
      apiUrl: `${gateway.url}/api`,
      bearer: `Bearer ${issuer.token}`,
      workers: WORKERS,
      phase: () => phase,
      write: 'plan',
      closeConnections: true,
      // One writer: nothing but the invalidation channel refreshes another process's cache while it is asked.
      writers: 1,
      afterWrite: async (answer: LoadAnswer) => {
        const at = performance.now();
        await Promise.all(processes.map((_, index) => servedBy(index, answer.id!, at)));
      },
    });
    const { answers } = load;
    const exitCodes: (number | null)[] = [];

    try {
      await load.more(60);
      for (let index = 0; index < PROCESSES; index++) {
        const name = NAMES[index]!;
        // Out of the gateway's rotation first, as in rolling-restart.e2e.ts (why: there).
        phase = `leaving ${name}`;
        await gateway.routeTo(ports.filter((_, i) => i !== index));
        phase = `stopping ${name}`;
        states[index] = 'stopping';
        exitCodes.push(await processes[index]!.terminate());
        states[index] = 'down';
        phase = `${name} down`;
        await load.more(30);
        phase = `starting ${name}`;
        processes[index] = await startApiProcess(ports[index]!, env);
        // Rolling: the next one stops only once this one is ready again.
        expect((await fetch(`http://127.0.0.1:${ports[index]}/api/health/ready`)).status).toBe(200);
        await gateway.routeTo(ports);
        generations[index] = 1;
        states[index] = 'up';
        phase = `${name} back`;
        // Enough writes for the restarted process to be asked after several of them.
        await load.waitFor(
          `5 writes checked on ${name} after its restart`,
          // A stale answer ends the wait: the figures and the failed check below say which.
          () => stale.length > 0 || checks.filter((c) => c.process === index && c.generation === 1).length >= 5,
          60_000,
        );
        await load.more(30);
      }
    } finally {
      await load.stop();
    }

    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const rows = await acknowledgedRowsPresent(database.url, writeTable.plan, acknowledged);
    const failures = [
      ...load.noAnswer,
      ...answers.filter((a) => a.status >= 300).map((a) => `${a.kind} in ${a.phase}: ${a.status} ${a.message}`),
    ];
    const byStatus: Record<string, number> = {};
    for (const a of answers) byStatus[`${a.kind} ${a.status}`] = (byStatus[`${a.kind} ${a.status}`] ?? 0) + 1;
    const latency = (index: number) => {
      const ms = checks.filter((c) => c.process === index).map((c) => c.ms);
      ms.sort((a, b) => a - b);
      const at = (q: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(0) : '-');
      return `${NAMES[index]} ${ms.length} checks, p50 ${at(0.5)} ms, max ${at(1)} ms`;
    };
    console.log(
      [
        `Three API processes behind nginx, Redis ${REDIS_URL} (prefix ${keyPrefix}), ${WORKERS} clients:`,
        `  ${load.count()} requests, ${failures.length} failed; by status ${JSON.stringify(byStatus)}`,
        `  acknowledged writes ${acknowledged.length}, rows found ${rows.length}; restarts ${exitCodes.length}, exit codes ${exitCodes.join(', ')}`,
        `  new item served by every process that was up: ${latency(0)}; ${latency(1)}; ${latency(2)}; ${stale.length} stale`,
        ...Object.entries(answersByPhase(answers)).map(([p, counts]) => `  ${p}: ${JSON.stringify(counts)}`),
        ...failures.slice(0, 10).map((f) => `  FAILED ${f}`),
        ...stale.slice(0, 10).map((s) => `  STALE ${s}`),
      ].join('\n'),
    );

    expect(failures).toEqual([]);
    expect(stale).toEqual([]);
    expect(exitCodes).toEqual([0, 0, 0]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(rows).toEqual([...acknowledged].sort((a, b) => a - b));
    for (let index = 0; index < PROCESSES; index++) {
      // Load ran while each process was down, and each process was asked before and after its restart.
      expect(answersByPhase(answers)[`${NAMES[index]} down`]).toBeDefined();
      expect(checks.filter((c) => c.process === index && c.generation === 0).length).toBeGreaterThan(0);
      expect(checks.filter((c) => c.process === index && c.generation === 1).length).toBeGreaterThanOrEqual(5);
    }
  });
});
