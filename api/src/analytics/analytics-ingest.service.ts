import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type ArgumentMetadata, type OnModuleDestroy } from '@nestjs/common';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { InputShapePipe, SafeTextPipe } from '../common/safe-input';
import { seoulDate } from '../common/seoul-date';
import { createValidationPipe } from '../common/validation';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ApiMetrics } from '../metrics/metrics';
import { RemoteErrorMetrics } from '../metrics/remote-error-metrics';
import { CreateAnalyticsEventsDto, type AnalyticsEventDto } from './dto/create-analytics-events.dto';
import { IngestLoopBudget } from './ingest-loop-budget';
import { deviceClass, isBotUserAgent, referrerHost, visitorHash } from './visitor';

/** Who sent a batch, as far as the ingest may know it: never stored as such. */
export interface HitSource {
  /** The client address as Express sees it through the trusted proxies (TRUST_PROXY). */
  address: string;
  /** The `User-Agent` header; missing or a bot's → the hit is ignored. */
  userAgent: string | undefined;
  /** Host names of the site itself (request Host, Origin): a referrer from them is no referral. */
  ownHosts: string[];
}

/** Rows one statement writes at most; a queue this long is written at once, without waiting for the interval. */
export const INGEST_BATCH_ROWS = 500;

/** Rows that may wait in this process; past it an event is dropped (and counted), so a stalled database costs no memory. */
export const INGEST_QUEUE_ROWS = 10_000;

/** Events one visitor (the day's hash) may add in a minute of this process's clock; past it they are dropped. */
export const VISITOR_EVENTS_PER_MINUTE = 60;

/** Past the daily budget, a visitor is stored when its hash is a multiple of this (one in ten), its events whole. */
export const SAMPLE_ONE_IN = 10n;

/** Visitors the per-minute cap follows at once; a newer one in a minute that busy is not followed (memory bound). */
const VISITORS_FOLLOWED = 100_000;

/**
 * The rule of which fields go with which type, or null when `event` keeps it: a `remote_error` carries `remote` and
 * `version` and nothing else besides `path`, other events never carry them; a click names exactly one target, a page
 * view none (the database checks that too).
 */
function fieldsProblem(event: AnalyticsEventDto): string | null {
  const remoteFields = Number(event.remote !== undefined) + Number(event.version !== undefined);
  if (event.type === 'remote_error') {
    const visitFields = [event.linkId, event.keyword, event.referrer, event.utm].some((field) => field !== undefined);
    return remoteFields === 2 && !visitFields ? null : messages.analyticsRemoteErrorFields;
  }
  if (remoteFields !== 0) return messages.analyticsRemoteErrorFields;
  const targets = Number(event.linkId !== undefined) + Number(event.keyword !== undefined);
  return (event.type === 'click' ? targets === 1 : targets === 0) ? null : messages.analyticsClickTarget;
}

/**
 * Every event keeps {@link fieldsProblem}'s rule.
 * @throws ApiError 400 with the broken rule's sentence naming the first bad event.
 */
function checkFields(events: AnalyticsEventDto[]): void {
  events.forEach((event, index) => {
    const problem = fieldsProblem(event);
    if (problem) throw new ApiError(400, problem, [{ field: `events.${index}`, message: problem }]);
  });
}

/**
 * A parsed beacon is checked as the API checks every body, by the same pipes in the same order as configure-app.ts
 * (shape, then the DTO's rules in dto/create-analytics-events.dto.ts, then unsafe text), then by {@link checkFields}:
 * one copy of the rules whether the request came through Nest or the ingest's own endpoint (ingest-endpoint.ts).
 * Each throws ApiError 400 with the first broken rule's Korean sentence.
 */
const BODY: ArgumentMetadata = { type: 'body', metatype: CreateAnalyticsEventsDto, data: undefined };
const inputShape = new InputShapePipe();
const validation = createValidationPipe();
const safeText = new SafeTextPipe();

/** An event that is a visit: a row of `analytics_events`. */
type VisitEvent = AnalyticsEventDto & { type: 'pageview' | 'click' };
const isVisit = (event: AnalyticsEventDto): event is VisitEvent => event.type !== 'remote_error';

/** One row of `analytics_events`, ready to insert. */
interface EventRow {
  occurredAt: Date;
  day: string;
  kind: VisitEvent['type'];
  path: string;
  linkId: number | null;
  keyword: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  device: string;
  visitor: string;
}

/** What a row says besides who and when: two rows of one beacon alike in it are one event sent twice. */
const sameEventKey = (row: EventRow): string =>
  `${row.kind}\n${row.path}\n${row.linkId}\n${row.keyword}\n${row.referrerHost}\n${row.utmSource}`;

/** Events of a day not stored: left out by the sampling past the budget, or dropped to protect the site. */
interface Losses {
  sampled: number;
  dropped: number;
}

/** What happened to each event the ingest was given, on /metrics as `linksite_analytics_events_total{outcome}`. */
const OUTCOMES = ['queued', 'duplicate', 'over_visitor_cap', 'sampled', 'queue_full', 'loop_budget'] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * Stores page views and clicks (docs/decisions/0027-first-party-analytics.md) at a bounded cost
 * (docs/decisions/0072-cheap-analytics-ingest.md). No cookie and no address: each hit carries the day's visitor hash
 * (visitor.ts), the referrer's host (page views only), `utm_source` (page views only), the device class, the path, and
 * for a click its link id or keyword. The errors browsers report of a remote (`remote_error`) are no visits: they are
 * counted on /metrics (RemoteErrorMetrics), never stored and never logged one by one. Bots' hits are ignored before
 * anything is checked.
 *
 * What a beacon may add, in this order (each step's refusals counted per day in `analytics_ingest_days`, and on
 * /metrics as `linksite_analytics_events_total{outcome}`):
 * 1. identical events of one beacon are one event (`duplicate`, not a loss: a double click is one click);
 * 2. a visitor adds at most {@link VISITOR_EVENTS_PER_MINUTE} events a minute of this process (`dropped`; with several
 *    API processes a visitor spread over them may add that much in each);
 * 3. the day's budget (ANALYTICS_DAILY_BUDGET, counted across processes in `analytics_ingest_days.stored`): all
 *    events until it is spent, then those of one visitor in {@link SAMPLE_ONE_IN} until twice the budget, then none
 *    (`sampled`), so a day stores at most about twice the budget whatever arrives;
 * 4. at most {@link INGEST_QUEUE_ROWS} rows wait in memory (`dropped`).
 *
 * Accepted rows wait for up to ANALYTICS_INGEST_FLUSH_MS (default 1 s) or until {@link INGEST_BATCH_ROWS} are queued,
 * and are written off the request path by ONE statement: a multi-row INSERT of column arrays (`unnest`) that also adds
 * the batch's stored, sampled and dropped counts to their day, so the counts commit with the rows they count, and
 * returns the day's total for the budget. What is queued is written when the app stops (SIGTERM, main.ts →
 * `app.close()` → {@link onModuleDestroy}, before the pool closes in TypeORM's shutdown hook); a process that is killed
 * loses at most its last interval. 0 writes every request's events before its answer (tests).
 */
@Injectable()
export class AnalyticsIngestService implements OnModuleDestroy {
  private readonly logger = new Logger('AnalyticsIngest');
  /** `linksite_analytics_events_total{outcome}`, one child per outcome (no label lookup per beacon). */
  private readonly outcomes: Record<Outcome, Counter.Internal>;
  /** The current day's salt, cached: it never changes once created. */
  private salt: { day: string; value: Buffer } | null = null;
  private readonly loop = new IngestLoopBudget();
  private queue: EventRow[] = [];
  private losses = new Map<string, Losses>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Events stored per visitor in the current minute of the clock. */
  private visitorMinute = { minute: -1, events: new Map<string, number>() };
  /** Per day: its stored events as the database last said, and this process's rows not yet counted there. */
  private budgetDays = new Map<string, { stored: number; pending: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly remoteErrors: RemoteErrorMetrics,
    metrics: ApiMetrics,
  ) {
    const counter = new Counter({
      name: 'linksite_analytics_events_total',
      help: 'Analytics events given to the ingest, by what became of them',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
    this.outcomes = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, counter.labels(outcome)])) as Record<
      Outcome,
      Counter.Internal
    >;
  }

  /** False once the ingest spent this second's share of the event loop ({@link IngestLoopBudget}). */
  get hasLoopBudget(): boolean {
    return this.loop.available;
  }

  /**
   * One beacon's body as parsed JSON (ingest-body.ts), accepted whole or refused whole: a bot's is ignored; otherwise
   * checked (the pipes and {@link checkFields}), its page views and clicks queued within the bounds above, its remote
   * errors counted. Its synchronous work is spent from the loop budget. Resolves once queued (or, with
   * ANALYTICS_INGEST_FLUSH_MS=0, written).
   * @throws ApiError 400 with the Korean sentence of the first broken rule; nothing is queued or counted then.
   */
  async accept(body: unknown, source: HitSource): Promise<void> {
    const { loop } = this;
    if (loop.timed(() => isBotUserAgent(source.userAgent))) return;
    // The pipe does its work before its first await; what is left after it is a few checks of the result.
    const validated = loop.timed(() => validation.transform(inputShape.transform(body, BODY), BODY));
    const dto = (await validated) as CreateAnalyticsEventsDto;
    const visits = loop.timed(() => {
      checkFields((safeText.transform(dto, BODY) as CreateAnalyticsEventsDto).events);
      return dto.events.filter(isVisit);
    });
    if (visits.length > 0) {
      const occurredAt = this.clock.now();
      const day = seoulDate(occurredAt);
      const salt = await this.saltOf(day);
      loop.timed(() => this.queueVisits(visits, source, source.userAgent!, { occurredAt, day }, salt));
    }
    loop.timed(() => {
      for (const e of dto.events) if (e.type === 'remote_error') this.remoteErrors.count(e.remote!, e.version!);
    });
    if (this.config.analytics.ingestFlushMs === 0) await this.flush();
  }

  /**
   * A beacon refused unread because the ingest spent its share of the event loop (ingest-endpoint.ts): counted as one
   * dropped event of today.
   */
  dropUnread(): void {
    this.lose(seoulDate(this.clock.now()), 'dropped', 1, 'loop_budget');
    this.schedule();
  }

  /** Turns a beacon's visits into rows and queues those the bounds of the class let through. */
  private queueVisits(
    events: VisitEvent[],
    source: HitSource,
    userAgent: string,
    { occurredAt, day }: { occurredAt: Date; day: string },
    salt: Buffer,
  ): void {
    const visitor = visitorHash(salt, source.address, userAgent);
    const device = deviceClass(userAgent);
    const unique = new Map<string, EventRow>();
    for (const e of events) {
      const row: EventRow = {
        occurredAt,
        day,
        kind: e.type,
        path: e.path,
        linkId: e.linkId ?? null,
        keyword: e.keyword ?? null,
        referrerHost: e.type === 'pageview' ? referrerHost(e.referrer, source.ownHosts) : null,
        utmSource: e.type === 'pageview' ? (e.utm?.source.trim().toLowerCase() ?? null) || null : null,
        device,
        visitor,
      };
      unique.set(sameEventKey(row), row);
    }
    if (unique.size < events.length) this.outcomes.duplicate.inc(events.length - unique.size);
    let rows = [...unique.values()];

    const allowed = this.visitorAllowance(visitor, occurredAt, rows.length);
    this.lose(day, 'dropped', rows.length - allowed, 'over_visitor_cap');
    rows = rows.slice(0, allowed);

    if (rows.length > 0 && !this.withinBudget(day, visitor)) {
      this.lose(day, 'sampled', rows.length, 'sampled');
      rows = [];
    }

    const room = Math.max(0, INGEST_QUEUE_ROWS - this.queue.length);
    this.lose(day, 'dropped', rows.length - Math.min(room, rows.length), 'queue_full');
    rows = rows.slice(0, room);

    if (rows.length > 0) this.outcomes.queued.inc(rows.length);
    const budget = this.budgetDay(day);
    for (const row of rows) {
      budget.pending += 1;
      this.queue.push(row);
      // Exactly a batch per statement: N rows are written in ceil(N / INGEST_BATCH_ROWS) statements.
      if (this.queue.length >= INGEST_BATCH_ROWS) void this.flush();
    }
    this.schedule();
  }

  /** How many of a visitor's `count` events fit in its minute's allowance (and takes them from it). */
  private visitorAllowance(visitor: string, now: Date, count: number): number {
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.visitorMinute.minute !== minute) this.visitorMinute = { minute, events: new Map() };
    const { events } = this.visitorMinute;
    const used = events.get(visitor);
    if (used === undefined && events.size >= VISITORS_FOLLOWED) return count;
    const allowed = Math.min(count, VISITOR_EVENTS_PER_MINUTE - (used ?? 0));
    events.set(visitor, (used ?? 0) + allowed);
    return allowed;
  }

  /** The budget of `day` as this process knows it: the database's count at the last write, plus its rows since. */
  private budgetDay(day: string): { stored: number; pending: number } {
    let budget = this.budgetDays.get(day);
    if (!budget) {
      // Only today's and a late yesterday's matter.
      for (const known of this.budgetDays.keys()) if (known < day) this.budgetDays.delete(known);
      budget = { stored: 0, pending: 0 };
      this.budgetDays.set(day, budget);
    }
    return budget;
  }

  /** True when `visitor`'s events of `day` may be stored under ANALYTICS_DAILY_BUDGET (see the class). */
  private withinBudget(day: string, visitor: string): boolean {
    const budget = this.config.analytics.dailyBudget;
    const { stored, pending } = this.budgetDay(day);
    const spent = stored + pending;
    if (spent < budget) return true;
    return spent < 2 * budget && BigInt.asUintN(64, BigInt(visitor)) % SAMPLE_ONE_IN === 0n;
  }

  /** Counts `count` events of `day` not stored, for the day's row and /metrics. */
  private lose(day: string, kind: keyof Losses, count: number, outcome: Outcome): void {
    if (count <= 0) return;
    const losses = this.losses.get(day) ?? { sampled: 0, dropped: 0 };
    losses[kind] += count;
    this.losses.set(day, losses);
    this.outcomes[outcome].inc(count);
  }

  /** Arms the interval's flush when something waits; with ANALYTICS_INGEST_FLUSH_MS=0 writes it now. */
  private schedule(): void {
    const interval = this.config.analytics.ingestFlushMs;
    if (interval === 0) void this.flush();
    else if (this.queue.length > 0 || this.losses.size > 0)
      this.timer ??= setTimeout(() => void this.flush(), interval);
  }

  /**
   * Writes what is queued now, with the days' loss counts, in one statement (the report calls it first, so this
   * process's last second is counted), after any write already under way. A failed write is logged with its size only
   * (never the rows) and dropped: analytics must not take the site down with it.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.queue;
    const losses = this.losses;
    this.queue = [];
    this.losses = new Map();
    if (rows.length === 0 && losses.size === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      const perDay = new Map<string, number>();
      for (const row of rows) perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
      try {
        const totals = await this.write(rows, losses);
        for (const { day, stored } of totals) {
          const budget = this.budgetDays.get(day);
          if (budget) budget.stored = stored;
        }
      } catch (error) {
        this.logger.warn(
          messages.analyticsWriteFailed(rows.length, error instanceof Error ? error.message : String(error)),
        );
      } finally {
        for (const [day, count] of perDay) {
          const budget = this.budgetDays.get(day);
          if (budget) budget.pending -= count;
        }
      }
    });
    return this.writing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /**
   * The one statement of a flush: every row (column arrays through `unnest`) and the days' stored, sampled and
   * dropped counts added up in `analytics_ingest_days`; resolves with each touched day's stored total.
   */
  private async write(rows: EventRow[], losses: Map<string, Losses>): Promise<Array<{ day: string; stored: number }>> {
    const column = <T>(pick: (row: EventRow) => T) => rows.map(pick);
    const lost = [...losses];
    return this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO analytics_events
                (occurred_at, day, kind, path, link_id, keyword, referrer_host, utm_source, device, visitor)
         SELECT * FROM unnest($1::timestamptz[], $2::date[], $3::varchar[], $4::varchar[], $5::int[], $6::varchar[],
                              $7::varchar[], $8::varchar[], $9::varchar[], $10::bigint[])
         RETURNING day
       ), counts AS (
         SELECT day, count(*) AS stored, 0::bigint AS sampled, 0::bigint AS dropped FROM inserted GROUP BY day
         UNION ALL
         SELECT day, 0, sampled, dropped FROM unnest($11::date[], $12::bigint[], $13::bigint[]) AS l (day, sampled, dropped)
       )
       INSERT INTO analytics_ingest_days AS d (day, stored, sampled, dropped)
       SELECT day, sum(stored), sum(sampled), sum(dropped) FROM counts GROUP BY day
       ON CONFLICT (day) DO UPDATE
         SET stored = d.stored + excluded.stored, sampled = d.sampled + excluded.sampled,
             dropped = d.dropped + excluded.dropped
       RETURNING to_char(day, 'YYYY-MM-DD') AS day, stored::float8 AS stored`,
      [
        column((r) => r.occurredAt),
        column((r) => r.day),
        column((r) => r.kind),
        column((r) => r.path),
        column((r) => r.linkId),
        column((r) => r.keyword),
        column((r) => r.referrerHost),
        column((r) => r.utmSource),
        column((r) => r.device),
        column((r) => r.visitor),
        lost.map(([day]) => day),
        lost.map(([, l]) => l.sampled),
        lost.map(([, l]) => l.dropped),
      ],
    );
  }

  /**
   * The random salt of an Asia/Seoul day, created by whichever API process needs it first and read by the others
   * (the insert of a second process is a no-op), so every process hashes a visitor alike. Deleted by the rollup job
   * once the day is over.
   */
  private async saltOf(day: string): Promise<Buffer> {
    if (this.salt?.day === day) return this.salt.value;
    await this.dataSource.query(
      `INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`,
      [day, randomBytes(32)],
    );
    const [row] = await this.dataSource.query<{ salt: Buffer }[]>(`SELECT salt FROM analytics_salts WHERE day = $1`, [
      day,
    ]);
    const value = row!.salt;
    this.salt = { day, value };
    return value;
  }
}
