import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A link's disclosure (docs/decisions/0070-disclosure-label.md): the label its public card starts with, `none`, `ad`
 * (광고), `sponsored` (협찬) or `affiliate` (제휴), as `LINK_DISCLOSURES` of common/shared-rules.ts lists them. Existing links, and an
 * archive made before this column, read `none`.
 */
export class LinkDisclosure1796213100000 implements MigrationInterface {
  name = 'LinkDisclosure1796213100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE links
        ADD COLUMN disclosure text NOT NULL DEFAULT 'none',
        ADD CONSTRAINT links_disclosure_known CHECK (disclosure IN ('none', 'ad', 'sponsored', 'affiliate'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE links DROP CONSTRAINT links_disclosure_known, DROP COLUMN disclosure`);
  }
}
