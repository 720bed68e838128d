import { Client } from 'pg';

/**
 * The mixed read/write load of the restart tests (docs/decisions/0044-survivable-faults.md (a) and (b), item 9),
 * written once: `workers` concurrent clients, each sending in turn an administrator write, a public read and an
 * administrator read (or only the reads, past `writers`), until `stop()`. Used by database/database-restart.int.spec.ts
 * (PostgreSQL restarted under one API process), e2e/deploy/rolling-restart.e2e.ts (two API processes behind the
 * gateway) and e2e/deploy/three-api-processes.e2e.ts (three processes, Redis).
 *
 * Writes:
 * - `popup`: `POST /popup` (a popup slot two days ahead, one minute apart per request); rows in `popup_slots`;
 * - `plan`: `POST /plan` (a schedule item, title `부하 <n>`), which a public read (`GET /plan/list`) shows; rows in `plans`.
 * Public reads alternate `GET /store` and `GET /plan/list`; the administrator read is `GET /popup/list`.
 */

/** One kind of request of the load. */
export type LoadKind = 'public-read' | 'admin-read' | 'write';

/** One answered request. `ms` is the wall time from sending to the parsed body. */
export interface LoadAnswer {
  /** The load's `phase()` when the request was sent. */
  phase: string;
  kind: LoadKind;
  status: number;
  ms: number;
  retryAfter: string | null;
  /** The body's `message` when it is a string, else ''. */
  message: string;
  /** The created row's id, on a 201. */
  id?: number;
}

/** A running load: answers and unanswered requests so far, conditions to wait for, and its end. */
export interface MixedLoad {
  answers: LoadAnswer[];
  /** Requests that got no HTTP answer at all (connection refused or reset), as `<kind> in <phase>: <error>`. */
  noAnswer: string[];
  /** Answers plus unanswered requests. */
  count(): number;
  /**
   * Resolves once `condition()` holds (checked every 20 ms); rejects after `timeoutMs` with `what` and the last answers.
   */
  waitFor(what: string, condition: () => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves once `more` further requests were answered or went unanswered (at most 60 s). */
  more(more: number): Promise<void>;
  /** Stops sending and resolves once every worker's request in flight has finished. */
  stop(): Promise<void>;
}

/** What {@link startMixedLoad} sends. */
export interface MixedLoadOptions {
  /** `http://host:port/api`, without a trailing slash (one process, or the gateway). */
  apiUrl: string;
  /** `Bearer <token>` of an administrator. */
  bearer: string;
  /** Concurrent clients. */
  workers: number;
  /** The current phase, stamped on every request when it is sent. */
  phase: () => string;
  /** What a write creates (default `popup`). */
  write?: 'popup' | 'plan';
  /**
   * Awaited after every acknowledged write (201) by the worker that sent it, before its next request: the
   * three-process test asks every process for the new row there.
   */
  afterWrite?: (answer: LoadAnswer) => Promise<void>;
  /**
   * How many of the workers write (default all: each sends write, public read, administrator read in turn); the
   * others alternate public and administrator reads. The three-process test has one writer, so that while it asks
   * the processes after a write no other write empties a process's cache (a process's own write does): with writes
   * landing everywhere all the time, a process deaf to the invalidation channel would still serve each item soon.
   */
  writers?: number;
  /**
   * Every request on a new connection (`Connection: close`), as the rolling-restart tests send them through nginx:
   * a gateway reload then closes no idle keep-alive connection under a request being sent (a browser would resend
   * such a request; fetch does not).
   */
  closeConnections?: boolean;
}

/** The table a write kind inserts into, for {@link acknowledgedRowsPresent}. */
export const writeTable = { popup: 'popup_slots', plan: 'plans' } as const;

/** Starts the load at once; see {@link MixedLoad}. */
export function startMixedLoad(options: MixedLoadOptions): MixedLoad {
  const { apiUrl, bearer } = options;
  const write = options.write ?? 'popup';
  const answers: LoadAnswer[] = [];
  const noAnswer: string[] = [];
  let running = true;
  let n = 0;

  const connection: Record<string, string> = options.closeConnections ? { connection: 'close' } : {};
  const request = (kind: LoadKind, i: number): Promise<Response> => {
    if (kind === 'write' && write === 'popup') {
      const start = new Date(Date.now() + 2 * 86_400_000 + i * 60_000);
      return fetch(`${apiUrl}/popup`, {
        method: 'POST',
        headers: { ...connection, authorization: bearer, 'content-type': 'application/json' },
        body: JSON.stringify({
          cnt: String((i % 3) + 1),
          startdate: start.toISOString(),
          enddate: new Date(start.getTime() + 3_600_000).toISOString(),
          count: 10,
          table: 2,
        }),
      });
    }
    if (kind === 'write') {
      const day = new Date(Date.now() + 86_400_000 * (1 + (i % 30))).toISOString().slice(0, 10);
      return fetch(`${apiUrl}/plan`, {
        method: 'POST',
        headers: { ...connection, authorization: bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ startdate: day, enddate: day, title: `부하 ${i}` }),
      });
    }
    if (kind === 'admin-read') {
      return fetch(`${apiUrl}/popup/list`, { headers: { ...connection, authorization: bearer } });
    }
    return fetch(`${apiUrl}/${i % 2 ? 'plan/list' : 'store'}`, { headers: connection });
  };

  const send = async (kind: LoadKind): Promise<void> => {
    const sent = performance.now();
    const i = n++;
    const phase = options.phase();
    let res: Response;
    try {
      res = await request(kind, i);
    } catch (error) {
      noAnswer.push(`${kind} in ${phase}: no answer (${String(error)})`);
      return;
    }
    const body = (await res.json().catch(() => ({}))) as { message?: unknown; product?: { id?: number } };
    const answer: LoadAnswer = {
      phase,
      kind,
      status: res.status,
      ms: performance.now() - sent,
      retryAfter: res.headers.get('retry-after'),
      message: typeof body.message === 'string' ? body.message : '',
      id: res.status === 201 ? body.product?.id : undefined,
    };
    answers.push(answer);
    if (answer.status === 201 && options.afterWrite) await options.afterWrite(answer);
  };

  const writers = options.writers ?? options.workers;
  const workers = Array.from({ length: options.workers }, async (_, w) => {
    const kinds: LoadKind[] = w < writers ? ['write', 'public-read', 'admin-read'] : ['public-read', 'admin-read'];
    for (let k = w; running; k++) await send(kinds[k % kinds.length]!);
  });
  const count = () => answers.length + noAnswer.length;

  const waitFor = async (what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) {
        const seen = answers.slice(-5).map((a) => `${a.kind} ${a.status} ${a.message}`);
        throw new Error(`timed out waiting for ${what}; last answers: ${seen.join(' | ')}; ${noAnswer.join(' | ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  return {
    answers,
    noAnswer,
    count,
    waitFor,
    more: (more) => {
      const target = count() + more;
      return waitFor(`${more} more answers`, () => count() >= target, 60_000);
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Answers counted by `<kind> <status>` for each phase, in the order phases first appeared. */
export function answersByPhase(answers: LoadAnswer[]): Record<string, Record<string, number>> {
  const byPhase: Record<string, Record<string, number>> = {};
  for (const a of answers) {
    const row = (byPhase[a.phase] ??= {});
    row[`${a.kind} ${a.status}`] = (row[`${a.kind} ${a.status}`] ?? 0) + 1;
  }
  return byPhase;
}

/**
 * The ids among `ids` that are rows of `table` (`popup_slots` or `plans`) in the database at `databaseUrl`, sorted:
 * equal to the sorted `ids` when no acknowledged write was lost.
 */
export async function acknowledgedRowsPresent(
  databaseUrl: string,
  table: (typeof writeTable)[keyof typeof writeTable],
  ids: number[],
): Promise<number[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  } finally {
    await client.end();
  }
}
