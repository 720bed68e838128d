import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-link visibility (docs/decisions/0026-creator-features.md): an on/off switch and an optional window. A link shows
 * on the public page while it is enabled and `now` is within [show_from, show_until); either end may be open. Existing
 * links stay visible.
 */
export class LinkVisibility1795435200000 implements MigrationInterface {
  name = 'LinkVisibility1795435200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE links
        ADD COLUMN enabled    boolean     NOT NULL DEFAULT true,
        ADD COLUMN show_from  timestamptz NULL,
        ADD COLUMN show_until timestamptz NULL,
        ADD CONSTRAINT links_window_ordered CHECK (show_from IS NULL OR show_until IS NULL OR show_until > show_from)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE links
        DROP CONSTRAINT links_window_ordered,
        DROP COLUMN show_until,
        DROP COLUMN show_from,
        DROP COLUMN enabled`);
  }
}
