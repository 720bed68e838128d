import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The edit version of popup slots and of the cover (docs/decisions/0048-no-silent-overwrite.md, as links.version and
 * plans.version): 1 when created, +1 on every administrator save of the slot (`PUT /api/popup/update/:id`, the booking
 * switch) or every cover replace. A write that names the version it was loaded at (`If-Match`, or `version` in a slot
 * update's body) is refused with 409 when it is stale. Bookings change a slot's counts, not its version. Existing rows
 * start at 1.
 */
export class PopupCoverVersion1795781400000 implements MigrationInterface {
  name = 'PopupCoverVersion1795781400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE popup_slots ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`);
    await q.query(`ALTER TABLE cover ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cover DROP COLUMN version`);
    await q.query(`ALTER TABLE popup_slots DROP COLUMN version`);
  }
}
