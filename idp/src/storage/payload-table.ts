/**
 * One stored oidc-provider model instance (a Session, Grant, AuthorizationCode, RefreshToken, Interaction, …):
 * the library's payload plus the fields it looks rows up by.
 */
export interface PayloadRow {
  /** The library's model name, e.g. `Session`. */
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  userCode: string | null;
  /** Sessions are also found by their `uid`. */
  uid: string | null;
  /** Epoch milliseconds after which the row no longer exists; null = until destroyed. */
  expiresAt: number | null;
}

/**
 * Where the identity provider keeps its stateful data (docs/decisions/0045-identity-hardening.md: sessions, grants and
 * refresh tokens survive a restart; with PostgreSQL, several identity processes share them). Expired rows are never
 * returned.
 */
export interface PayloadTable {
  upsert(row: PayloadRow): Promise<void>;
  find(model: string, id: string): Promise<Record<string, unknown> | undefined>;
  findBy(model: string, field: 'uid' | 'userCode', value: string): Promise<Record<string, unknown> | undefined>;
  /** Marks a one-time item (an authorization code, a rotated refresh token) used: `payload.consumed = at`. */
  consume(model: string, id: string, at: number): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  /** Removes every token issued under a grant (logout, revocation, refresh-token reuse). */
  revokeByGrantId(grantId: string): Promise<void>;
  /**
   * Removes every row whose payload names `accountId` as its `accountId`: the account's sessions, grants, refresh
   * tokens, authorization codes and interactions (an account disabled: docs/decisions/0080-people-invites-totp.md).
   * Returns how many.
   */
  destroyByAccount(accountId: string): Promise<number>;
  /**
   * Reads the live row `(model, id)` and replaces it with what `change` returns, as one step no other writer (process
   * or replica) can interleave with (PostgreSQL: `SELECT … FOR UPDATE` in a transaction). `change` gets the payload
   * (undefined when there is none) and returns the new payload, or undefined to leave the row as it is; it must not
   * await anything. The row never expires (`expiresAt` null). Resolves with the payload now stored (undefined: none).
   * An error thrown by `change` rejects the call and changes nothing.
   */
  modify(
    model: string,
    id: string,
    change: (current: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<Record<string, unknown> | undefined>;
  /** Drops expired rows; returns how many. */
  deleteExpired(now: number): Promise<number>;
  close(): Promise<void>;
  /** Human-readable, for the start-up line: where the data lives. */
  readonly description: string;
}
