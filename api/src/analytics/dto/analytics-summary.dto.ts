import { ApiProperty } from '@nestjs/swagger';

/** One Asia/Seoul day of the report. */
export class AnalyticsDayDto {
  /** `YYYY-MM-DD`, Asia/Seoul. */
  day!: string;
  /** Page views. */
  views!: number;
  /** Unique visitors of that day (the visitor hash rotates daily). */
  visitors!: number;
  /** Card and keyword clicks. */
  clicks!: number;
  /**
   * Events not stored because the day's budget (ANALYTICS_DAILY_BUDGET) was spent: past it only a sample of the
   * visitors is stored, so the day's numbers count that sample (docs/decisions/0072-cheap-analytics-ingest.md).
   */
  sampled!: number;
  /**
   * Events dropped to protect the site: a visitor past its events a minute, or more beacons than the API takes in at
   * once (docs/decisions/0072-cheap-analytics-ingest.md). Identical events of one beacon counted once are not among them.
   */
  dropped!: number;
}

/** The period's sums. `visitors` is the sum of daily unique visitors: a visitor is counted once per day. */
export class AnalyticsTotalsDto {
  views!: number;
  visitors!: number;
  clicks!: number;
  /** Events left out by the sampling of days past their budget ({@link AnalyticsDayDto.sampled}). */
  sampled!: number;
  /** Events dropped to protect the site ({@link AnalyticsDayDto.dropped}). */
  dropped!: number;
}

/** One link (product card) of the report. */
export class AnalyticsLinkDto {
  linkId!: number;
  /** The link's name. */
  pname!: string;
  /** Clicks on its card in the period. */
  clicks!: number;
  /** Page views, in the period, of the pages its card was clicked on (the store page `/` when never clicked). */
  views!: number;
  /** Click-through rate: clicks / views, 0 when there was no view. */
  ctr!: number;
}

/** A named count: a referrer host, a keyword, a UTM source. */
export class AnalyticsCountDto {
  name!: string;
  count!: number;
}

/** Page views and daily unique visitors of one device class. */
export class AnalyticsDeviceDto {
  @ApiProperty({ enum: ['mobile', 'desktop'] })
  device!: 'mobile' | 'desktop';
  views!: number;
  visitors!: number;
}

/** `GET /api/analytics/summary`: the administrator's report over the last `days` days, today included. */
export class AnalyticsSummaryDto {
  /** 7, 30 or 90. */
  days!: number;
  /** First day of the period, `YYYY-MM-DD` (Asia/Seoul). */
  from!: string;
  /** Last day of the period: today in Asia/Seoul. */
  to!: string;
  /** Every day of the period, oldest first, zeros included. */
  series!: AnalyticsDayDto[];
  totals!: AnalyticsTotalsDto;
  /** Every link, most clicked first (then in page order), at most 100. */
  links!: AnalyticsLinkDto[];
  /** Top 10 referrer hosts by page views. */
  referrers!: AnalyticsCountDto[];
  /** Top 10 keyword-cloud words by clicks. */
  keywords!: AnalyticsCountDto[];
  /** Top 10 `utm_source` values by page views. */
  utmSources!: AnalyticsCountDto[];
  /** Mobile, then desktop, zeros included. */
  devices!: AnalyticsDeviceDto[];
}

export class AnalyticsSummaryResponse {
  product!: AnalyticsSummaryDto;
}

/** One link's clicks in the period. */
export class AnalyticsLinkClicksDto {
  linkId!: number;
  clicks!: number;
}

/** `GET /api/analytics/links`: clicks per link, only links clicked at least once, by link id. */
export class AnalyticsLinkClicksResponse {
  product!: AnalyticsLinkClicksDto[];
}
