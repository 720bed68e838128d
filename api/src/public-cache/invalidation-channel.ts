import Redis from 'ioredis';
import { Client } from 'pg';

/**
 * How a write in one API process reaches the public-read caches of the others (issue 14 item 4). Every message is the
 * id of the process that sent it (a process ignores its own). Three kinds, chosen by `createInvalidationChannel`:
 * PostgreSQL `LISTEN/NOTIFY` on the API's database (the default), Redis pub/sub when REDIS_URL is set, and none on the
 * embedded database (PGlite), whose lock file lets a single API process use it, so there is nobody to tell.
 */
export interface InvalidationChannel {
  /** `postgres`, `redis` or `none`: for logs and tests. */
  readonly kind: 'postgres' | 'redis' | 'none';
  /**
   * Starts listening. `onMessage(origin)` for every message; `onState(true)` once messages are known to arrive,
   * `onState(false)` when the connection is lost (messages sent meanwhile are lost: the cache must not be trusted
   * until `onState(true)` again). Resolves once listening, or after a failed first attempt or a few seconds, never
   * waiting for an unreachable server (it retries by itself).
   */
  start(onMessage: (origin: string) => void, onState: (listening: boolean, reason?: string) => void): Promise<void>;
  /** Tells every listening process, this one included. @throws when the message could not be sent. */
  publish(origin: string): Promise<void>;
  /** Stops listening and retrying. */
  stop(): Promise<void>;
}

/** The PostgreSQL NOTIFY channel, per database (two sites on one server do not hear each other). */
export const PG_CHANNEL = 'linksite_public_reads';

/** The Redis pub/sub channel, after REDIS_KEY_PREFIX (channels are not keys, ioredis does not prefix them). */
export const redisChannel = (keyPrefix: string): string => `${keyPrefix}public-reads`;

/** How long to wait before listening again after a lost connection, in milliseconds. */
const RETRY_MS = 1000;

/** How long the app's start waits for the first Redis subscription, in milliseconds. */
const FIRST_SUBSCRIBE_MS = 2000;

/** Anything that runs SQL: a TypeORM DataSource, or a pg Client. */
interface Sql {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * `LISTEN linksite_public_reads` on a connection of its own (a pooled connection cannot hold a LISTEN), reconnecting
 * every {@link RETRY_MS} while the database is unreachable; `publish` sends `pg_notify` through `sql` (the app's pool).
 */
export function postgresChannel(url: string, sql: Sql): InvalidationChannel {
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let onMessage: (origin: string) => void = () => undefined;
  let onState: (listening: boolean, reason?: string) => void = () => undefined;

  const lost = (reason: string) => {
    const was = client;
    client = null;
    was?.removeAllListeners();
    was?.on('error', () => undefined);
    void was?.end().catch(() => undefined);
    onState(false, reason);
    if (!stopped && !retry) retry = setTimeout(() => void listen(), RETRY_MS);
  };
  const listen = async () => {
    retry = null;
    if (stopped) return;
    const next = new Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    next.on('error', (error: Error) => client === next && lost(error.message));
    next.on('end', () => client === next && lost('connection ended'));
    next.on('notification', (message) => {
      if (message.channel === PG_CHANNEL) onMessage(message.payload ?? '');
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      if (client === next && !stopped) onState(true);
      else await next.end();
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
    }
  };
  return {
    kind: 'postgres',
    async start(message, state) {
      onMessage = message;
      onState = state;
      await listen();
    },
    async publish(origin) {
      await sql.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, origin]);
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const was = client;
      client = null;
      was?.removeAllListeners();
      was?.on('error', () => undefined);
      await was?.end().catch(() => undefined);
    },
  };
}

/**
 * Redis pub/sub on {@link redisChannel}: a subscriber connection of its own (ioredis re-subscribes after a reconnect),
 * and `publish` through `publisher` (the app's shared connection, or a short-lived one in a command).
 */
export function redisPubSubChannel(url: string, keyPrefix: string, publisher: Redis): InvalidationChannel {
  const channel = redisChannel(keyPrefix);
  let subscriber: Redis | null = null;
  return {
    kind: 'redis',
    async start(onMessage, onState) {
      const sub = new Redis(url, {
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 2000),
        maxRetriesPerRequest: null,
      });
      subscriber = sub;
      let subscribed = false;
      /** The first SUBSCRIBE answered: from then on ioredis subscribes again before each `ready`. */
      let everSubscribed = false;
      sub.on('message', (from: string, origin: string) => from === channel && onMessage(origin));
      sub.on('error', () => undefined);
      sub.on('close', () => {
        if (subscribed) onState(false, 'Redis connection closed');
        subscribed = false;
      });
      // After a reconnection ioredis subscribes again before it reports ready.
      sub.on('ready', () => {
        if (subscriber !== sub || subscribed || !everSubscribed) return;
        subscribed = true;
        onState(true);
      });
      // Waited for {@link FIRST_SUBSCRIBE_MS} at most: while Redis is unreachable the command waits in the offline
      // queue, and the app must start all the same (the cache stays off until the subscription is made).
      const first = sub.subscribe(channel).then(
        () => {
          everSubscribed = true;
          if (subscriber === sub && !subscribed) {
            subscribed = true;
            onState(true);
          }
        },
        (error: unknown) => onState(false, error instanceof Error ? error.message : String(error)),
      );
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, FIRST_SUBSCRIBE_MS).unref())]);
    },
    async publish(origin) {
      await publisher.publish(channel, origin);
    },
    async stop() {
      const sub = subscriber;
      subscriber = null;
      sub?.disconnect();
    },
  };
}

/** No other process to tell: the embedded database is used by a single API process at a time. */
export const noChannel: InvalidationChannel = {
  kind: 'none',
  async start(_onMessage, onState) {
    onState(true);
  },
  async publish() {
    // nobody else
  },
  async stop() {
    // nothing to stop
  },
};

/**
 * Tells the running API processes that public data changed, from outside them (the seed and restore commands): the
 * same channel the API listens on. Nothing to do on the embedded database (the command holds its lock, so no API
 * process runs). Never throws: a failure is returned as its reason.
 */
export async function announcePublicChange(options: {
  embedded: boolean;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  sql: Sql;
}): Promise<string | null> {
  try {
    if (options.embedded) return null;
    if (options.redisUrl) {
      const redis = new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
      redis.on('error', () => undefined);
      try {
        await redis.publish(redisChannel(options.redisKeyPrefix), 'command');
      } finally {
        redis.disconnect();
      }
      return null;
    }
    await options.sql.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, 'command']);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
