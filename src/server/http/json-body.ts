import { AppError } from '../errors';

/**
 * Request bodies the procedures can take: JSON objects of modest depth. An order is the deepest
 * thing anyone sends (order → items → line, depth 3); 32 leaves room for any honest client, and a
 * body of 800 KB of '[[[[…' (which overflowed the REST adapter's stack) is refused before it.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE =
  'De gegevens zijn te diep genest. Stuur een JSON-object zoals beschreven in de API-documentatie.';
export const NOT_AN_OBJECT_MESSAGE =
  'De gegevens moeten een JSON-object zijn, bijvoorbeeld {"naam": "Jan"}. Zie de API-documentatie.';

/** Whether JSON text nests deeper than `limit`, counted without parsing it (strings skipped). */
export function jsonTextTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a parsed value nests deeper than `limit`; walked without recursion, stopping early. */
export function valueTooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * What is wrong with a mutation's body, or null. `route` is the matched route: tRPC bodies arrive as
 * text (its adapter parses them itself), REST bodies parsed; a REST body must be an object, since the
 * REST adapter would otherwise spread an array into no fields at all and change nothing but say 200.
 */
export function jsonBodyProblem(route: string, body: unknown): AppError | null {
  if (body === undefined) return null;
  const tooDeep = typeof body === 'string' ? jsonTextTooDeep(body) : valueTooDeep(body);
  if (tooDeep) return new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE);
  if (route.startsWith('/api/') && (body === null || typeof body !== 'object' || Array.isArray(body)))
    return new AppError('BAD_REQUEST', NOT_AN_OBJECT_MESSAGE);
  return null;
}
