/**
 * Recognises the errors of a database that is down or restarting (docs/decisions/0044-survivable-faults.md (a)), as
 * opposed to a query's own failure: the API answers them 503 with `Retry-After` (common/api-exception.filter.ts) and
 * retries an idempotent read once first (common/database-retry.interceptor.ts).
 */

/** SQLSTATEs of a server that is shutting down, starting up or cut the connection (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);

/** Node's socket errors of a server that is not there or went away. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN']);

/** Messages of node-postgres (pg, pg-pool) for a connection that ended or never opened in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "Connection terminated unexpectedly", "… due to connection timeout"
  /^timeout expired/, // pg-pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/**
 * TypeORM's errors of work whose connection went away under it: the pool released the query runner after its
 * connection failed, and the next statement (the COMMIT, say) meets the release instead of pg's own error (seen in
 * `database-restart.int.spec.ts`: a write in flight when PostgreSQL stopped answered 500). The family is told by its
 * cause, a released connection (`QueryRunnerAlreadyReleasedError`, `QueryRunnerProviderAlreadyReleasedError` of an
 * entity manager's runner, …), not listed one by one: a list of one missed the second
 * (docs/decisions/0092-connection-failure-is-503.md).
 */
const RELEASED_CONNECTION_ERROR = /^[A-Za-z]*AlreadyReleasedError$/;

interface MaybeDriverError {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  /** TypeORM's QueryFailedError keeps pg's error here. */
  driverError?: unknown;
  /** AggregateError (a connect to several addresses, 127.0.0.1 and ::1) */
  errors?: unknown;
}

/**
 * true when `error` (as thrown by TypeORM or pg, possibly wrapped in a QueryFailedError or an AggregateError) says
 * the database could not be reached or dropped the connection: ECONNREFUSED and other socket errors, SQLSTATE 57P01
 * admin_shutdown, 57P03 starting up / shutting down, class 08, pg's "Connection terminated …", and TypeORM's
 * `…AlreadyReleasedError`s (work whose connection was released under it). A query's own
 * failure (a constraint, a syntax error) is false.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const candidate = error as MaybeDriverError;
  if (typeof candidate.name === 'string' && RELEASED_CONNECTION_ERROR.test(candidate.name)) return true;
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (!code && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (candidate.driverError && candidate.driverError !== error) {
    if (isDatabaseUnavailable(candidate.driverError, depth + 1)) return true;
  }
  if (Array.isArray(candidate.errors)) return candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return false;
}
