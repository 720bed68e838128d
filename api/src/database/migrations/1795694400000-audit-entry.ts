import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail of administrator writes (docs/decisions/0047-logs-metrics-audit.md, audit/): who (token subject and
 * username), when, what (method, route template, entity and id), the entity before and after as JSON, the request id
 * and the status. Rows are only ever inserted; `GET /api/audit` reads them newest first by id (keyset pagination).
 */
export class AuditEntry1795694400000 implements MigrationInterface {
  name = 'AuditEntry1795694400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_entry (
        id          bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at          timestamptz  NOT NULL,
        actor_sub   varchar(255) NOT NULL,
        actor_name  varchar(255) NULL,
        method      varchar(10)  NOT NULL,
        route       varchar(200) NOT NULL,
        entity      varchar(40)  NULL,
        entity_id   int          NULL,
        before      jsonb        NULL,
        after       jsonb        NULL,
        status      smallint     NOT NULL,
        request_id  varchar(128) NULL
      )`);
    await q.query(`CREATE INDEX audit_entry_entity ON audit_entry (entity, entity_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_entry`);
  }
}
