import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A link's edit version (docs/decisions/0048-no-silent-overwrite.md, "no silent overwrite"): 1 when created, raised by
 * one on every change an administrator saves through the edit form's calls (`PUT /api/main/update/:id`, `…/with-image`,
 * the image upload). A write that carries the version it was loaded at (`If-Match` or `version`) is refused with 409
 * when it is stale. Existing links start at 1.
 */
export class LinkVersion1795780800000 implements MigrationInterface {
  name = 'LinkVersion1795780800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE links ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE links DROP COLUMN version`);
  }
}
