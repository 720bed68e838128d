import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { PeriodicJob } from '../common/periodic-job';
import { messages } from '../common/messages';
import { addDays, seoulDate } from '../common/seoul-date';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ADVISORY_LOCKS } from '../database/advisory-locks';

/** PostgreSQL advisory lock of the rollup (transaction-scoped), so one API process at a time rolls up. */
export const ROLLUP_LOCK = ADVISORY_LOCKS.analyticsRollup;

/** The rollup tables, each keyed by `day` first. */
const ROLLUP_TABLES = [
  'analytics_daily',
  'analytics_daily_paths',
  'analytics_daily_links',
  'analytics_daily_referrers',
  'analytics_daily_keywords',
  'analytics_daily_devices',
  'analytics_daily_utm_sources',
] as const;

/** What one run did. */
export interface RollupRun {
  /** The days rolled up again, ascending. */
  days: string[];
  /** Raw events deleted (older than ANALYTICS_RAW_RETENTION_DAYS). */
  prunedEvents: number;
  /** Days of rollups deleted (older than ANALYTICS_ROLLUP_RETENTION_DAYS). */
  prunedRollupDays: number;
}

/**
 * Rolls the raw events up into daily counts and prunes (docs/decisions/0027-first-party-analytics.md "Storage sized to
 * grow"). Every API process runs it every ANALYTICS_ROLLUP_INTERVAL_SECONDS; the advisory lock lets one at a time work
 * (the others skip that turn). A day is always rolled up whole from its raw events (unique visitors cannot be added
 * up), so a run is idempotent; it re-rolls only the days that received events since the last run, plus today and
 * yesterday (an event whose transaction committed after a later one's is never missed).
 */
@Injectable()
export class AnalyticsRollupService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AnalyticsRollup');
  private readonly job = new PeriodicJob(
    () => this.rollUp({ wait: false }),
    (message) => this.logger.warn(messages.analyticsRollupFailed(message)),
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.analytics.rollupIntervalSeconds;
    if (seconds === 0) return;
    this.job.start(seconds * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }

  /**
   * One run, in one transaction under the rollup lock: re-roll the changed days (and today, yesterday), remember the
   * highest event id seen, then delete raw events (and the ingest's daily counts, analytics_ingest_days) older than
   * ANALYTICS_RAW_RETENTION_DAYS days, rollups older than
   * ANALYTICS_ROLLUP_RETENTION_DAYS days and every salt of a day that is over.
   * @param options.wait false: when another process holds the lock, do nothing and resolve null.
   */
  async rollUp(options: { wait?: boolean } = {}): Promise<RollupRun | null> {
    return this.dataSource.transaction(async (em) => {
      if (!(await lock(em, options.wait ?? true))) return null;
      const today = seoulDate(this.clock.now());
      const rawCutoff = addDays(today, -this.config.analytics.rawRetentionDays);
      const rollupCutoff = addDays(today, -this.config.analytics.rollupRetentionDays);
      const [{ last, high }] = (await em.query(
        `SELECT (SELECT last_event_id FROM analytics_rollup_state WHERE id = 1) AS last,
                (SELECT coalesce(max(id), 0) FROM analytics_events) AS high`,
      )) as [{ last: string; high: string }];
      const changed = await em.query<{ day: string }[]>(
        `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_events WHERE id > $1 AND id <= $2`,
        [last, high],
      );
      const days = [...new Set([...changed.map((row) => row.day), addDays(today, -1), today])]
        .filter((day) => day >= rawCutoff)
        .sort();
      for (const day of days) await rollUpDay(em, day);
      await em.query(`UPDATE analytics_rollup_state SET last_event_id = $1 WHERE id = 1`, [high]);

      const [, prunedEvents] = await em.query<[unknown, number]>(`DELETE FROM analytics_events WHERE day < $1`, [
        rawCutoff,
      ]);
      await em.query(`DELETE FROM analytics_ingest_days WHERE day < $1`, [rawCutoff]);
      const [prunedRollup] = await em.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM analytics_daily WHERE day < $1`,
        [rollupCutoff],
      );
      for (const table of ROLLUP_TABLES) await em.query(`DELETE FROM ${table} WHERE day < $1`, [rollupCutoff]);
      await em.query(`DELETE FROM analytics_salts WHERE day < $1`, [today]);
      return { days, prunedEvents, prunedRollupDays: prunedRollup!.n };
    });
  }

  /**
   * Today only, waiting for the lock: what the administrator's report runs before reading the rollups, so today's
   * numbers include the last second while the cost stays one day's events, however long the history.
   */
  async rollUpToday(): Promise<void> {
    await rollUpToday(this.dataSource, this.clock.now());
  }
}

/**
 * Rolls today (Asia/Seoul, at `now`) up from its raw events under the rollup lock, waiting for it, and deletes the
 * salts of days that are over. Used by the report before it reads and by a backup before it writes
 * (backup/write-backup.ts), so both include the last second.
 */
export async function rollUpToday(dataSource: DataSource, now: Date): Promise<void> {
  await dataSource.transaction(async (em) => {
    await lock(em, true);
    const today = seoulDate(now);
    await rollUpDay(em, today);
    await em.query(`DELETE FROM analytics_salts WHERE day < $1`, [today]);
  });
}

/** Takes the rollup lock for the transaction: waits for it, or tries once. */
async function lock(em: EntityManager, wait: boolean): Promise<boolean> {
  if (wait) {
    await em.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [ROLLUP_LOCK]);
    return true;
  }
  const [row] = await em.query<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock($1::bigint) AS locked`, [
    ROLLUP_LOCK,
  ]);
  return row!.locked;
}

/**
 * Replaces every rollup row of `day` with counts of its raw events, and the day's sampled and dropped events from the
 * ingest's count (docs/decisions/0072-cheap-analytics-ingest.md). A day without raw events keeps its rollups: they came
 * from a restored backup (whose raw events are not in it) or from events pruned since.
 */
async function rollUpDay(em: EntityManager, day: string): Promise<void> {
  const [any] = await em.query<unknown[]>(`SELECT 1 FROM analytics_events WHERE day = $1 LIMIT 1`, [day]);
  if (!any) return;
  for (const table of ROLLUP_TABLES) await em.query(`DELETE FROM ${table} WHERE day = $1`, [day]);
  const ofDay = `FROM analytics_events WHERE day = $1`;
  // The day's events left out by the sampling or dropped (analytics-ingest.service.ts) come from the ingest's count.
  await em.query(
    `INSERT INTO analytics_daily (day, views, visitors, clicks, sampled, dropped)
     SELECT $1::date, count(*) FILTER (WHERE kind = 'pageview'), count(DISTINCT visitor) FILTER (WHERE kind = 'pageview'),
            count(*) FILTER (WHERE kind = 'click'),
            coalesce((SELECT sampled FROM analytics_ingest_days WHERE day = $1), 0),
            coalesce((SELECT dropped FROM analytics_ingest_days WHERE day = $1), 0)
       ${ofDay} HAVING count(*) > 0`,
    [day],
  );
  await em.query(
    `INSERT INTO analytics_daily_paths (day, path, views)
     SELECT $1::date, path, count(*) ${ofDay} AND kind = 'pageview' GROUP BY path`,
    [day],
  );
  await em.query(
    `INSERT INTO analytics_daily_links (day, link_id, path, clicks)
     SELECT $1::date, link_id, path, count(*) ${ofDay} AND link_id IS NOT NULL GROUP BY link_id, path`,
    [day],
  );
  await em.query(
    `INSERT INTO analytics_daily_referrers (day, host, views)
     SELECT $1::date, referrer_host, count(*) ${ofDay} AND kind = 'pageview' AND referrer_host IS NOT NULL
      GROUP BY referrer_host`,
    [day],
  );
  await em.query(
    `INSERT INTO analytics_daily_keywords (day, keyword, clicks)
     SELECT $1::date, keyword, count(*) ${ofDay} AND keyword IS NOT NULL GROUP BY keyword`,
    [day],
  );
  await em.query(
    `INSERT INTO analytics_daily_devices (day, device, views, visitors)
     SELECT $1::date, device, count(*), count(DISTINCT visitor) ${ofDay} AND kind = 'pageview' GROUP BY device`,
    [day],
  );
  await em.query(
    `INSERT INTO analytics_daily_utm_sources (day, source, views)
     SELECT $1::date, utm_source, count(*) ${ofDay} AND kind = 'pageview' AND utm_source IS NOT NULL GROUP BY utm_source`,
    [day],
  );
}
