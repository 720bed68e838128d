import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A plan's edit version (docs/decisions/0048-no-silent-overwrite.md, as links.version): 1 when created, +1 on every
 * saved `PUT /api/plan/update/:id`. A write that names the version it was loaded at is refused with 409 when it is
 * stale. Existing plans start at 1.
 */
export class PlanVersion1795781100000 implements MigrationInterface {
  name = 'PlanVersion1795781100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plans ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plans DROP COLUMN version`);
  }
}
