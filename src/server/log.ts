import { unescape as percentDecode } from 'node:querystring';
import pino, { type DestinationStream, type LevelWithSilent, type LogFn, type Logger } from 'pino';

/**
 * The server's logger. Logs are read by more people, and kept longer, than the database: nothing
 * that opens an account may land in them. Request URLs lose their tokens (reset and verification
 * links, `?token=` on downloads) in whatever spelling they came, errors lose the values of their
 * database queries (an argon2 hash, e-mail addresses), and credentials in headers are never written.
 * All of it happens here, for every line: Fastify's request lines (its `req` serializer is replaced by
 * ours), the fields of every line, errors, and the message text.
 */

export const REDACTED = '[verborgen]';

/**
 * Query parameters whose values are secrets. `token` is the one the server reads (the download's
 * `?token=`); the others are what a client might put a credential under by mistake.
 */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'code',
  'key',
  'api_key',
  'apikey',
  'password',
  'secret',
  'session',
]);

/**
 * Path segments followed by a secret: /auth/reset-password/<token>, /verify-email/<token>, and the
 * customer's order link /confirm/<token> (also under /api/public/), which opens an order to whoever
 * holds it.
 */
const SECRET_SEGMENTS = new Set(['reset-password', 'verify-email', 'confirm']);

/** An API key's secret, wherever it appears (it is never taken from a URL, but may be sent there). */
const API_KEY_SECRET = /ik_[0-9A-Za-z]{32}/g;

/**
 * Text as the server reads it: percent-decoded the lenient way both of its parsers do (Node's
 * URLSearchParams for `?token=`, find-my-way for paths: an invalid escape stays as written, bytes
 * that are no UTF-8 become U+FFFD), and again while that changes something, so a double-encoded
 * spelling is recognised too. Compared trimmed and in lower case: a spelling the server does not
 * accept today is still the user's secret.
 */
function readAs(text: string): string {
  let current = text;
  for (let round = 0; round < 4 && current.includes('%'); round++) {
    const decoded = percentDecode(current);
    if (decoded === current) break;
    current = decoded;
  }
  return current.trim().toLowerCase();
}

/**
 * A parameter name as URLSearchParams splits it: after `?`, `&` or (for parsers that take it) `;`,
 * up to `=`. The value the server reads runs up to the next `&` (a `;` inside it is part of it).
 */
const PARAM_NAME = /[?&;]([^=&;?#\s]*)=/g;
const VALUE_END = /[&#\s]/g;

function redactQuery(text: string): string {
  let out = '';
  let copied = 0;
  PARAM_NAME.lastIndex = 0;
  for (let name = PARAM_NAME.exec(text); name; name = PARAM_NAME.exec(text)) {
    // '+' is a space in a query (WHATWG urlencoded), before the percent-decoding.
    if (!SECRET_PARAMS.has(readAs((name[1] ?? '').replace(/\+/g, ' ')))) continue;
    const start = name.index + name[0].length;
    VALUE_END.lastIndex = start;
    const end = VALUE_END.exec(text)?.index ?? text.length;
    if (end === start) continue;
    out += text.slice(copied, start) + REDACTED;
    copied = end;
    PARAM_NAME.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A stretch of path: up to the query, the fragment or a space. */
const PATH_RUN = /[^\s?#]+/g;
/** Between segments: '/', a backslash (browsers read it as '/'), or either percent-encoded, once or more. */
const SEGMENT_END = /\/|\\|%(?:25)*(?:2f|5c)/gi;

/** Everything after a secret segment, up to the query: an encoded '/' inside the token hides no part of it. */
function redactPath(text: string): string {
  return text.replace(PATH_RUN, (run) => {
    let segmentStart = 0;
    SEGMENT_END.lastIndex = 0;
    for (let end = SEGMENT_END.exec(run); end; end = SEGMENT_END.exec(run)) {
      const after = end.index + end[0].length;
      if (after < run.length && SECRET_SEGMENTS.has(readAs(run.slice(segmentStart, end.index))))
        return run.slice(0, after) + REDACTED;
      segmentStart = after;
    }
    return run;
  });
}

/**
 * A URL (or any text holding one) without its secrets: the values of secret query parameters in every
 * spelling the server would accept (`%74oken=`, `tok%65n=`, `TOKEN=`, repeated, after `;`) and the
 * tokens of reset, verification and order links (also as `verify%2Demail`, and whether or not a
 * route matched). Recognised on the decoded text, redacted in the text as written.
 */
export function redactUrl(url: string): string {
  // Every string of every log line passes here: most could hold none of these secrets at all (every
  // secret name contains one of these words; a percent-encoded spelling contains '%').
  let out = url.includes('=') && MAY_NAME_SECRET_PARAM.test(url) ? redactQuery(url) : url;
  if (MAY_NAME_SECRET_SEGMENT.test(out)) out = redactPath(out);
  return out.includes('ik_') ? out.replace(API_KEY_SECRET, REDACTED) : out;
}

const MAY_NAME_SECRET_PARAM = /token|code|key|password|secret|session|%/i;
const MAY_NAME_SECRET_SEGMENT = /reset|verify|confirm|%/i;

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
  // Two-step sign-in: a user row's keys, the login's challenge, recovery codes.
  'secret',
  'twofactorsecret',
  'twofactorpendingsecret',
  'challenge',
  'recoverycode',
  'recoverycodes',
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
      // …and the message itself, with what it interpolates ('Route GET:/api/auth/verify-email/… not found').
      hooks: {
        logMethod(args, method) {
          const redacted = args.map((arg) => (typeof arg === 'string' ? redactUrl(arg) : arg));
          return method.apply(this, redacted as Parameters<LogFn>);
        },
      },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: REDACTED },
    },
    destination,
  );
}
