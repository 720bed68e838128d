import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { addDays, seoulDate } from '../common/seoul-date';
import { AnalyticsIngestService } from './analytics-ingest.service';
import { AnalyticsRollupService } from './analytics-rollup.service';
import type {
  AnalyticsCountDto,
  AnalyticsDayDto,
  AnalyticsDeviceDto,
  AnalyticsLinkClicksDto,
  AnalyticsLinkDto,
  AnalyticsSummaryDto,
} from './dto/analytics-summary.dto';

/** The periods the report offers, in days. */
export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The page every product card is shown on (mf-store's StorePage). */
const STORE_PATH = '/';
const TOP = 10;
const MAX_LINKS = 100;

/**
 * The administrator's numbers (docs/decisions/0027-first-party-analytics.md). Each read first writes this process's
 * buffered hits and rolls up today (one day of raw events), then reads the rollup tables only, over an index range of
 * `days` days: its cost does not grow with the history kept.
 */
@Injectable()
export class AnalyticsReportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly rollup: AnalyticsRollupService,
    private readonly ingest: AnalyticsIngestService,
  ) {}

  /** This process's buffered hits written, then today rolled up: a report includes the last second. */
  private async freshen(): Promise<void> {
    await this.ingest.flush();
    await this.rollup.rollUpToday();
  }

  /** First and last day of a period ending today (Asia/Seoul). */
  private period(days: ReportPeriod): { from: string; to: string } {
    const to = seoulDate(this.clock.now());
    return { from: addDays(to, -(days - 1)), to };
  }

  async summary(days: ReportPeriod): Promise<AnalyticsSummaryDto> {
    await this.freshen();
    const { from, to } = this.period(days);
    const range = [from, to];
    const q = <T>(sql: string, params: unknown[] = range) => this.dataSource.query<T[]>(sql, params);

    const daily = await q<AnalyticsDayDto>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, views, visitors, clicks,
              sampled::float8 AS sampled, dropped::float8 AS dropped
         FROM analytics_daily WHERE day BETWEEN $1 AND $2`,
    );
    const byDay = new Map(daily.map((row) => [row.day, row]));
    const series = Array.from({ length: days }, (_, i) => {
      const day = addDays(from, i);
      return byDay.get(day) ?? { day, views: 0, visitors: 0, clicks: 0, sampled: 0, dropped: 0 };
    });
    const totals = series.reduce(
      (sum, d) => ({
        views: sum.views + d.views,
        visitors: sum.visitors + d.visitors,
        clicks: sum.clicks + d.clicks,
        sampled: sum.sampled + d.sampled,
        dropped: sum.dropped + d.dropped,
      }),
      { views: 0, visitors: 0, clicks: 0, sampled: 0, dropped: 0 },
    );

    const links = await q<Omit<AnalyticsLinkDto, 'ctr'>>(
      `WITH views AS (
         SELECT path, sum(views)::int AS views FROM analytics_daily_paths WHERE day BETWEEN $1 AND $2 GROUP BY path
       ), clicked AS (
         SELECT link_id, path, sum(clicks)::int AS clicks
           FROM analytics_daily_links WHERE day BETWEEN $1 AND $2 GROUP BY link_id, path
       ), per_link AS (
         SELECT c.link_id, sum(c.clicks)::int AS clicks, sum(coalesce(v.views, 0))::int AS views
           FROM clicked c LEFT JOIN views v USING (path) GROUP BY c.link_id
       )
       SELECT l.id AS "linkId", l.pname, coalesce(p.clicks, 0) AS clicks,
              coalesce(p.views, (SELECT views FROM views WHERE path = $3), 0) AS views
         FROM links l LEFT JOIN per_link p ON p.link_id = l.id
        ORDER BY clicks DESC, l.pcode ASC
        LIMIT ${MAX_LINKS}`,
      [from, to, STORE_PATH],
    );

    const top = (table: string, column: string, value: string) =>
      q<AnalyticsCountDto>(
        `SELECT ${column} AS name, sum(${value})::int AS count FROM ${table} WHERE day BETWEEN $1 AND $2
          GROUP BY ${column} ORDER BY count DESC, name ASC LIMIT ${TOP}`,
      );
    const devices = await q<AnalyticsDeviceDto>(
      `SELECT device, sum(views)::int AS views, sum(visitors)::int AS visitors
         FROM analytics_daily_devices WHERE day BETWEEN $1 AND $2 GROUP BY device`,
    );

    return {
      days,
      from,
      to,
      series,
      totals,
      links: links.map((link) => ({ ...link, ctr: link.views > 0 ? link.clicks / link.views : 0 })),
      referrers: await top('analytics_daily_referrers', 'host', 'views'),
      keywords: await top('analytics_daily_keywords', 'keyword', 'clicks'),
      utmSources: await top('analytics_daily_utm_sources', 'source', 'views'),
      devices: (['mobile', 'desktop'] as const).map(
        (device) => devices.find((row) => row.device === device) ?? { device, views: 0, visitors: 0 },
      ),
    };
  }

  /** Clicks per link over the last `days` days (the link list's "30일 클릭"), only links clicked at least once. */
  async linkClicks(days: ReportPeriod): Promise<AnalyticsLinkClicksDto[]> {
    await this.freshen();
    const { from, to } = this.period(days);
    return this.dataSource.query<AnalyticsLinkClicksDto[]>(
      `SELECT link_id AS "linkId", sum(clicks)::int AS clicks
         FROM analytics_daily_links WHERE day BETWEEN $1 AND $2 GROUP BY link_id ORDER BY link_id`,
      [from, to],
    );
  }
}
