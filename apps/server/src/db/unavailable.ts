/** Socket errors of a connection to PostgreSQL that is refused, dropped or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection that ended or could not be made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when an error (or anything in its `cause` chain, as drizzle wraps the driver's) means PostgreSQL is out of
 * reach rather than that the query was wrong: a network error, a dropped connection, SQLSTATE class 08
 * (connection exception), or the server shutting down or starting (57P01-57P03).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}
