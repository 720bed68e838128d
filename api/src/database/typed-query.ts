/**
 * `db.query(sql, parameters)` with the type of its rows: a DataSource's or EntityManager's query takes a type
 * argument, a QueryRunner's does not; this reads the same for all three.
 */
export function typedQuery<T>(
  db: { query(sql: string, parameters?: unknown[]): Promise<unknown> },
  sql: string,
  parameters?: unknown[],
): Promise<T> {
  return db.query(sql, parameters) as Promise<T>;
}
