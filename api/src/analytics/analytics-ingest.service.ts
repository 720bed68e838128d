import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { seoulDate } from '../common/seoul-date';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RemoteErrorMetrics } from '../metrics/remote-error-metrics';
import type { AnalyticsEventDto } from './dto/create-analytics-events.dto';
import { deviceClass, referrerHost, visitorHash } from './visitor';

/** Who sent a batch, as far as the ingest may know it: never stored as such. */
export interface HitSource {
  /** The client address as Express sees it through the trusted proxies (TRUST_PROXY). */
  address: string;
  userAgent: string;
  /** Host names of the site itself (request Host, Origin): a referrer from them is no referral. */
  ownHosts: string[];
}

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

/** A buffer this full is written at once, without waiting for the interval. */
const FLUSH_ROWS = 1000;

/**
 * Stores page views and clicks (issue 12 item 1). No cookie and no address: each hit carries the day's visitor hash
 * (visitor.ts), the referrer's host (page views only), `utm_source` (page views only), the device class, the path,
 * and for a click its link id or keyword. The errors browsers report of a remote (`remote_error`) are no visits:
 * they are counted on /metrics (RemoteErrorMetrics), never stored and never logged one by one.
 *
 * Accepted hits wait in this process for up to ANALYTICS_INGEST_FLUSH_MS (default 1 s) and are written together in
 * one statement (as Plausible buffers its ingest): one insert a second instead of one per hit, so 500 hits/s cost the
 * database and the public reads next to nothing. What is buffered is written when the app stops (SIGTERM); a process
 * that is killed loses at most that last second. 0 writes every request's events before its answer.
 */
@Injectable()
export class AnalyticsIngestService implements OnModuleDestroy {
  private readonly logger = new Logger('AnalyticsIngest');
  /** The current day's salt, cached: it never changes once created. */
  private salt: { day: string; value: Buffer } | null = null;
  private buffer: EventRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly remoteErrors: RemoteErrorMetrics,
  ) {}

  /**
   * Accepts every event of the batch, or none (a refused event refuses the batch): page views and clicks buffered, or
   * written before resolving when ANALYTICS_INGEST_FLUSH_MS is 0; then the remote errors counted.
   * @throws ApiError 400 when an event's fields do not fit its type ({@link checkFields}).
   */
  async record(events: AnalyticsEventDto[], source: HitSource): Promise<void> {
    checkFields(events);
    const visits = events.filter(isVisit);
    if (visits.length > 0) await this.recordVisits(visits, source);
    for (const e of events) if (e.type === 'remote_error') this.remoteErrors.count(e.remote!, e.version!);
  }

  private async recordVisits(events: VisitEvent[], source: HitSource): Promise<void> {
    const occurredAt = this.clock.now();
    const day = seoulDate(occurredAt);
    const visitor = visitorHash(await this.saltOf(day), source.address, source.userAgent);
    const device = deviceClass(source.userAgent);
    const rows = events.map((e): EventRow => ({
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
    }));
    if (this.config.analytics.ingestFlushMs === 0) return this.insert(rows);
    this.buffer.push(...rows);
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.config.analytics.ingestFlushMs);
  }

  /**
   * Writes what is buffered now (the report calls it first, so this process's last second is counted). A failed write
   * is logged with its size only (never the rows) and dropped: analytics must not take the site down with it.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await this.insert(rows);
      } catch (error) {
        this.logger.warn(
          messages.analyticsWriteFailed(rows.length, error instanceof Error ? error.message : String(error)),
        );
      }
    });
    return this.writing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /** One INSERT of every row (column arrays through `unnest`). */
  private async insert(rows: EventRow[]): Promise<void> {
    const column = <T>(pick: (row: EventRow) => T) => rows.map(pick);
    await this.dataSource.query(
      `INSERT INTO analytics_events
              (occurred_at, day, kind, path, link_id, keyword, referrer_host, utm_source, device, visitor)
       SELECT * FROM unnest($1::timestamptz[], $2::date[], $3::varchar[], $4::varchar[], $5::int[], $6::varchar[],
                            $7::varchar[], $8::varchar[], $9::varchar[], $10::bigint[])`,
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
