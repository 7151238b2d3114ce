import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';

/**
 * fast-check arbitraries for the values a JSON schema (as the OpenAPI document has them) describes,
 * roughly: type (also a list), properties/required, items/minItems/maxItems, enum/const,
 * anyOf/oneOf/allOf, format (date-time, date, email, uri, uuid), minLength/maxLength,
 * minimum/maximum and their exclusive forms, pattern, and $ref into the document. "Roughly": the
 * values follow the schema's shape and limits; rules the schema only describes in words (an IBAN's
 * check digit) are left to chance.
 *
 * `around` wraps the arbitrary of every node (a property, an item, the whole body) on its way up:
 * the hostile tests mix known-bad values in there (hostile-values.ts).
 */

export type SchemaArbitraryOptions = {
  /** The document `$ref`s point into (`#/components/schemas/…`). */
  document?: unknown;
  around?: (schema: JsonSchema, valid: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;
  /** Longest string generated where the schema sets no maxLength (keeps requests small). */
  defaultMaxLength?: number;
};

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  $ref?: string;
};

function resolveRef(ref: string, document: unknown): Schema {
  if (!ref.startsWith('#/')) throw new Error(`schema-arbitrary: only local $refs, not ${ref}`);
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!node) throw new Error(`schema-arbitrary: $ref ${ref} not found in the document`);
  return node as Schema;
}

/** allOf as one schema: its parts' keywords together (a second pattern is checked by filter). */
function mergeAllOf(schema: Schema): { merged: Schema; patterns: RegExp[] } {
  const { allOf = [], ...rest } = schema;
  const merged: Schema = { ...rest };
  const patterns: RegExp[] = [];
  for (const part of allOf) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'pattern') patterns.push(new RegExp(value as string, 'u'));
      else if (merged[key] === undefined) merged[key] = value;
    }
  }
  return { merged, patterns };
}

const DATE_RANGE = { min: new Date('1950-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z') };

function formatArbitrary(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date-time':
      return fc.date({ ...DATE_RANGE, noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ ...DATE_RANGE, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] });
    case 'uuid':
      return fc.uuid();
    default:
      return undefined;
  }
}

function stringArbitrary(schema: Schema, extraPatterns: RegExp[], defaultMaxLength: number) {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, defaultMaxLength);
  const fits = (s: string) =>
    s.length >= minLength && s.length <= maxLength && extraPatterns.every((p) => p.test(s));
  const formatted = formatArbitrary(schema.format);
  if (formatted) return formatted.filter(fits);
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern, 'u'), { maxLength }).filter(fits);
  }
  if (extraPatterns.length > 0) {
    // Each required character class once, then anything: e.g. a password needing A-Z, a-z and 0-9.
    const parts = extraPatterns.map((p) => fc.stringMatching(p, { maxLength: 4 }));
    return fc
      .tuple(fc.tuple(...parts), fc.string({ maxLength: Math.max(0, maxLength - 12), unit: 'grapheme' }))
      .map(([required, rest]) => required.join('') + rest)
      .map((s) => (s.length < minLength ? s.padEnd(minLength, 'x') : s))
      .filter(fits);
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  if (integer) {
    const min = schema.minimum ?? (exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : undefined);
    const max = schema.maximum ?? (exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : undefined);
    return fc.integer({
      min: Math.max(min ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({
    min: schema.minimum ?? exclusiveMin ?? -1e15,
    max: schema.maximum ?? exclusiveMax ?? 1e15,
    minExcluded: exclusiveMin !== undefined && schema.minimum === undefined,
    maxExcluded: exclusiveMax !== undefined && schema.maximum === undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

export function schemaArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const around = options.around ?? ((_s, valid) => valid);
  const defaultMaxLength = options.defaultMaxLength ?? 50;

  const build = (node: Schema): fc.Arbitrary<unknown> => {
    if (node.$ref) return build(resolveRef(node.$ref, options.document));
    const { merged, patterns } = mergeAllOf(node);
    return around(merged, valid(merged, patterns));
  };

  const valid = (schema: Schema, patterns: RegExp[]): fc.Arbitrary<unknown> => {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) {
      const { anyOf: _a, oneOf: _o, ...shared } = schema;
      return fc.oneof(...alternatives.map((alt) => build({ ...shared, ...alt })));
    }
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => build({ ...schema, type })));
    switch (types[0]) {
      case 'string':
        return stringArbitrary(schema, patterns, defaultMaxLength);
      case 'integer':
        return numberArbitrary(schema, true);
      case 'number':
        return numberArbitrary(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = schema.minItems ?? 0;
        // Long lists are for the known-bad values; a valid one stays small.
        const maxLength = Math.min(schema.maxItems ?? minLength + 5, minLength + 5);
        return fc.array(schema.items ? build(schema.items) : fc.jsonValue(), { minLength, maxLength });
      }
      case 'object':
      case undefined: {
        if (!schema.properties)
          return types[0] === 'object' ? fc.dictionary(fc.string(), fc.jsonValue()) : fc.jsonValue();
        const model = Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [key, build(value)]),
        );
        return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
      }
      default:
        throw new Error(`schema-arbitrary: type ${String(types[0])} is not supported`);
    }
  };

  return build(schema as Schema);
}
