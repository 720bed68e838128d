import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bounded analytics storage (docs/decisions/0072-cheap-analytics-ingest.md, analytics/analytics-ingest.service.ts):
 *
 * - `analytics_ingest_days`: per Asia/Seoul day, the events the ingest stored (`stored`, what ANALYTICS_DAILY_BUDGET
 *   is spent against, shared by every API process), left out by the day's sampling once the budget was spent
 *   (`sampled`), and dropped to protect the site (`dropped`: a visitor past its events a minute, a full queue, the
 *   ingest's event-loop budget spent). Written by the same statement as the events it counts; kept, like the raw
 *   events, ANALYTICS_RAW_RETENTION_DAYS.
 * - `analytics_daily.sampled` / `.dropped`: those counts copied by the rollup, so the report (which reads rollups only)
 *   can say a day's numbers are a sample; kept with the rollups (and in backups) ANALYTICS_ROLLUP_RETENTION_DAYS.
 *   An archive made before them restores as 0.
 *
 * `bigint`: a flood of a few thousand refused events a second for a day would pass an `int`.
 */
export class AnalyticsIngestDays1796126400000 implements MigrationInterface {
  name = 'AnalyticsIngestDays1796126400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analytics_ingest_days (
        day     date   PRIMARY KEY,
        stored  bigint NOT NULL DEFAULT 0 CHECK (stored >= 0),
        sampled bigint NOT NULL DEFAULT 0 CHECK (sampled >= 0),
        dropped bigint NOT NULL DEFAULT 0 CHECK (dropped >= 0)
      )`);
    await q.query(`
      ALTER TABLE analytics_daily
        ADD COLUMN sampled bigint NOT NULL DEFAULT 0 CHECK (sampled >= 0),
        ADD COLUMN dropped bigint NOT NULL DEFAULT 0 CHECK (dropped >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analytics_daily DROP COLUMN dropped, DROP COLUMN sampled`);
    await q.query(`DROP TABLE analytics_ingest_days`);
  }
}
