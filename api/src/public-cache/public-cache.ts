import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_TARGET, type DatabaseTarget } from '../database/database-target';
import { publicCacheControl, secondsUntil } from '../links/link-visibility';
import { RedisConnection } from '../redis/redis.module';
import { CACHE_OBSERVER, type CacheObserver } from './cache-observer';
import { type InvalidationChannel, noChannel, postgresChannel, redisPubSubChannel } from './invalidation-channel';

/** What a public read answers, and until when the answer holds without a write. */
export interface PublicRead {
  /**
   * The JSON body (`{ product: … }`); with `contentType`, the text to send as it is (the site head's HTML, the web app
   * manifest).
   */
  body: unknown;
  /** The type of a text `body` (`text/html; charset=utf-8`); JSON when absent. */
  contentType?: string;
  /**
   * The instant the answer changes without any write (the next opening or closing of a link's window, the next Seoul
   * midnight for plans), or null when only a write changes it.
   */
  validUntil: Date | null;
  /**
   * `Cache-Control: public, no-cache` instead of {@link publicCacheControl}: every cache, the browser's included, asks
   * again before each use (a 304 from memory when unchanged), and none serves it stale while revalidating. For an
   * answer that a visitor's own write can change at any moment (`GET /api/reserve/status`: a booking fills a slot).
   */
  revalidateEachUse?: boolean;
}

/** `Cache-Control` of a {@link PublicRead} with `revalidateEachUse`. */
export const REVALIDATE_EACH_USE = 'public, no-cache';

/** One serialized answer. Times are epoch milliseconds of the API's Clock. */
interface Entry {
  bytes: Buffer;
  contentType: string;
  etag: string;
  /** `Cache-Control: public, no-cache` (PublicRead.revalidateEachUse) instead of the window-bounded one. */
  revalidateEachUse: boolean;
  /** When it was read: a clock set back before it (tests) does not trust it. */
  readAt: number;
  validUntil: number | null;
}

/**
 * The in-process cache of the API's public reads (issue 14 item 4): `GET /api/store`, `/api/main/select/:id`,
 * `/api/tag/list`, `/api/plan/list[?upcoming=]`, `/api/plan/select/:id`, `/api/cover`, `/api/reserve/status` (and the
 * first screen, the store's pages and the site head) keep their answer SERIALIZED
 * (the JSON bytes and their weak ETag), so a hit costs no query and no `JSON.stringify`.
 *
 * An entry goes when:
 * - any write happens (`invalidate()`, called by InvalidateOnWriteInterceptor after every administrator write, by a
 *   visitor's booking that fills a slot or cancellation that reopens one (BookingsService), by
 *   main.ts after seeding, and by the seed and restore commands through `announcePublicChange`), in this process and,
 *   through the {@link InvalidationChannel}, in every other API process on the same database: PostgreSQL
 *   `LISTEN/NOTIFY` by default, Redis pub/sub when REDIS_URL is set, nothing on the embedded database (one process);
 * - its `validUntil` passes (a link's window opens or closes, Seoul midnight for plans), with no write needed;
 * - the clock is set back before the instant it was read (tests move the clock both ways);
 * - it is the least recently used past PUBLIC_CACHE_MAX_ENTRIES.
 * While the channel is down (the LISTEN connection or the Redis subscriber lost), the cache is emptied and neither
 * read nor filled: messages sent meanwhile are lost, so nothing kept could be trusted. A read that started before an
 * invalidation is not stored (a generation counter), so a slow read never puts back an answer older than a write.
 *
 * Headers as before (issue 12, issue 14 item 4): `Cache-Control` from `publicCacheControl` with the seconds left to
 * `validUntil` at the time of each answer, `ETag`, and 304 on a matching `If-None-Match`.
 */
@Injectable()
export class PublicCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PublicCache');
  private readonly entries: LRUCache<string, Entry> | null;
  /** This process's id in invalidation messages. */
  private readonly origin = randomUUID();
  private readonly channel: InvalidationChannel;
  private readonly invalidated = new Set<() => void>();
  private generation = 0;
  /** Whether other processes' invalidations are known to arrive (always, without other processes). */
  private listening = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_TARGET) database: DatabaseTarget,
    @Inject(CACHE_OBSERVER) private readonly observer: CacheObserver,
    dataSource: DataSource,
    redis: RedisConnection,
    private readonly clock: Clock,
  ) {
    this.entries = config.publicCacheMaxEntries > 0 ? new LRUCache({ max: config.publicCacheMaxEntries }) : null;
    this.channel = database.embedded
      ? noChannel
      : config.redisUrl && redis.client
        ? redisPubSubChannel(config.redisUrl, config.redisKeyPrefix, redis.client)
        : postgresChannel(database.url, dataSource);
  }

  /** Which channel carries invalidations between processes: `postgres`, `redis` or `none` (embedded database). */
  get channelKind(): InvalidationChannel['kind'] {
    return this.channel.kind;
  }

  /** Whether the cache is in use now: on, and its channel listening (see the class comment). */
  get active(): boolean {
    return this.entries !== null && this.listening;
  }

  /** Starts listening to the other processes before the app takes requests (the cache stays off until then). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.entries) return;
    await this.channel.start(
      (origin) => {
        if (origin !== this.origin) this.clear();
      },
      (listening, reason) => {
        if (listening === this.listening) return;
        this.clear();
        this.listening = listening;
        if (this.channel.kind === 'none') return;
        if (listening) this.logger.log(messages.publicCacheChannel(this.channel.kind));
        else this.logger.warn(messages.publicCacheChannelLost(this.channel.kind, reason ?? '?'));
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.listening = false;
    await this.channel.stop();
  }

  /**
   * Answers a public read from the cache, or reads it with `read`, keeps its serialization and answers it: 200 with
   * the JSON bytes, or 304 when `If-None-Match` names its ETag. Errors of `read` (404, 400) propagate and are not kept.
   * @param key what identifies the answer: the route and its meaningful parameters (`store`, `plan/list?upcoming=1`).
   */
  async serve(req: Request, res: Response, key: string, read: () => Promise<PublicRead>): Promise<void> {
    const now = this.clock.now().getTime();
    const cached = this.fresh(key, now);
    if (cached) {
      this.observer.hit('public-reads');
      send(req, res, cached, now);
      return;
    }
    this.observer.miss('public-reads');
    const generation = this.generation;
    const { body, validUntil, contentType, revalidateEachUse = false } = await read();
    const bytes = Buffer.from(contentType ? String(body) : JSON.stringify(body));
    const entry: Entry = {
      bytes,
      contentType: contentType ?? 'application/json; charset=utf-8',
      revalidateEachUse,
      etag: weakEtag(bytes),
      readAt: now,
      validUntil: validUntil?.getTime() ?? null,
    };
    if (this.active && generation === this.generation) this.entries!.set(key, entry);
    send(req, res, entry, now);
  }

  /**
   * Whether `key` has an answer to serve now, without reading anything (the fast path of public-cache/fast-path.ts
   * asks before it spends a rate-limit count).
   */
  has(key: string): boolean {
    return this.fresh(key, this.clock.now().getTime()) !== undefined;
  }

  /**
   * Answers from the cache alone: true when `key` had an answer (sent, 200 or 304), false when the caller must read it
   * (nothing was written to `res`). `aheadHeaders` is called only when there is an answer; the flat
   * `[name, value, …]` list it returns is sent with it (the headers of the middleware the fast path runs ahead of).
   */
  serveCached(req: IncomingMessage, res: ServerResponse, key: string, aheadHeaders: () => readonly string[]): boolean {
    const now = this.clock.now().getTime();
    const cached = this.fresh(key, now);
    if (!cached) return false;
    const headers = aheadHeaders();
    this.observer.hit('public-reads');
    send(req, res, cached, now, headers);
    return true;
  }

  /** The entry of `key` if the cache is in use and it still holds at `now`. */
  private fresh(key: string, now: number): Entry | undefined {
    const cached = this.active ? this.entries!.get(key) : undefined;
    return cached && now >= cached.readAt && (cached.validUntil === null || now < cached.validUntil)
      ? cached
      : undefined;
  }

  /**
   * Public data changed: empties this process's cache at once and tells the other processes (resolved once the message
   * is sent; a failure to send is logged, never thrown: the write itself succeeded).
   */
  async invalidate(): Promise<void> {
    this.clear();
    try {
      await this.channel.publish(this.origin);
    } catch (error) {
      this.logger.warn(messages.publicCachePublishFailed(error instanceof Error ? error.message : String(error)));
    }
  }

  /** Calls `listener` whenever this process's cache is emptied (by a write here or elsewhere): the image variants. */
  onInvalidate(listener: () => void): void {
    this.invalidated.add(listener);
  }

  private clear(): void {
    this.generation += 1;
    this.entries?.clear();
    for (const listener of this.invalidated) listener();
  }
}

/** A weak ETag of the bytes, in Express's own format (`W/"<length hex>-<sha1 base64, 27 characters>"`). */
function weakEtag(bytes: Buffer): string {
  const hash = createHash('sha1').update(bytes).digest('base64').slice(0, 27);
  return `W/"${bytes.length.toString(16)}-${hash}"`;
}

/**
 * Writes a kept answer with `extra` headers (a flat `[name, value, …]` list) and its own: 304 when the request's
 * validators match its ETag (the `fresh` rules Express's `req.fresh` applies), else the bytes. One `writeHead` with
 * the whole list: on a response nothing was set on yet, Node takes the list as it is.
 */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  now: number,
  extra: readonly string[] = [],
): void {
  const seconds = entry.validUntil === null ? null : secondsUntil(new Date(entry.validUntil), new Date(now));
  const cacheControl = entry.revalidateEachUse ? REVALIDATE_EACH_USE : publicCacheControl(seconds);
  const headers = [...extra, 'ETag', entry.etag, 'Cache-Control', cacheControl];
  if (fresh(req.headers, { etag: entry.etag })) {
    res.writeHead(304, headers).end();
    return;
  }
  headers.push('Content-Type', entry.contentType, 'Content-Length', String(entry.bytes.length));
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : entry.bytes);
}
