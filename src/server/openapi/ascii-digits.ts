import type { OpenAPIObject } from 'trpc-to-openapi';

/**
 * `\d` written as `[0-9]` (inside a class as `0-9`), `\D` outside a class as `[^0-9]`. The same
 * pattern to ECMAScript, where `\d` is always the ASCII digits; other readers of the document
 * (Python's `re`, .NET) take `\d` for every script's digits. An escaped backslash stays as it is.
 */
export function asciiDigits(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      if (next === 'd') out += inClass ? '0-9' : '[0-9]';
      else if (next === 'D' && !inClass) out += '[^0-9]';
      else out += c + next;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    out += c;
  }
  return out;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'pattern' && typeof value === 'string' ? asciiDigits(value) : rewrite(value),
    ]),
  );
}

/**
 * A copy of the document whose every `pattern` has ASCII digit classes. Our own schemas write
 * `[0-9]`; zod's built-in formats (z.iso.date, z.iso.datetime) publish their patterns with `\d`,
 * and zod takes no other pattern for them.
 */
export function describeAsciiDigits(doc: OpenAPIObject): OpenAPIObject {
  return rewrite(doc) as OpenAPIObject;
}
