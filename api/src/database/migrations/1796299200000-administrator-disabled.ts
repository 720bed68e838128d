import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/decisions/0080-people-invites-totp.md "People": an account the owner disables is refused by the API at once, in
 * every API process. `administrators.disabled_at` is set when `PATCH /api/people/:id` disables the account and cleared
 * when it enables it again (people/people.service.ts); AccessTokenGuard asks admins/disabled-accounts.ts, which keeps
 * the answers in memory. Every change of `disabled_at` announces itself from a trigger with
 * `pg_notify('linksite_disabled_accounts', '')` inside the writing transaction (the public cache's way,
 * 1795953600000-public-cache-notify.ts), so each process forgets its answers when, and only when, the change commits. A
 * sign-in's upsert (`POST /api/login`) leaves `disabled_at` alone and sends nothing.
 */
export class AdministratorDisabled1796299200000 implements MigrationInterface {
  name = 'AdministratorDisabled1796299200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE administrators ADD COLUMN disabled_at timestamptz NULL`);
    await q.query(`
      CREATE FUNCTION disabled_accounts_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.disabled_at IS NOT DISTINCT FROM NEW.disabled_at THEN
          RETURN NULL;
        END IF;
        IF TG_OP = 'INSERT' AND NEW.disabled_at IS NULL THEN
          RETURN NULL;
        END IF;
        PERFORM pg_notify('linksite_disabled_accounts', '');
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER administrators_disabled_notify AFTER INSERT OR UPDATE OR DELETE ON administrators
        FOR EACH ROW EXECUTE FUNCTION disabled_accounts_notify()`);
    await q.query(`
      CREATE TRIGGER administrators_disabled_notify_truncate AFTER TRUNCATE ON administrators
        FOR EACH STATEMENT EXECUTE FUNCTION disabled_accounts_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER administrators_disabled_notify_truncate ON administrators`);
    await q.query(`DROP TRIGGER administrators_disabled_notify ON administrators`);
    await q.query(`DROP FUNCTION disabled_accounts_notify()`);
    await q.query(`ALTER TABLE administrators DROP COLUMN disabled_at`);
  }
}
