import { Client } from 'pg';

/**
 * How a write reaches the public-read cache of every API process (docs/decisions/0035-public-read-caching.md;
 * docs/decisions/0089-invalidation-cannot-be-lost.md "Invalidation that cannot be lost"): PostgreSQL `NOTIFY` sent by
 * the write's own transaction, heard with `LISTEN`.
 *
 * The sending side is in the database, not here: triggers on the tables of the public reads
 * (database/migrations/1795953600000-public-cache-notify.ts) call `pg_notify('linksite_public_reads', '')` inside the
 * writing transaction, so the message commits with the data or not at all, whichever process, command or psql session
 * wrote. A process that cannot reach PostgreSQL cannot write either; nothing can be written without being announced.
 *
 * The one channel. Redis pub/sub used to carry these messages when REDIS_URL was set, and only it: a write through a
 * process whose Redis connection was down (one pod's network, the reconnect window after a Redis restart) reached no
 * other process, which kept serving the old answer up to the next window boundary or Seoul midnight. Two channels
 * would need every message to travel on both and every process to trust its cache only while both listen, for a
 * latency gain that NOTIFY (milliseconds) does not leave room for; Redis keeps the rate-limit counters only.
 *
 * The receiving side is {@link postgresChannel}. The embedded database (PGlite, DATABASE_URL unset) runs its triggers
 * too, but it is one PostgreSQL session shared by every connection of the socket server: a notification goes out on
 * whichever connection ran the writing query, never to a LISTEN made on another one (measured). Its lock file lets a
 * single API process use it, so there {@link noChannel}: that process empties its own cache on each write
 * (PublicCache.invalidate), and no other process exists to tell.
 */
export interface InvalidationChannel {
  /** `postgres` or `none` (embedded database): for logs and tests. */
  readonly kind: 'postgres' | 'none';
  /**
   * Starts listening. `onMessage()` for every notification; `onState(true)` once notifications are known to arrive
   * (after every reconnection too: the caller empties its cache then, since messages sent meanwhile are lost);
   * `onState(false, reason)` as soon as that is no longer known (connection lost, or it stopped answering). Resolves
   * after the first attempt, successful or not, never waiting for an unreachable server (it retries by itself).
   */
  start(onMessage: () => void, onState: (listening: boolean, reason?: string) => void): Promise<void>;
  /** Stops listening and retrying. */
  stop(): Promise<void>;
}

/** The PostgreSQL NOTIFY channel, per database (two sites on one server do not hear each other). */
export const PG_CHANNEL = 'linksite_public_reads';

/**
 * `application_name` of each process's LISTEN connection, to find it in `pg_stat_activity` (and, in the tests, to cut
 * it alone).
 */
export const LISTENER_APPLICATION_NAME = 'linksite-public-cache';

/** Waits between attempts to listen again, in milliseconds: doubled after each failure, from the first to the last. */
export const RETRY_MS = { first: 100, max: 5000 };

/**
 * How often the LISTEN connection is asked a `SELECT 1`, and how long its answer may take, in milliseconds. A socket
 * closed by the server or the network is seen at once; this catches the one that goes silent (a cut network path
 * without a reset, a stuck proxy), which TCP keepalive would notice only after minutes: the process stops trusting its
 * cache within {@link HEARTBEAT_MS} + {@link HEARTBEAT_TIMEOUT_MS}.
 */
export const HEARTBEAT_MS = 1000;
export const HEARTBEAT_TIMEOUT_MS = 2000;

/**
 * `LISTEN linksite_public_reads` on a `pg` Client of its own (not from the TypeORM pool: a pooled connection is lent to
 * queries and cannot hold a LISTEN), named {@link LISTENER_APPLICATION_NAME}. Lost (error, end, or a heartbeat not
 * answered in time): `onState(false)` at once, the client is dropped and a new one tries after {@link RETRY_MS}
 * (doubling up to its max, back to the first after a success); `onState(true)` only once the new LISTEN is answered.
 * `channel` and `applicationName` default to the public cache's; the disabled accounts (admins/disabled-accounts.ts)
 * listen on a channel of their own.
 */
export function postgresChannel(
  url: string,
  channel: string = PG_CHANNEL,
  applicationName: string = LISTENER_APPLICATION_NAME,
): InvalidationChannel {
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let wait = RETRY_MS.first;
  let onMessage: () => void = () => undefined;
  let onState: (listening: boolean, reason?: string) => void = () => undefined;

  const drop = (was: Client | null) => {
    was?.removeAllListeners();
    was?.on('error', () => undefined);
    // An unanswered query makes end() destroy the socket rather than wait for the server.
    void was?.end().catch(() => undefined);
  };
  const lost = (reason: string) => {
    const was = client;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    drop(was);
    onState(false, reason);
    if (!stopped && !retry) {
      retry = setTimeout(() => void listen(), wait);
      wait = Math.min(wait * 2, RETRY_MS.max);
    }
  };
  const beat = async (listener: Client) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), HEARTBEAT_TIMEOUT_MS)));
    try {
      const answer = await Promise.race([listener.query('SELECT 1'), late]);
      if (answer === 'late' && client === listener) lost(`no answer to SELECT 1 within ${HEARTBEAT_TIMEOUT_MS} ms`);
    } catch (error) {
      if (client === listener) lost(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  };
  const listen = async () => {
    retry = null;
    if (stopped) return;
    const next = new Client({
      connectionString: url,
      application_name: applicationName,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    next.on('error', (error: Error) => client === next && lost(error.message));
    next.on('end', () => client === next && lost('connection ended'));
    next.on('notification', (message) => {
      if (client === next && message.channel === channel) onMessage();
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client !== next || stopped) return drop(next);
      wait = RETRY_MS.first;
      heartbeat = setInterval(() => void beat(next), HEARTBEAT_MS);
      heartbeat.unref();
      onState(true);
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
      else drop(next);
    }
  };
  return {
    kind: 'postgres',
    async start(message, state) {
      onMessage = message;
      onState = state;
      await listen();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const was = client;
      client = null;
      was?.removeAllListeners();
      was?.on('error', () => undefined);
      await was?.end().catch(() => undefined);
    },
  };
}

/** No other process to tell: the embedded database is used by a single API process at a time. */
export const noChannel: InvalidationChannel = {
  kind: 'none',
  async start(_onMessage, onState) {
    onState(true);
  },
  async stop() {
    // nothing to stop
  },
};
