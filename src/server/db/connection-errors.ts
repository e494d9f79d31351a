/**
 * Whether an error means the database connection is gone or refused (a restart, a failover,
 * `pg_terminate_backend`, the server not up yet), as opposed to a fault of the statement. Such an error is
 * the database's, not the request's: the API answers 503 DATABASE_UNAVAILABLE and the process carries on;
 * the pool opens new connections as soon as the database answers again (docs/decisions/028).
 */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
]);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [
  /^Connection terminated/, // pg: the socket closed (unexpectedly, or while connecting)
  /not queryable/, // pg: a client whose connection already failed
  /timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis
  /^Connection ended/, // pg: a query sent after the socket ended
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

export function isDatabaseConnectionError(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: …", the driver's error as cause): look a few levels down.
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as ErrorLike | undefined, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_ERRNOS.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
