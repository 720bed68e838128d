import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * First-party analytics (docs/decisions/0027-first-party-analytics.md): raw events, rolled up into daily counts that
 * the administrator's charts read, and the daily salt of the visitor hash.
 *
 * - `analytics_events`: one row per page view or click, kept ANALYTICS_RAW_RETENTION_DAYS. No IP address, no cookie:
 *   `visitor` is the first 8 bytes of SHA-256(daily salt, client address, user agent), a number that means nothing
 *   once the day's salt is deleted. `day` is the Asia/Seoul calendar day of `occurred_at`.
 * - `analytics_salts`: one random salt per Seoul day, shared by every API process, deleted once the day is over.
 * - `analytics_daily*`: the rollups, one row per day (and per path, link, referrer host, keyword, device, UTM source),
 *   kept ANALYTICS_ROLLUP_RETENTION_DAYS. Their primary keys start with `day`, so a report of n days reads n days.
 * - `analytics_rollup_state`: the highest event id already rolled up, so a run re-rolls only the days that changed.
 * No foreign key to `links`: a click on a card deleted since, or a link id a script made up, must not fail the ingest;
 * the report joins the links that exist.
 */
export class Analytics1795521600000 implements MigrationInterface {
  name = 'Analytics1795521600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analytics_salts (
        day  date  PRIMARY KEY,
        salt bytea NOT NULL CHECK (octet_length(salt) = 32)
      )`);
    await q.query(`
      CREATE TABLE analytics_events (
        id            bigserial    PRIMARY KEY,
        occurred_at   timestamptz  NOT NULL,
        day           date         NOT NULL,
        kind          varchar(8)   NOT NULL CHECK (kind IN ('pageview', 'click')),
        path          varchar(300) NOT NULL,
        link_id       int          NULL CHECK (link_id > 0),
        keyword       varchar(30)  NULL,
        referrer_host varchar(253) NULL,
        utm_source    varchar(100) NULL,
        device        varchar(7)   NOT NULL CHECK (device IN ('mobile', 'desktop')),
        visitor       bigint       NOT NULL,
        CONSTRAINT analytics_events_target CHECK (
          (kind = 'pageview' AND link_id IS NULL AND keyword IS NULL)
          OR (kind = 'click' AND (link_id IS NULL) <> (keyword IS NULL))
        )
      )`);
    await q.query(`CREATE INDEX analytics_events_day_idx ON analytics_events (day)`);
    await q.query(`
      CREATE TABLE analytics_daily (
        day      date PRIMARY KEY,
        views    int  NOT NULL CHECK (views >= 0),
        visitors int  NOT NULL CHECK (visitors >= 0),
        clicks   int  NOT NULL CHECK (clicks >= 0)
      )`);
    await q.query(`
      CREATE TABLE analytics_daily_paths (
        day   date         NOT NULL,
        path  varchar(300) NOT NULL,
        views int          NOT NULL CHECK (views >= 0),
        PRIMARY KEY (day, path)
      )`);
    await q.query(`
      CREATE TABLE analytics_daily_links (
        day     date         NOT NULL,
        link_id int          NOT NULL,
        path    varchar(300) NOT NULL,
        clicks  int          NOT NULL CHECK (clicks >= 0),
        PRIMARY KEY (day, link_id, path)
      )`);
    await q.query(`
      CREATE TABLE analytics_daily_referrers (
        day   date         NOT NULL,
        host  varchar(253) NOT NULL,
        views int          NOT NULL CHECK (views >= 0),
        PRIMARY KEY (day, host)
      )`);
    await q.query(`
      CREATE TABLE analytics_daily_keywords (
        day     date        NOT NULL,
        keyword varchar(30) NOT NULL,
        clicks  int         NOT NULL CHECK (clicks >= 0),
        PRIMARY KEY (day, keyword)
      )`);
    await q.query(`
      CREATE TABLE analytics_daily_devices (
        day      date       NOT NULL,
        device   varchar(7) NOT NULL CHECK (device IN ('mobile', 'desktop')),
        views    int        NOT NULL CHECK (views >= 0),
        visitors int        NOT NULL CHECK (visitors >= 0),
        PRIMARY KEY (day, device)
      )`);
    await q.query(`
      CREATE TABLE analytics_daily_utm_sources (
        day    date         NOT NULL,
        source varchar(100) NOT NULL,
        views  int          NOT NULL CHECK (views >= 0),
        PRIMARY KEY (day, source)
      )`);
    await q.query(`
      CREATE TABLE analytics_rollup_state (
        id            smallint PRIMARY KEY CHECK (id = 1),
        last_event_id bigint   NOT NULL
      )`);
    await q.query(`INSERT INTO analytics_rollup_state (id, last_event_id) VALUES (1, 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE analytics_rollup_state, analytics_daily_utm_sources, analytics_daily_devices,
                  analytics_daily_keywords, analytics_daily_referrers, analytics_daily_links, analytics_daily_paths,
                  analytics_daily, analytics_events, analytics_salts`,
    );
  }
}
