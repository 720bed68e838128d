import pg from 'pg';
import type { PayloadRow, PayloadTable } from './payload-table.js';

/** The table's definition; created at start when missing (the identity server owns this one table). */
const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS idp_oidc_payloads (
    model       text        NOT NULL,
    id          text        NOT NULL,
    payload     jsonb       NOT NULL,
    grant_id    text,
    user_code   text,
    uid         text,
    expires_at  timestamptz,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX IF NOT EXISTS idp_oidc_payloads_grant_id ON idp_oidc_payloads (grant_id);
  CREATE INDEX IF NOT EXISTS idp_oidc_payloads_uid ON idp_oidc_payloads (model, uid);
  CREATE INDEX IF NOT EXISTS idp_oidc_payloads_user_code ON idp_oidc_payloads (model, user_code);
  CREATE INDEX IF NOT EXISTS idp_oidc_payloads_expires_at ON idp_oidc_payloads (expires_at);
`;

const LIVE = '(expires_at IS NULL OR expires_at > now())';

/**
 * Rows in PostgreSQL (IDP_DATABASE_URL): survives restarts and is shared by every identity process pointed at the
 * same database (docs/decisions/0045-identity-hardening.md). Expiry is judged by the database's clock, so processes
 * agree on it.
 */
export class PostgresPayloadTable implements PayloadTable {
  private constructor(
    private readonly pool: pg.Pool,
    readonly description: string,
  ) {}

  /**
   * Connects and creates the table if missing. Two processes starting at once may both run CREATE … IF NOT
   * EXISTS; an advisory lock makes the second wait instead of failing on the catalogue's unique index.
   */
  static async connect(url: string): Promise<PostgresPayloadTable> {
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtext('idp_oidc_payloads'))");
      await client.query(CREATE_TABLE);
      await client.query("SELECT pg_advisory_unlock(hashtext('idp_oidc_payloads'))");
    } finally {
      client.release();
    }
    // host includes the port; the URL's credentials are never printed.
    const { host, pathname } = new URL(url);
    return new PostgresPayloadTable(pool, `PostgreSQL ${host}${pathname}`);
  }

  async upsert(row: PayloadRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO idp_oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        row.model,
        row.id,
        row.payload,
        row.grantId,
        row.userCode,
        row.uid,
        row.expiresAt === null ? null : new Date(row.expiresAt),
      ],
    );
  }

  async find(model: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.pool.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM idp_oidc_payloads WHERE model = $1 AND id = $2 AND ${LIVE}`,
      [model, id],
    );
    return rows[0]?.payload;
  }

  async findBy(model: string, field: 'uid' | 'userCode', value: string): Promise<Record<string, unknown> | undefined> {
    const column = field === 'uid' ? 'uid' : 'user_code';
    const { rows } = await this.pool.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM idp_oidc_payloads WHERE model = $1 AND ${column} = $2 AND ${LIVE} LIMIT 1`,
      [model, value],
    );
    return rows[0]?.payload;
  }

  async consume(model: string, id: string, at: number): Promise<void> {
    await this.pool.query(
      `UPDATE idp_oidc_payloads SET payload = payload || jsonb_build_object('consumed', $3::bigint)
       WHERE model = $1 AND id = $2`,
      [model, id, at],
    );
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.pool.query('DELETE FROM idp_oidc_payloads WHERE model = $1 AND id = $2', [model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.pool.query('DELETE FROM idp_oidc_payloads WHERE grant_id = $1', [grantId]);
  }

  async destroyByAccount(accountId: string): Promise<number> {
    const result = await this.pool.query("DELETE FROM idp_oidc_payloads WHERE payload->>'accountId' = $1", [accountId]);
    return result.rowCount ?? 0;
  }

  async modify(
    model: string,
    id: string,
    change: (current: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    // A missing row cannot be locked: two writers may both find none; the second's INSERT then conflicts and it runs
    // again, this time finding (and locking) the first one's row.
    for (;;) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ payload: Record<string, unknown> }>(
          `SELECT payload FROM idp_oidc_payloads WHERE model = $1 AND id = $2 AND ${LIVE} FOR UPDATE`,
          [model, id],
        );
        const current = rows[0]?.payload;
        const next = change(current);
        if (next === undefined) {
          await client.query('COMMIT');
          return current;
        }
        const written = current
          ? await client.query(
              'UPDATE idp_oidc_payloads SET payload = $3, expires_at = NULL WHERE model = $1 AND id = $2',
              [model, id, next],
            )
          : await client.query(
              `INSERT INTO idp_oidc_payloads (model, id, payload) VALUES ($1, $2, $3)
               ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, expires_at = NULL
               WHERE idp_oidc_payloads.expires_at IS NOT NULL AND idp_oidc_payloads.expires_at <= now()`,
              [model, id, next],
            );
        if (written.rowCount === 0) {
          await client.query('ROLLBACK');
          continue;
        }
        await client.query('COMMIT');
        return next;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }
  }

  async deleteExpired(): Promise<number> {
    const result = await this.pool.query('DELETE FROM idp_oidc_payloads WHERE expires_at <= now()');
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
