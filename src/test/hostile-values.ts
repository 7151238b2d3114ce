import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';
import { schemaArbitrary } from './schema-arbitrary';

/**
 * Known-bad values for the hostile tests: what a careless or malicious client sends
 * instead of what the document asks for. Mixed into values generated from the document's schemas
 * (schema-arbitrary.ts) at every level, so a bad value turns up in one field of an otherwise valid
 * body as well as in place of the whole body.
 */

/** About 1 MB: just under the body limit as one field, far over it as two. */
export const HUGE_LENGTH = 1_000_000;

export const SQL_FRAGMENTS = [
  "'; drop table orders; --",
  "' or '1'='1",
  '"; select pg_sleep(5); --',
  '1); delete from customers where (1=1',
  '%',
  '_',
  '\\',
  "\\'",
  '$1',
  "E'\\x00'",
];

export const MARKUP_FRAGMENTS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src=//voorbeeld.nl>',
  '<!--',
  ']]>',
  '{{constructor.constructor("return process")()}}',
  '{{order.total}}{{#each}}',
  // A template-literal placeholder as text: nothing may evaluate it.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the point is the literal text
  '${process.exit(1)}',
];

export const UNICODE_FRAGMENTS = [
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\u202Egnirts\u202C', // right-to-left override
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0301\u0301', // combining marks
  'Z\u0335\u0321\u0322\u031Ba\u0336l\u0337g\u0335o\u0338',
  '\u200B\u200C\u200D\uFEFF', // zero-width characters and a BOM
  '\u00A0',
  '\u2028\u2029',
  'Ⅻ',
  'ß',
  'İ',
  '\uFFFF',
  '\u{10FFFF}',
];

/** Strings JavaScript can hold but UTF-8 (and Postgres) cannot: unpaired surrogate halves. */
export const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uD83Db', '\uDE00x'];

export const CONTROL_FRAGMENTS = ['\u0000', 'a\u0000b', '\u0001\u001F\u007F', '\r\n', '\t', '\b'];

export const TRICKY_STRINGS = [
  '',
  ' ',
  '   \t\n',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e999',
  '0x10',
  '١٢٣', // Arabic-Indic digits
  '１２３', // full-width digits
  '9'.repeat(400),
  '../../../etc/passwd',
  '..%2F..%2F',
  `ik_${'A'.repeat(32)}`,
  'NL91ABNA0417164300'.repeat(20),
];

export const ALL_BAD_STRINGS = [
  ...SQL_FRAGMENTS,
  ...MARKUP_FRAGMENTS,
  ...UNICODE_FRAGMENTS,
  ...LONE_SURROGATES,
  ...CONTROL_FRAGMENTS,
  ...TRICKY_STRINGS,
];

/** A bad string, alone or inside ordinary text. */
export const badString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ALL_BAD_STRINGS),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...ALL_BAD_STRINGS), fc.string({ maxLength: 8 }))
    .map((parts) => parts.join('')),
  fc.string({ maxLength: 30, unit: 'binary' }),
);

/** About 1 MB of one character (multi-byte ones make it larger in UTF-8). */
export const hugeString: fc.Arbitrary<string> = fc
  .constantFrom('a', 'é', '😀', '\u0000', '<', "'")
  .map((c) => c.repeat(Math.floor(HUGE_LENGTH / c.length)));

/** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(31, 32, 33, 100, 1000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nested(depth, kind));

/** A value of another JSON type than asked for, or no JSON type at all. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, [], {}, [null], { '': '' }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.string(), { maxLength: 3 }),
);

/** Numbers at and past a schema's limits, the float oddities, and numbers written as text. */
export function numbersAtLimits(schema: JsonSchema): unknown[] {
  const out: unknown[] = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.005,
    1.005,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
  ];
  out.push(
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    // 123456789012345678901234567890 as JSON reads it (precision lost on purpose).
    1.2345678901234568e29,
  );
  for (const key of [
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
  ]) {
    const limit = schema[key];
    if (typeof limit === 'number') out.push(limit, limit - 1, limit + 1, limit - 0.01, limit + 0.5);
  }
  for (const value of (schema.enum as unknown[] | undefined) ?? []) {
    if (typeof value === 'number') out.push(value + 1, value - 1, value + 0.5, String(value));
  }
  out.push(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '12345678901234567890123',
    '1,5',
    '1.5',
    ' 1 ',
    '0x1F',
    '',
  );
  return out;
}

/** Strings just inside and just past a schema's length limits. */
function stringsAtLimits(schema: JsonSchema): fc.Arbitrary<string>[] {
  const out: fc.Arbitrary<string>[] = [];
  const char = fc.constantFrom('a', 'é', '😀', ' ', '\u0301');
  for (const key of ['minLength', 'maxLength']) {
    const limit = schema[key];
    if (typeof limit !== 'number') continue;
    for (const length of [limit - 1, limit, limit + 1]) {
      if (length >= 0 && length <= HUGE_LENGTH) out.push(char.map((c) => c.repeat(length)));
    }
  }
  return out;
}

/** Something bad in place of a value of `schema`. */
export function badValueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: badString },
    { weight: 2, arbitrary: wrongType },
    { weight: 2, arbitrary: fc.constantFrom(...numbersAtLimits(schema)) },
    ...stringsAtLimits(schema).map((arbitrary) => ({ weight: 1, arbitrary })),
    { weight: 1, arbitrary: deepValue },
    { weight: 1, arbitrary: hugeString },
  );
}

/**
 * Values of `schema` with known-bad ones mixed in at every level: mostly what the schema asks for
 * (so requests get past the first check and reach the database), sometimes not.
 */
export function hostileArbitrary(schema: JsonSchema, document?: unknown): fc.Arbitrary<unknown> {
  return schemaArbitrary(schema, {
    document,
    around: (node, valid) =>
      fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: badValueFor(node) }),
  });
}

/** JSON text no schema can describe: broken, truncated, a prototype key, numbers past double range. */
export const RAW_BODIES: (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  '}',
  'null',
  '[]',
  '"tekst"',
  '1',
  'true',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '{"items":1e400,"quantity":-1e400}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{"name":"\\ud800"}',
  '{"name":"\\u0000"}',
  "{'single':'quotes'}",
  '{"a":NaN}',
  '['.repeat(10_000),
  '{"a":'.repeat(10_000),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"a":"<invalid UTF-8>"}
  Buffer.from([0xc3, 0x28]),
];
