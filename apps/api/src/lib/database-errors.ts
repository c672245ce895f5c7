/** Telling "the database is away" (restart, failover, terminated connections) from a bug: the first answers 503, not 500. */

/**
 * SQLSTATE classes and codes that mean the connection or the server went away, not that the query was wrong. 25006
 * (read_only_sql_transaction) is a write that reached a server that is not the primary (yet or any more): a standby
 * the proxy still pointed at, or a demoted primary during a failover; the same write succeeds on the new primary.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const CONNECTION_EXCEPTION_CLASS = '08';
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Cannot use a pool after calling end',
];

/** Walks the cause chain (Drizzle wraps the driver's error) looking for a sign that the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS) || NETWORK_CODES.has(code)) return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    current = e.cause;
  }
  return false;
}
