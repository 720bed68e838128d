/**
 * docs/decisions/0044-survivable-faults.md (a): PostgreSQL restarted under a mixed read/write load. One real API
 * process (test/booking-burst.ts) on a throwaway cluster of its own (test/throwaway-postgres.ts; the machine's shared
 * server is never touched), a steady load of public reads, administrator reads and administrator writes; the cluster is
 * stopped mid-load and started again once the API has answered the outage. Checks: no 500 and no dropped connection at
 * any time; during the outage 503 with `Retry-After` and the Korean message; every write acknowledged (201) is a row
 * afterwards; the same API process serves again without a restart. The figures are printed (acknowledged writes, rows,
 * answers by status).
 */
import { Client } from 'pg';
import { messages } from '../common/messages';
import { DATABASE_RETRY_DELAY_MS } from '../common/database-retry.interceptor';
import { type ApiProcesses, startApiProcesses } from '../test/booking-burst';
import {
  acknowledgedRowsPresent,
  answersByPhase,
  type LoadAnswer,
  type LoadKind,
  startMixedLoad,
  writeTable,
} from '../test/mixed-load';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-postgres';

jest.setTimeout(180_000);

type Phase = 'before' | 'outage' | 'after';

const WORKERS = 6;

describe('PostgreSQL restarted under load (docs/decisions/0044-survivable-faults.md (a))', () => {
  let pg: ThrowawayPostgres;
  let api: ApiProcesses;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('CREATE DATABASE linksite_restart');
    await admin.end();
    const databaseUrl = pg.url.replace(/\/postgres$/, '/linksite_restart');
    api = await startApiProcesses(
      [0],
      { RATE_LIMIT_READ_PER_MINUTE: '1000000', RATE_LIMIT_WRITE_PER_MINUTE: '1000000', REDIS_URL: '' },
      { database: { url: databaseUrl, drop: async () => undefined } },
    );
  });

  afterAll(async () => {
    await api?.close();
    await pg?.remove();
  });

  test('503 with Retry-After during the outage, no 500, no acknowledged write lost, recovery without a restart', async () => {
    const [url] = api.urls as [string];
    const bearer = await api.bearer();
    let phase: Phase = 'before';
    const load = startMixedLoad({ apiUrl: url, bearer, workers: WORKERS, phase: () => phase });
    const { answers, waitFor } = load;
    const kinds: LoadKind[] = ['write', 'public-read', 'admin-read'];
    const count = (p: Phase, predicate: (a: LoadAnswer) => boolean) =>
      answers.filter((a) => a.phase === p && predicate(a)).length;

    try {
      await waitFor('40 acknowledged writes', () => count('before', (a) => a.status === 201) >= 40);
      phase = 'outage';
      await pg.stop();
      // Down until the API has answered the outage to reads and writes alike.
      await waitFor(
        '503 to a write and to both reads',
        () =>
          kinds.every((kind) => count('outage', (a) => a.kind === kind && a.status === 503) >= 2) &&
          answers.filter((a) => a.phase === 'outage').length >= 30,
      );
      await pg.start();
      phase = 'after';
      await waitFor('40 writes acknowledged after the restart', () => count('after', (a) => a.status === 201) >= 40);
    } finally {
      await load.stop();
    }

    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const rows = await acknowledgedRowsPresent(api.databaseUrl, writeTable.popup, acknowledged);
    const total = await (async () => {
      const c = new Client({ connectionString: api.databaseUrl });
      await c.connect();
      try {
        return (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM popup_slots')).rows[0]!.n;
      } finally {
        await c.end();
      }
    })();

    const byStatus = (p: Phase) => answersByPhase(answers)[p] ?? {};
    const ackBefore = count('before', (a) => a.status === 201);
    const ackOutage = count('outage', (a) => a.status === 201);
    const ackAfter = count('after', (a) => a.status === 201);
    console.log(
      [
        `PostgreSQL restart under load (1 API process, ${WORKERS} clients, ${answers.length} answers):`,
        `  acknowledged writes: ${ackBefore} before the stop, ${ackOutage} while stopping/down, ${ackAfter} after the start`,
        `  rows afterwards: ${rows.length} of ${acknowledged.length} acknowledged present; ${total} rows in popup_slots`,
        `  before:  ${JSON.stringify(byStatus('before'))}`,
        `  outage:  ${JSON.stringify(byStatus('outage'))}`,
        `  after:   ${JSON.stringify(byStatus('after'))}`,
      ].join('\n'),
    );

    expect(load.noAnswer).toEqual([]);
    // Never a 500; an unavailable database is a 503 with Retry-After and the Korean sentence. A failure shows the API's
    // error log lines, which name the error that was not recognised as an outage.
    const serverErrors = answers.filter((a) => a.status >= 500 && a.status !== 503);
    if (serverErrors.length > 0) {
      console.log(
        api
          .output(0)
          .split('\n')
          .filter((line) => line.includes('"level":50') && !line.includes('"statusCode":503'))
          .slice(-5)
          .join('\n'),
      );
    }
    expect(serverErrors).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect({ retryAfter: a.retryAfter, message: a.message }).toEqual({
        retryAfter: '2',
        message: messages.databaseUnavailable,
      });
    }
    // A read that answered 503 had been tried twice, DATABASE_RETRY_DELAY_MS apart.
    for (const a of unavailable.filter((x) => x.kind !== 'write')) {
      expect(a.ms).toBeGreaterThanOrEqual(DATABASE_RETRY_DELAY_MS - 5);
    }
    // Every other answer is a success: nothing but the outage failed.
    expect(answers.filter((a) => a.status !== 503 && a.status >= 300)).toEqual([]);
    // Every acknowledged write survived the restart.
    expect(rows).toEqual([...acknowledged].sort((a, b) => a - b));
    // The same process recovered on its own: it serves reads and writes again.
    expect(api.pids[0]).toBeGreaterThan(0);
    expect(() => process.kill(api.pids[0]!, 0)).not.toThrow();
    expect(count('after', (a) => a.kind === 'public-read' && a.status === 200)).toBeGreaterThan(0);
    expect(count('after', (a) => a.kind === 'admin-read' && a.status === 200)).toBeGreaterThan(0);
  });
});
