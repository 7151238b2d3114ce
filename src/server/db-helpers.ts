/**
 * Small rules about talking to Postgres that several services share: which ids are worth a query,
 * how user text becomes a LIKE pattern, and how a unique-index refusal is recognised.
 */

/** Postgres' uuid type refuses malformed text with an error; a malformed id is simply "not found". */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** `%`, `_` and `\` typed by a user are literal characters, not patterns: 'a_b' → '%a\_b%'. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Postgres unique_violation, as both drivers report it (postgres.js directly, drizzle as a cause). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '23505') return true;
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}
