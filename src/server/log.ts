import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

/**
 * The server's logger. Logs are read by more people, and kept longer, than the database: nothing
 * that opens an account may land in them. Request URLs lose their tokens (reset and verification
 * links, `?token=` on downloads), errors lose the values of their database queries (an argon2 hash,
 * e-mail addresses), and credentials in headers are never written.
 */

export const REDACTED = '[verborgen]';

/** Path segments that are themselves secrets: /auth/reset-password/<token>, /auth/verify-email/<token>. */
const TOKEN_IN_PATH = /(\/(?:reset-password|verify-email)\/)[^/?#]+/gi;
/** Query values that are secrets, wherever they appear. */
const TOKEN_IN_QUERY = /([?&](?:token|code|key|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(TOKEN_IN_QUERY, `$1${REDACTED}`);
}

/**
 * Keys whose values are data, not diagnosis: drizzle's `params`, postgres.js' `parameters` and
 * `args`, PGlite's `values`, and anything named after a secret.
 */
const SECRET_KEYS = new Set([
  'params',
  'parameters',
  'args',
  'values',
  'password',
  'passwordhash',
  'token',
  'authorization',
  'cookie',
  // Postgres' "Failing row contains (…)" lists the row's values.
  'detail',
]);

/** A copy of a serialised value without secret keys, URLs redacted; depth-limited and cycle-safe. */
export function scrub(value: unknown): unknown {
  return scrubValue(value, false, 0, new WeakSet());
}

/** `everything`: walk objects of any kind (a serialised error's own prototype), not only plain data. */
function scrubValue(value: unknown, everything: boolean, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (value === null || typeof value !== 'object') return value;
  // Only plain data is walked: an error or a request is left whole for its serializer, which knows
  // its hidden fields and scrubs them.
  const proto = Object.getPrototypeOf(value);
  if (!everything && !Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  if (seen.has(value) || depth > 8) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, everything, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : scrubValue(inner, everything, depth + 1, seen);
  }
  return out;
}

/** drizzle's "Failed query: …\nparams: …" up to the stack frames. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/** An error as pino writes it (message, stack, causes), then scrubbed. */
function errSerializer(err: unknown): unknown {
  if (!(err instanceof Error)) return scrubValue(err, true, 0, new WeakSet());
  const serialised = pino.stdSerializers.errWithCause(err) as unknown as Record<string, unknown>;
  // A database error's message may quote the query with its values ("Failed query: … params: …").
  for (const key of ['message', 'stack']) {
    const text = serialised[key];
    if (typeof text === 'string') serialised[key] = text.replace(QUERY_PARAMS, `\nparams: ${REDACTED}`);
  }
  return scrubValue(serialised, true, 0, new WeakSet());
}

type LoggedRequest = { method?: string; url?: string; socket?: { remoteAddress?: string } };

function reqSerializer(req: LoggedRequest) {
  return { method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.socket?.remoteAddress };
}

export function createLogger(
  level: LevelWithSilent | (string & {}),
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level,
      serializers: { req: reqSerializer, err: errSerializer },
      // Every other field of every line: a reported client route can be /reset-password/<token> too.
      formatters: { log: (object) => scrub(object) as Record<string, unknown> },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: REDACTED },
    },
    destination,
  );
}
