import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_TARGET, type DatabaseTarget } from '../database/database-target';
import { CACHE_OBSERVER, type CacheObserver } from './cache-observer';
import { type InvalidationChannel, noChannel, postgresChannel } from './invalidation-channel';

/**
 * What the handler of a public read (a route marked `@PublicRead()`, public-read.decorator.ts) returns: the answer, and
 * until when it holds without a write. PublicReadInterceptor keeps it serialized and sends it.
 */
export interface PublicReadAnswer<T = unknown> {
  /**
   * The JSON body (`{ product: … }`); with `contentType`, the text to send as it is (the site head's HTML, the web app
   * manifest).
   */
  body: T;
  /** The type of a text `body` (`text/html; charset=utf-8`); JSON when absent. */
  contentType?: string;
  /**
   * The instant the answer changes without any write (the next opening or closing of a link's window, the next Seoul
   * midnight for plans), or null when only a write changes it.
   */
  validUntil: Date | null;
  /**
   * `Cache-Control: public, no-cache` instead of publicCacheControl's (links/link-visibility.ts): every cache, the
   * browser's included, asks again before each use (a 304 from memory when unchanged), and none serves it stale while
   * revalidating. For an answer that a visitor's own write can change at any moment (`GET /api/reserve/status`: a
   * booking fills a slot).
   */
  revalidateEachUse?: boolean;
}

/** `Cache-Control` of a {@link PublicReadAnswer} with `revalidateEachUse`. */
export const REVALIDATE_EACH_USE = 'public, no-cache';

/** One answer kept serialized. Times are epoch milliseconds of the API's Clock. */
export interface KeptAnswer {
  /** The JSON text of the body, or the text body as it is. */
  text: string;
  contentType: string;
  /** Weak, in Express's own format (`W/"<length hex>-<sha1 base64, 27 characters>"`). */
  etag: string;
  /** `Cache-Control: public, no-cache` (PublicReadAnswer.revalidateEachUse) instead of the window-bounded one. */
  revalidateEachUse: boolean;
  /** When it was read: a clock set back before it (tests) does not trust it. */
  readAt: number;
  validUntil: number | null;
}

/** When a read began, for {@link PublicCache.keep}: the Clock's instant and the invalidations counted so far. */
export interface ReadStart {
  at: number;
  generation: number;
}

/**
 * The in-process cache of the API's public reads (api/README.md "Public-read cache"), filled and read by
 * PublicReadInterceptor for the routes marked `@PublicRead()` (`GET /api/store`, `/api/store/page`,
 * `/api/main/select/:id`, `/api/tag/list`, `/api/plan/list`, `/api/plan/select/:id`, `/api/cover`,
 * `/api/reserve/status`, `/api/site/first-screen`, `/api/site/head`, `/api/site/manifest.webmanifest`): each answer is
 * kept SERIALIZED (its text and weak ETag), so a hit costs no query and no `JSON.stringify`.
 *
 * An entry goes when:
 * - public data changes, in every API process on the same database: the write's own transaction sends a PostgreSQL
 *   `NOTIFY` (triggers on `links`, `plans`, `cover`, `popup_slots`: migrations/1795953600000-public-cache-notify.ts),
 *   so the announcement commits with the data or not at all, whatever wrote it (an API request, a command, psql), and
 *   each process hears it on its LISTEN connection (invalidation-channel.ts; the one channel: Redis carries none).
 *   The writing process also empties its own cache as soon as the write is done, before its answer leaves
 *   ({@link invalidate}: InvalidateOnWriteInterceptor after every administrator write, BookingsService after a
 *   booking that fills a slot or a cancellation that reopens one, main.ts after seeding), so the writer's next read
 *   shows the write without waiting for the notification; on the embedded database that is the only path (one
 *   process, no channel);
 * - its `validUntil` passes (a link's window opens or closes, Seoul midnight for plans), with no write needed;
 * - the clock is set back before the instant it was read (tests move the clock both ways);
 * - it is the least recently used past PUBLIC_CACHE_MAX_ENTRIES.
 * Only while its LISTEN connection is known to receive is the cache used: when that connection is lost or stops
 * answering its heartbeat, the cache is emptied and neither read nor filled (every public read goes to the database)
 * until a new connection LISTENs again and the cache is emptied once more, since notifications sent meanwhile are lost.
 * A read that started before an invalidation or a change of that state is not stored (a generation counter), so a
 * slow read never puts back an answer older than a write.
 *
 * The headers (`Cache-Control` with the seconds left to `validUntil` at each answer, `ETag`, 304) are the
 * interceptor's (public-read.interceptor.ts).
 */
@Injectable()
export class PublicCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PublicCache');
  private readonly entries: LRUCache<string, KeptAnswer> | null;
  private readonly channel: InvalidationChannel;
  private readonly invalidated = new Set<() => void>();
  private generation = 0;
  /** Whether every write's notification is known to arrive (always, without other processes). */
  private listening = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_TARGET) database: DatabaseTarget,
    @Inject(CACHE_OBSERVER) private readonly observer: CacheObserver,
    private readonly clock: Clock,
  ) {
    this.entries = config.publicCacheMaxEntries > 0 ? new LRUCache({ max: config.publicCacheMaxEntries }) : null;
    this.channel = database.embedded ? noChannel : postgresChannel(database.url);
  }

  /** Which channel carries invalidations: `postgres`, or `none` (embedded database). */
  get channelKind(): InvalidationChannel['kind'] {
    return this.channel.kind;
  }

  /** Whether the cache is in use now: on, and its channel listening (see the class comment). */
  get active(): boolean {
    return this.entries !== null && this.listening;
  }

  /** Starts listening before the app takes requests (the cache stays off until the first LISTEN is answered). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.entries) return;
    await this.channel.start(
      () => this.clear(),
      (listening, reason) => {
        this.clear();
        if (listening === this.listening) return;
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
   * The answer kept under `key` if the cache is in use and it still holds now (see the class comment), counted as a
   * hit; undefined, counted as a miss, when the caller must read it.
   */
  lookup(key: string): KeptAnswer | undefined {
    const now = this.clock.now().getTime();
    const kept = this.active ? this.entries!.get(key) : undefined;
    if (kept && now >= kept.readAt && (kept.validUntil === null || now < kept.validUntil)) {
      this.observer.hit('public-reads');
      return kept;
    }
    this.observer.miss('public-reads');
    return undefined;
  }

  /** Marks the start of a read whose answer {@link keep} may keep. */
  startRead(): ReadStart {
    return { at: this.clock.now().getTime(), generation: this.generation };
  }

  /**
   * Serializes `answer` ({@link serializeAnswer}) and keeps it under `key`, unless the cache is not in use or an
   * invalidation happened since `start` (the answer may predate a write). Returns the serialized answer either way.
   */
  keep(key: string, answer: PublicReadAnswer, start: ReadStart): KeptAnswer {
    const kept = serializeAnswer(answer, start.at);
    if (this.active && start.generation === this.generation) this.entries!.set(key, kept);
    return kept;
  }

  /**
   * Public data changed through this process: empties its cache at once, so its next read shows the write. Tells no
   * other process: the write's transaction did (see the class comment).
   */
  invalidate(): void {
    this.clear();
  }

  /**
   * Calls `listener` whenever this process's cache is emptied (by a write here or elsewhere): the image variants.
   * Returns what stops it.
   */
  onInvalidate(listener: () => void): () => void {
    this.invalidated.add(listener);
    return () => this.invalidated.delete(listener);
  }

  private clear(): void {
    this.generation += 1;
    this.entries?.clear();
    for (const listener of this.invalidated) listener();
  }
}

/** `answer` serialized as read at `readAt` (epoch milliseconds of the Clock): its text, type and weak ETag. */
export function serializeAnswer(answer: PublicReadAnswer, readAt: number): KeptAnswer {
  const { body, validUntil, contentType, revalidateEachUse = false } = answer;
  const text = contentType ? String(body) : JSON.stringify(body);
  return {
    text,
    contentType: contentType ?? 'application/json; charset=utf-8',
    etag: weakEtag(Buffer.from(text)),
    revalidateEachUse,
    readAt,
    validUntil: validUntil?.getTime() ?? null,
  };
}

/** A weak ETag of the bytes, in Express's own format (`W/"<length hex>-<sha1 base64, 27 characters>"`). */
function weakEtag(bytes: Buffer): string {
  const hash = createHash('sha1').update(bytes).digest('base64').slice(0, 27);
  return `W/"${bytes.length.toString(16)}-${hash}"`;
}
