import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badValueFor, HUGE_LENGTH, hostileArbitrary, nested } from './hostile-values';
import { apiOperations, openApiDocument } from './openapi-operations';
import { schemaArbitrary } from './schema-arbitrary';

/** The fuzz test's generators do what the schema says (and the hostile ones what they promise). */

const sample = (arb: fc.Arbitrary<unknown>, numRuns = 200) => fc.sample(arb, { numRuns, seed: 42 });

describe('schemaArbitrary', () => {
  it('an object: required keys always, optional ones sometimes, each of its type', () => {
    const values = sample(
      schemaArbitrary({
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 5 },
          count: { type: 'integer', minimum: 1, maximum: 3 },
          price: { type: 'number', exclusiveMinimum: 0, maximum: 10 },
          kind: { type: 'string', enum: ['a', 'b'] },
          fixed: { const: 7 },
          tags: { type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 2 },
        },
        required: ['name', 'count'],
      }),
    ) as Record<string, unknown>[];
    for (const v of values) {
      expect(typeof v.name === 'string' && v.name.length >= 2 && v.name.length <= 5).toBe(true);
      expect(Number.isInteger(v.count) && (v.count as number) >= 1 && (v.count as number) <= 3).toBe(true);
      if ('price' in v) expect((v.price as number) > 0 && (v.price as number) <= 10).toBe(true);
      if ('kind' in v) expect(['a', 'b']).toContain(v.kind);
      if ('fixed' in v) expect(v.fixed).toBe(7);
      if ('tags' in v) {
        expect((v.tags as unknown[]).length).toBeGreaterThanOrEqual(1);
        expect((v.tags as unknown[]).length).toBeLessThanOrEqual(2);
        for (const t of v.tags as unknown[]) expect(typeof t).toBe('boolean');
      }
    }
    // Optional keys are left out sometimes, and present sometimes.
    expect(values.some((v) => 'price' in v)).toBe(true);
    expect(values.some((v) => !('price' in v))).toBe(true);
  });

  it('patterns, formats, anyOf, allOf patterns, type lists and $ref', () => {
    const document = { components: { schemas: { Color: { type: 'string', pattern: '^#[0-9A-F]{6}$' } } } };
    const values = sample(
      schemaArbitrary(
        {
          type: 'object',
          properties: {
            color: { $ref: '#/components/schemas/Color' },
            at: { type: 'string', format: 'date-time' },
            day: { type: 'string', format: 'date' },
            email: { type: 'string', format: 'email' },
            url: { type: 'string', format: 'uri' },
            quantity: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 3 }, { type: 'null' }] },
            password: {
              type: 'string',
              minLength: 8,
              maxLength: 20,
              allOf: [{ pattern: '[A-Z]' }, { pattern: '[a-z]' }, { pattern: '[0-9]' }],
            },
            maybe: { type: ['string', 'null'], maxLength: 2 },
          },
          required: ['color', 'at', 'day', 'email', 'url', 'quantity', 'password', 'maybe'],
        },
        { document },
      ),
    ) as Record<string, unknown>[];
    for (const v of values) {
      expect(v.color).toMatch(/^#[0-9A-F]{6}$/);
      expect(Number.isNaN(Date.parse(v.at as string))).toBe(false);
      expect(v.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(v.email).toContain('@');
      expect(v.url).toMatch(/^https:\/\//);
      expect(
        v.quantity === null || typeof v.quantity === 'number' || (v.quantity as string).length <= 3,
      ).toBe(true);
      expect(v.password).toMatch(/[A-Z]/);
      expect(v.password).toMatch(/[a-z]/);
      expect(v.password).toMatch(/[0-9]/);
      expect((v.password as string).length).toBeGreaterThanOrEqual(8);
      expect(v.maybe === null || (v.maybe as string).length <= 2).toBe(true);
    }
    expect(new Set(values.map((v) => (v.quantity === null ? 'null' : typeof v.quantity)))).toEqual(
      new Set(['null', 'number', 'string']),
    );
  });

  it('calls `around` for every node, so bad values can go anywhere', () => {
    const seen: unknown[] = [];
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'integer' } } },
    };
    schemaArbitrary(schema, {
      around: (node, valid) => {
        seen.push(node.type);
        return valid;
      },
    });
    expect(seen.sort()).toEqual(['array', 'integer', 'object', 'string']);
  });

  it('builds an arbitrary for every request body and parameter of the document', () => {
    for (const op of apiOperations()) {
      for (const schema of [op.bodySchema, ...op.parameters.map((p) => p.schema)]) {
        if (schema)
          expect(sample(schemaArbitrary(schema, { document: openApiDocument() }), 5)).toHaveLength(5);
      }
    }
  });
});

describe('hostile values', () => {
  it('mixes bad values into otherwise valid bodies, at the top and inside', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', maxLength: 10 } },
      required: ['name'],
    };
    const values = sample(hostileArbitrary(schema), 500);
    const valid = values.filter(
      (v) => v !== null && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string',
    );
    expect(valid.length).toBeGreaterThan(values.length / 2);
    expect(values.some((v) => v === null || typeof v !== 'object' || Array.isArray(v))).toBe(true);
    expect(valid.some((v) => ((v as { name: string }).name as string).length > 10)).toBe(true);
  });

  it('goes past each limit of a schema by one, and to the extremes', () => {
    const values = sample(badValueFor({ type: 'integer', minimum: 1, maximum: 1000 }), 2000);
    for (const expected of [0, 1001, 1e308, -0, 'NaN']) expect(values).toContainEqual(expected);
    expect(values.some((v) => typeof v === 'string' && v.length === HUGE_LENGTH)).toBe(true);
    let depth = 0;
    for (let node = nested(1000, 'array'); Array.isArray(node); node = node[0]) depth += 1;
    expect(depth).toBe(1000);
  });
});
