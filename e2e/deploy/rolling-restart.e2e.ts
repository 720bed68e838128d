/**
 * Issue 15 item 4 (b): a rolling restart of two API processes behind the gateway's real nginx configuration
 * (deploy/gateway/nginx.conf.template, rendered by local-nginx.ts) fails no request. Load through nginx (public reads,
 * administrator reads and writes), then SIGTERM A, start A again, SIGTERM B, start B again. Each process drains on
 * SIGTERM (api/src/common/http-drain.ts): readiness false and the listening socket closed at once, in-flight requests
 * finished; nginx passes what a stopping process refused to the other one (proxy_next_upstream). Checks: 0 failed
 * requests, every acknowledged write is a row, each process exits 0 after its drain. The figures are printed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { type ApiProcess, startApiProcess } from '../../api/src/test/api-process';
import { stablePortBlock } from '../../api/src/test/stable-ports';
import { createTestDatabase, type TestDatabase } from '../../api/src/test/test-database';
import { type ApiGateway, repoRoot, startApiGateway } from './local-nginx';
import { siteRemotes } from './site-scripts';

jest.setTimeout(240_000);

const WORKERS = 6;

/** The test issuer of the api specs in a process of its own (api/src/test/issuer-process.ts). */
async function startIssuerProcess(): Promise<{ issuer: string; token: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [
    '-r',
    path.join(repoRoot, 'build', 'register-swc.js'),
    path.join(repoRoot, 'api', 'src', 'test', 'issuer-process.ts'),
  ]);
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`issuer exited with ${code}:\n${output}`)));
    child.stdout!.once('data', (chunk: Buffer) => {
      const line = JSON.parse(chunk.toString('utf8').trim()) as { issuer: string; token: string };
      resolve({ ...line, child });
    });
  });
}

interface Answer {
  phase: string;
  kind: 'public-read' | 'admin-read' | 'write';
  status: number;
  id?: number;
}

describe('rolling restart of two API processes behind the gateway (issue 15 item 4 (b))', () => {
  let database: TestDatabase;
  let issuer: Awaited<ReturnType<typeof startIssuerProcess>>;
  let gateway: ApiGateway;
  const processes: ApiProcess[] = [];
  let ports: number[];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase('linksite_rolling');
    issuer = await startIssuerProcess();
    // The processes restart on their ports: outside the ephemeral range, or a load connection may take one meanwhile.
    const base = await stablePortBlock(3);
    ports = [base, base + 1];
    env = {
      DATABASE_URL: database.url,
      OIDC_ISSUER: issuer.issuer,
      REDIS_URL: '',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
    };
    processes[0] = await startApiProcess(ports[0]!, env);
    processes[1] = await startApiProcess(ports[1]!, env);
    gateway = await startApiGateway({
      gatewayPort: base + 2,
      apiPorts: ports,
      remoteNames: siteRemotes().map((r) => r.name),
    });
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p?.terminate()));
    await gateway?.stop();
    issuer?.child.kill('SIGTERM');
    await database?.drop();
  });

  test('SIGTERM A, start A, SIGTERM B, start B under load: no failed request, no lost write', async () => {
    const bearer = `Bearer ${issuer.token}`;
    const api = `${gateway.url}/api`;
    let phase = 'warm-up';
    let running = true;
    let n = 0;
    const answers: Answer[] = [];
    const failures: string[] = [];

    const send = async (kind: Answer['kind']) => {
      const i = n++;
      const at = phase;
      try {
        let res: Response;
        if (kind === 'write') {
          const start = new Date(Date.now() + 2 * 86_400_000 + i * 60_000);
          res = await fetch(`${api}/popup`, {
            method: 'POST',
            headers: { authorization: bearer, 'content-type': 'application/json' },
            body: JSON.stringify({
              cnt: String((i % 3) + 1),
              startdate: start.toISOString(),
              enddate: new Date(start.getTime() + 3_600_000).toISOString(),
              count: 10,
              table: 2,
            }),
          });
        } else if (kind === 'admin-read') {
          res = await fetch(`${api}/popup/list`, { headers: { authorization: bearer } });
        } else {
          res = await fetch(`${api}/${i % 2 ? 'plan/list' : 'store'}`);
        }
        const body = (await res.json().catch(() => ({}))) as { message?: string; product?: { id?: number } };
        answers.push({ phase: at, kind, status: res.status, id: res.status === 201 ? body.product?.id : undefined });
        if (res.status >= 300) failures.push(`${kind} in ${at}: ${res.status} ${body.message ?? ''}`);
      } catch (error) {
        failures.push(`${kind} in ${at}: no answer (${String(error)})`);
      }
    };

    const kinds: Answer['kind'][] = ['write', 'public-read', 'admin-read'];
    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      for (let k = w; running; k++) await send(kinds[k % kinds.length]!);
    });
    /** Waits until `count` more requests were answered (a condition, not a time). */
    const moreAnswers = async (count: number) => {
      const target = answers.length + failures.length + count;
      const deadline = Date.now() + 60_000;
      while (answers.length + failures.length < target) {
        if (Date.now() > deadline) throw new Error(`load stalled at ${answers.length} answers`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const exitCodes: (number | null)[] = [];

    try {
      await moreAnswers(60);
      for (const index of [0, 1]) {
        phase = `stopping ${'AB'[index]}`;
        exitCodes.push(await processes[index]!.terminate());
        phase = `${'AB'[index]} down`;
        await moreAnswers(30);
        phase = `starting ${'AB'[index]}`;
        processes[index] = await startApiProcess(ports[index]!, env);
        // Rolling: the next one stops only once this one is ready again.
        expect((await fetch(`http://127.0.0.1:${ports[index]}/api/health/ready`)).status).toBe(200);
        phase = `${'AB'[index]} back`;
        await moreAnswers(60);
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }

    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client
      .query<{ id: number }>('SELECT id FROM popup_slots WHERE id = ANY($1::int[])', [acknowledged])
      .finally(() => client.end());

    const byPhase: Record<string, Record<string, number>> = {};
    for (const a of answers) {
      const row = (byPhase[a.phase] ??= {});
      row[`${a.kind} ${a.status}`] = (row[`${a.kind} ${a.status}`] ?? 0) + 1;
    }
    console.log(
      [
        `Rolling restart behind nginx (2 API processes, ${WORKERS} clients): ${answers.length + failures.length} requests, ${failures.length} failed`,
        `  acknowledged writes ${acknowledged.length}, rows present ${rows.length}; exit codes after SIGTERM ${exitCodes.join(', ')}`,
        ...Object.entries(byPhase).map(([p, counts]) => `  ${p}: ${JSON.stringify(counts)}`),
        ...failures.slice(0, 10).map((f) => `  FAILED ${f}`),
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
