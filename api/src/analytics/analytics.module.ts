import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsIngestService } from './analytics-ingest.service';
import { AnalyticsReportService } from './analytics-report.service';
import { AnalyticsRollupService } from './analytics-rollup.service';

/**
 * First-party analytics (docs/decisions/0027-first-party-analytics.md): the public ingest, the rollup job and the
 * administrator's report. The ingest's body reader (ingest-body.ts) is mounted by configureApp, ahead of the global
 * JSON parser.
 */
@Module({
  controllers: [AnalyticsController],
  providers: [AnalyticsIngestService, AnalyticsRollupService, AnalyticsReportService],
  exports: [AnalyticsRollupService],
})
export class AnalyticsModule {}
