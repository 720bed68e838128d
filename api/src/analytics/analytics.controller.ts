import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../auth/public.decorator';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { AnalyticsIngestService, VISITOR_EVENTS_PER_MINUTE } from './analytics-ingest.service';
import { AnalyticsReportService, REPORT_PERIODS, type ReportPeriod } from './analytics-report.service';
import { CreateAnalyticsEventsDto } from './dto/create-analytics-events.dto';
import { AnalyticsLinkClicksResponse, AnalyticsSummaryResponse } from './dto/analytics-summary.dto';
import { INGEST_MAX_BYTES } from './ingest-body';
import { hitSource } from './ingest-endpoint';
import { Roles } from '../auth/roles.decorator';

/** Every sentence a refused ingest may carry (ingest-body.ts, the DTO, the service). */
const INGEST_ERRORS = [
  messages.analyticsMalformed,
  messages.analyticsBadCharacters,
  messages.analyticsEventsInvalid,
  messages.analyticsEventInvalid,
  messages.analyticsTypeInvalid,
  messages.analyticsPathInvalid,
  messages.analyticsLinkIdInvalid,
  messages.analyticsKeywordInvalid,
  messages.analyticsReferrerInvalid,
  messages.analyticsUtmInvalid,
  messages.analyticsRemoteInvalid,
  messages.analyticsVersionInvalid,
  messages.analyticsClickTarget,
  messages.analyticsRemoteErrorFields,
  messages.unknownField('<field>'),
];

/** `?days=`: 7, 30 or 90; absent → `fallback`. @throws ApiError 400 `messages.analyticsDaysInvalid` */
function parsePeriod(value: unknown, fallback: ReportPeriod): ReportPeriod {
  if (value === undefined) return fallback;
  const days = REPORT_PERIODS.find((period) => String(period) === value);
  if (!days) throw new ApiError(400, messages.analyticsDaysInvalid);
  return days;
}

@ApiTags('analytics')
@Roles('editor')
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly ingest: AnalyticsIngestService,
    private readonly report: AnalyticsReportService,
  ) {}

  /**
   * `POST /api/analytics/events` `{ events: [...] }` → 204 (public, docs/decisions/0027-first-party-analytics.md). What `navigator.sendBeacon`
   * sends from the public page: page views and card / keyword clicks, and the errors a remote's code met
   * (`remote_error`, counted on /metrics only). A bot's hit is answered 204 and neither stored nor counted.
   * Served ahead of Express and Nest by the ingest's own path (ingest-endpoint.ts, docs/decisions/0072-cheap-analytics-ingest.md), which configureApp
   * mounts; this declaration keeps the route in the OpenAPI document and the route table, and runs the same
   * AnalyticsIngestService.accept in an app without that path.
   */
  @Post('events')
  @Public()
  @RateLimit('ingest')
  @HttpCode(204)
  @ApiConsumes('text/plain', 'application/json')
  @ApiOperation({
    summary: '방문 통계 이벤트 수집 (공개)',
    description:
      `1–20 page views, clicks or remote errors as JSON, sent as text/plain (navigator.sendBeacon) or ` +
      `application/json, at most ${INGEST_MAX_BYTES} bytes; accepted all or none. A remote_error (a remote's name ` +
      'and release version) is not stored: it counts on /metrics as linksite_remote_browser_errors_total. ' +
      'No cookie is read or set and no address is stored: unique ' +
      'visitors are counted with SHA-256(daily salt, address, user agent), the salt deleted when the Asia/Seoul day ' +
      'is over. Only the referrer host is kept. Hits whose user agent is a bot (or missing) answer 204 and are not ' +
      'stored or counted. Rate-limited per client (RATE_LIMIT_INGEST_PER_MINUTE). Identical events of one request ' +
      `count once, a visitor adds at most ${VISITOR_EVENTS_PER_MINUTE} events a minute, and past the daily budget ` +
      '(ANALYTICS_DAILY_BUDGET) ' +
      'events are sampled: those left out still answer 204 and are counted in the summary (sampled, dropped).',
  })
  @ApiResponse({ status: 204, description: 'Accepted, or ignored (a bot).' })
  @ApiErrors({
    400: INGEST_ERRORS,
    413: [messages.analyticsBodyTooLarge(INGEST_MAX_BYTES)],
    415: [messages.analyticsContentType],
  })
  async collect(@Body() dto: CreateAnalyticsEventsDto, @Req() req: Request): Promise<void> {
    await this.ingest.accept(dto, hitSource(req, req.app.get('trust proxy fn') as Parameters<typeof hitSource>[1]));
  }

  /** `GET /api/analytics/summary?days=7|30|90` → `{ product: AnalyticsSummaryDto }` (administrator). */
  @Get('summary')
  @ApiOperation({
    summary: '방문 통계 요약',
    description:
      'Views, unique visitors and clicks per day over the last 7, 30 or 90 days (Asia/Seoul, today included), ' +
      'totals, clicks and click-through per link, top referrer hosts, keywords, UTM sources and the device split. ' +
      "Rolls up today's raw events first, then reads the daily rollups only.",
  })
  @ApiQuery({ name: 'days', required: false, enum: ['7', '30', '90'], description: 'default 30' })
  @ApiErrors({ 400: [messages.analyticsDaysInvalid] })
  async summary(@Query('days') days: unknown): Promise<AnalyticsSummaryResponse> {
    return { product: await this.report.summary(parsePeriod(days, 30)) };
  }

  /** `GET /api/analytics/links?days=30` → `{ product: [{ linkId, clicks }] }` (administrator; the link list). */
  @Get('links')
  @ApiOperation({
    summary: '링크별 클릭 수',
    description: 'Clicks per link over the last 7, 30 or 90 days (default 30), only links clicked at least once.',
  })
  @ApiQuery({ name: 'days', required: false, enum: ['7', '30', '90'], description: 'default 30' })
  @ApiErrors({ 400: [messages.analyticsDaysInvalid] })
  async links(@Query('days') days: unknown): Promise<AnalyticsLinkClicksResponse> {
    return { product: await this.report.linkClicks(parsePeriod(days, 30)) };
  }
}
