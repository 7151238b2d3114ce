import { describe, expect, it } from 'vitest';
import { ORDER_PREFIX_PATTERN } from '../../shared/schemas/order-settings';
import { buildOpenApiDocument } from '../http/openapi-document';

/**
 * Every `pattern` in the OpenAPI document is read by tools no one here wrote: JSON Schema validators
 * in ECMAScript without the `u` flag, and clients generated for Java, Python (`re`), Go (RE2) and
 * .NET. A pattern must mean the same to each of them, so it keeps to what they share:
 * - no Unicode property escapes (\p{…}, \P{…}): without `u` ECMAScript reads \p{L} as the text
 *   "p{L}", and Python's `re` refuses it;
 * - no look-around and no backreferences: RE2 has none;
 * - no named groups: (?<name>…) and (?P<name>…) are each unknown to some of them;
 * - no \u escapes: RE2 has none (a character outside ASCII stands in the pattern as itself);
 * - no \d, \w or \s (nor \D, \W, \S): Python's `re`, .NET and Java with UNICODE_CHARACTER_CLASS read
 *   them as every script's digits, letters or spaces, ECMAScript as ASCII ones; [0-9] means one thing.
 */
const NOT_PORTABLE: [RegExp, string][] = [
  [/\\[pP]\{/, 'a Unicode property escape'],
  [/\(\?<[=!]/, 'a lookbehind'],
  [/\(\?[=!]/, 'a lookahead'],
  [/\(\?P?<[A-Za-z]/, 'a named group'],
  [/\\k</, 'a named backreference'],
  [/\\[1-9]/, 'a backreference'],
  [/\\u/, 'a \\u escape'],
  [/(?<!\\)(?:\\\\)*\\[dDwWsS]/, 'a shorthand class (\\d, \\w, \\s) that Unicode-aware readers read wider'],
];

type Found = { pointer: string; pattern: string };

/** Every `pattern` keyword of the document (a property that is merely named "pattern" is an object). */
function patternsOf(node: unknown, pointer = ''): Found[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => patternsOf(item, `${pointer}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'pattern' && typeof value === 'string' ? [{ pointer, pattern: value }] : []),
    ...(key === 'patternProperties' && value && typeof value === 'object'
      ? Object.keys(value).map((pattern) => ({ pointer: `${pointer}/patternProperties`, pattern }))
      : []),
    ...patternsOf(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`),
  ]);
}

/** What is wrong with one pattern for a reader other than ECMAScript with `u`; [] when nothing is. */
function portabilityProblems(pattern: string): string[] {
  const problems = NOT_PORTABLE.filter(([construct]) => construct.test(pattern)).map(([, what]) => what);
  try {
    new RegExp(pattern);
  } catch (err) {
    problems.push(`does not compile without the u flag (${(err as Error).message})`);
  }
  return problems;
}

const doc = buildOpenApiDocument('https://app.inkooporders.nl');

describe('the patterns of the OpenAPI document', () => {
  const found = patternsOf(doc);

  it('are found (the document has patterns to check)', () => {
    expect(found.length).toBeGreaterThan(10);
  });

  it('are each portable: ECMAScript without the u flag, Java, Python re, Go RE2 and .NET read them alike', () => {
    const problems = found.flatMap(({ pointer, pattern }) =>
      portabilityProblems(pattern).map((problem) => `${pointer}: ${pattern}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('tell each construct apart that is not portable', () => {
    expect(portabilityProblems('^[\\p{L}\\p{N}_-]*$')).toEqual(['a Unicode property escape']);
    expect(portabilityProblems('^(?<=a)b$')).toEqual(['a lookbehind']);
    expect(portabilityProblems('^(?!x)y$')).toEqual(['a lookahead']);
    expect(portabilityProblems('^(?<year>[0-9]{4})$')).toEqual(['a named group']);
    expect(portabilityProblems('^(a)\\1$')).toEqual(['a backreference']);
    expect(portabilityProblems('^[\\u00C0-\\u024F]$')).toEqual(['a \\u escape']);
    const shorthand = 'a shorthand class (\\d, \\w, \\s) that Unicode-aware readers read wider';
    expect(portabilityProblems('^\\d{1,9}$')).toEqual([shorthand]);
    expect(portabilityProblems('^[\\d.]+$')).toEqual([shorthand]);
    expect(portabilityProblems('^\\w+\\s\\S$')).toEqual([shorthand]);
    expect(portabilityProblems('^\\\\d$')).toEqual([]); // a backslash, then the letter d
    expect(portabilityProblems('^[0-9]{1,9}$')).toEqual([]);
    expect(portabilityProblems('^[0-9A-Za-zÀ-ɏ_-]*$')).toEqual([]);
  });

  it('give the order number prefix the very rule the server checks', () => {
    const settings = '/paths/~1auth~1order-settings/put/requestBody/content/application~1json/schema';
    const prefix = found.filter(({ pointer }) => pointer === `${settings}/properties/prefix`);
    expect(prefix.map((p) => p.pattern)).toEqual([ORDER_PREFIX_PATTERN.source]);
    expect(ORDER_PREFIX_PATTERN.flags).toBe('');
  });
});
