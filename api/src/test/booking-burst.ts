import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { stablePortBlock } from './stable-ports';
import { createTestDatabase } from './test-database';
import { startTestIssuer } from './test-issuer';

/**
 * Shared by the burst spec (`bookings/booking-burst.int.spec.ts`) and `node bench/booking-burst.mjs`
 * (docs/decisions/0030-popup-bookings.md "Burst test"): several API processes on one fresh PostgreSQL database, and a
 * burst of concurrent bookings spread over them.
 */

const repoRoot = join(__dirname, '..', '..', '..');

/** API processes started by {@link startApiProcesses}. */
export interface ApiProcesses {
  /** `http://127.0.0.1:<port>/api` of each process. */
  urls: string[];
  databaseUrl: string;
  /** The processes' ids, in the order of `urls` (the bench reads their CPU time). */
  pids: number[];
  /** `Bearer <token>` of an administrator the processes accept. */
  bearer(): Promise<string>;
  /** Everything each process printed so far. */
  output(index: number): string;
  /** Stops the processes (SIGTERM, then SIGKILL), the issuer, and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts `ports.length` real API processes (`node -r build/register-swc.js api/src/main.ts`, compiled from the
 * sources, so no build is shared with other specs) on one fresh database of the test server, each running the
 * migrations at start under the migration advisory lock, with a test issuer for administrator tokens.
 * @param ports one per process; 0 takes a free port outside the ephemeral range (test/stable-ports.ts).
 * @param env more environment for every process (RATE_LIMIT_BOOKING_PER_MINUTE, say).
 * @param options.dataDir run on the embedded database in this directory instead (DATABASE_URL unset; its lock lets only
 *   one process in, so give one port).
 * @param options.database run on this database (created by the caller, e.g. on a throwaway cluster of
 *   test/throwaway-postgres.ts) instead of a fresh one on the test server; `close()` calls its `drop`.
 */
export async function startApiProcesses(
  ports: number[],
  env: NodeJS.ProcessEnv = {},
  options: { dataDir?: string; database?: { url: string; drop(): Promise<void> } } = {},
): Promise<ApiProcesses> {
  const database = options.dataDir
    ? { url: '', drop: async () => undefined }
    : (options.database ?? (await createTestDatabase('linksite_burst')));
  // The 0s take consecutive free ports outside the ephemeral range (test/stable-ports.ts).
  const base = await stablePortBlock(Math.max(1, ports.filter((port) => port === 0).length));
  let next = base;
  const bound = ports.map((port) => (port === 0 ? next++ : port));
  const issuer = await startTestIssuer();
  const children: ChildProcess[] = [];
  const outputs: string[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await issuer.close();
    await database.drop();
  };
  try {
    await Promise.all(
      bound.map(async (port, index) => {
        const child = spawn(
          process.execPath,
          ['-r', join(repoRoot, 'build', 'register-swc.js'), join(repoRoot, 'api', 'src', 'main.ts')],
          {
            cwd: repoRoot,
            env: {
              ...process.env,
              NO_COLOR: '1',
              DATABASE_URL: options.dataDir ? '' : database.url,
              DATA_DIR: options.dataDir ?? process.env.DATA_DIR,
              MIGRATIONS_RUN: 'true',
              SEED_ON_EMPTY: 'false',
              OIDC_ISSUER: issuer.issuer,
              HOST: '127.0.0.1',
              PORT: String(port),
              ...env,
            },
          },
        );
        children.push(child);
        outputs[index] = '';
        child.stdout!.on('data', (chunk) => (outputs[index] += chunk));
        child.stderr!.on('data', (chunk) => (outputs[index] += chunk));
        const ready = `API listening on http://127.0.0.1:${port}/api`;
        const deadline = Date.now() + 90_000;
        while (!outputs[index]!.includes(ready)) {
          if (child.exitCode !== null) throw new Error(`API process exited early:\n${outputs[index]}`);
          if (Date.now() > deadline) throw new Error(`API process not ready in 90 s:\n${outputs[index]}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls: bound.map((port) => `http://127.0.0.1:${port}/api`),
    databaseUrl: database.url,
    pids: children.map((child) => child.pid ?? 0),
    bearer: async () => `Bearer ${await issuer.mint({ expiresInSeconds: 3600 })}`,
    output: (index) => outputs[index] ?? '',
    close: stop,
  };
}

/** Creates a slot through the administrator API of `url`; resolves with its id. */
export async function createBurstSlot(url: string, bearer: string, fields: { count: number; table: number }) {
  const start = new Date(Date.now() + 2 * 86_400_000);
  const res = await fetch(`${url}/popup`, {
    method: 'POST',
    headers: { authorization: bearer, 'content-type': 'application/json' },
    body: JSON.stringify({
      cnt: '1',
      startdate: start.toISOString(),
      enddate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      partyMin: 1,
      partyMax: 1,
      ...fields,
    }),
  });
  if (res.status !== 201) throw new Error(`slot not created: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: { id: number } }).product.id;
}

/** One answer of the burst. */
export interface BurstAnswer {
  process: number;
  status: number;
  message: string;
  ms: number;
}

/** What a burst did, with the figures the spec asserts and the bench prints. */
export interface BurstResult {
  answers: BurstAnswer[];
  accepted: number;
  refused: number;
  /** Answers by status (`{ 201: 100, 409: 400 }`). */
  statuses: Record<number, number>;
  /** Answers served by each process. */
  perProcess: number[];
  p50: number;
  p99: number;
  wallMs: number;
  /** Bookings per second over the whole burst (accepted and refused answers alike). */
  throughput: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Sends `requests` booking requests at once, from distinct phone numbers (`phonePrefix`, 7 digits, + 4 digits), party size 1,
 * to slot `slotId`, alternating over `urls`; each with its own Idempotency-Key. Waits for every answer.
 */
export async function runBookingBurst(options: {
  urls: string[];
  slotId: number;
  requests: number;
  phonePrefix: string;
}): Promise<BurstResult> {
  const { urls, slotId, requests, phonePrefix } = options;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: requests }, async (_, i): Promise<BurstAnswer> => {
      const process = i % urls.length;
      const sent = performance.now();
      const res = await fetch(`${urls[process]}/reserve/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `burst-${slotId}-${i}-${Date.now()}` },
        body: JSON.stringify({
          slotId,
          name: `방문자${i}`,
          phone: `${phonePrefix}${String(i).padStart(4, '0')}`,
          partySize: 1,
          consent: true,
        }),
      });
      const body = (await res.json()) as { message?: string };
      return { process, status: res.status, message: body.message ?? '', ms: performance.now() - sent };
    }),
  );
  const wallMs = performance.now() - started;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses: Record<number, number> = {};
  const perProcess = urls.map(() => 0);
  for (const answer of answers) {
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    perProcess[answer.process]! += 1;
  }
  const accepted = answers.filter((a) => a.status === 201).length;
  return {
    answers,
    accepted,
    refused: answers.length - accepted,
    statuses,
    perProcess,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    wallMs,
    throughput: (answers.length / wallMs) * 1000,
  };
}

/** The slot's counters and its active bookings, read straight from PostgreSQL. */
export async function slotCounts(databaseUrl: string, slotId: number) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      head_count: number;
      bookable_tables: number;
      booked_people: number;
      booked_tables: number;
      active_people: number;
      active_bookings: number;
    }>(
      `SELECT head_count, bookable_tables, booked_people, booked_tables,
              (SELECT coalesce(sum(party_size), 0)::int FROM bookings WHERE slot_id = s.id AND status = 'booked')
                AS active_people,
              (SELECT count(*)::int FROM bookings WHERE slot_id = s.id AND status = 'booked') AS active_bookings
         FROM popup_slots s WHERE id = $1`,
      [slotId],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** One line of figures: `accepted 100, refused 400 (409: 400), p50 …`. */
export function describeBurst(label: string, r: BurstResult): string {
  const fixed = (n: number) => n.toFixed(0);
  return (
    `${label}: ${r.answers.length} requests over ${r.perProcess.length} API processes (${r.perProcess.join(' + ')}); ` +
    `accepted ${r.accepted}, refused ${r.refused} (${Object.entries(r.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}); latency p50 ${fixed(r.p50)} ms, p99 ${fixed(r.p99)} ms; wall ${fixed(r.wallMs)} ms; ` +
    `${fixed(r.throughput)} requests/s`
  );
}
