/**
 * Whether an error means the database is out of reach (stopped, restarting, frozen, the network
 * down) rather than a fault of the request or of our code. The error handler answers those with
 * 503 and Retry-After: the request may succeed as is once the database is back.
 */

/** PostgreSQL's SQLSTATEs for a server that is not there for us just now. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket errors on the way to the database. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres and pg-pool raise these as plain Errors, told apart by their words alone. */
const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'PGlite is closed',
  // The pool closed under a request (a server stopping): the request may succeed on another instance.
  'Cannot use a pool after calling end on the pool',
];

/** Seconds a client is asked to wait before it tries again (the Retry-After of the 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * The driver's own code or words when `error` means the database is out of reach, for the log
 * (never the query or its parameters, which Drizzle's wrapper quotes); undefined otherwise.
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  // Drizzle wraps the driver's error (DrizzleQueryError) in `cause`; pg-pool wraps some too.
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    // Another outside service out of reach (a payment provider through fetch, the S3 store) is not
    // the database, whatever its socket error says.
    if ((current instanceof TypeError && current.message === 'fetch failed') || '$metadata' in current)
      return undefined;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // Class 08: connection exceptions.
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code))
    )
      return code;
    if (typeof message === 'string') {
      const words = UNAVAILABLE_MESSAGES.find((known) => message.startsWith(known));
      if (words) return words;
    }
    current = cause;
  }
  return undefined;
}
