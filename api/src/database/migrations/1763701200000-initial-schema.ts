import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole schema of docs/decisions/0002-entities.md in one migration, so later issues add behaviour without reshaping
 * tables. Constraints carry the rules the database can keep by itself (pcode unique but deferred for reorders, enddate
 * >= startdate, popup bounds, a single cover row, content-addressed images).
 */
export class InitialSchema1763701200000 implements MigrationInterface {
  name = 'InitialSchema1763701200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE images (
        key          char(64)    PRIMARY KEY CHECK (key ~ '^[0-9a-f]{64}$'),
        content_type varchar(32) NOT NULL,
        width        int         NOT NULL CHECK (width > 0),
        height       int         NOT NULL CHECK (height > 0),
        byte_size    int         NOT NULL CHECK (byte_size > 0),
        bytes        bytea       NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE image_variants (
        image_key char(64) NOT NULL REFERENCES images(key) ON DELETE CASCADE,
        width     int      NOT NULL CHECK (width IN (320, 640, 1280)),
        bytes     bytea    NOT NULL,
        byte_size int      NOT NULL,
        PRIMARY KEY (image_key, width)
      )`);
    await q.query(`
      CREATE TABLE links (
        id         serial        PRIMARY KEY,
        pname      varchar(100)  NOT NULL CHECK (char_length(pname) >= 1),
        tags       text[]        NOT NULL DEFAULT '{}',
        link       varchar(2048) NULL,
        imagelink  varchar(2048) NULL,
        image_key  char(64)      NULL REFERENCES images(key),
        pcode      int           NOT NULL CHECK (pcode >= 0),
        created_at timestamptz   NOT NULL DEFAULT now(),
        updated_at timestamptz   NOT NULL DEFAULT now(),
        CONSTRAINT links_pcode_unique UNIQUE (pcode) DEFERRABLE INITIALLY DEFERRED
      )`);
    await q.query(`CREATE INDEX links_image_key_idx ON links (image_key)`);
    await q.query(`
      CREATE TABLE plans (
        id         serial       PRIMARY KEY,
        title      varchar(200) NOT NULL CHECK (char_length(title) >= 1),
        startdate  date         NOT NULL,
        enddate    date         NOT NULL,
        created_at timestamptz  NOT NULL DEFAULT now(),
        updated_at timestamptz  NOT NULL DEFAULT now(),
        CONSTRAINT plans_dates_ordered CHECK (enddate >= startdate)
      )`);
    await q.query(`CREATE INDEX plans_startdate_idx ON plans (startdate, id)`);
    await q.query(`
      CREATE TABLE popup_slots (
        id              serial      PRIMARY KEY,
        cnt             varchar(1)  NULL CHECK (cnt IN ('1', '2', '3')),
        startdate       timestamptz NOT NULL,
        enddate         timestamptz NOT NULL,
        head_count      int         NOT NULL CHECK (head_count BETWEEN 0 AND 100000),
        bookable_tables int         NOT NULL CHECK (bookable_tables BETWEEN 0 AND 10000),
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT popup_slots_dates_ordered CHECK (enddate >= startdate)
      )`);
    await q.query(`
      CREATE TABLE cover (
        id         smallint    PRIMARY KEY CHECK (id = 1),
        image_key  char(64)    NOT NULL REFERENCES images(key),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE administrators (
        id            serial       PRIMARY KEY,
        sub           varchar(255) NOT NULL UNIQUE,
        username      varchar(255) NULL,
        name          varchar(255) NULL,
        email         varchar(320) NULL,
        last_login_at timestamptz  NULL,
        created_at    timestamptz  NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE administrators, cover, popup_slots, plans, links, image_variants, images`);
  }
}
