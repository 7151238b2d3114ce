/**
 * Whether an error says the database is not there right now — PostgreSQL stopped, restarting, starting
 * up or unreachable — rather than that a statement was wrong. The first is worth trying again in a
 * moment (the server answers 503), the second is a bug (500).
 *
 * drizzle wraps the driver's error (DrizzleQueryError, the driver's error as `cause`) and tRPC wraps
 * whatever a procedure throws (again as `cause`): the whole chain is looked at.
 */

/** postgres.js's own names for a connection that closed, was ended or timed out while connecting. */
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * The server's own refusals: admin_shutdown (a fast or immediate stop), crash_shutdown (another
 * backend crashed), cannot_connect_now (starting up or shutting down), too_many_connections.
 * Class 08 is every connection exception.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** A socket that could not be opened or broke; counted only on an error the driver raised for a query. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const field = (err: object, name: string): unknown => (name in err ? Reflect.get(err, name) : undefined);

function saysUnavailable(err: object): boolean {
  const code = field(err, 'code');
  if (typeof code !== 'string') return false;
  if (DRIVER_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // postgres.js marks the errors it rejects a query with (socket errors included) with that query;
  // a socket error from anything else (a webhook target, the mail server) is not the database's.
  return SOCKET_CODES.has(code) && 'query' in err;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  // A cause chain is short; the limit only guards against a cycle.
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (saysUnavailable(current)) return true;
    current = field(current, 'cause');
  }
  return false;
}
