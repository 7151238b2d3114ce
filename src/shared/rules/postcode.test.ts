import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactPostcode,
  formatPostcode,
  isValidPostcode,
  maskPostcode,
  normalisePostcode,
  POSTCODE_MESSAGE,
  postcodeSchema,
  requiredPostcodeSchema,
} from './postcode';
import { anyInput, digits, letters, messagesOf, randomCase, sprinkle } from './test-support';

describe('normalisePostcode', () => {
  it.each([
    ['1234AB', '1234 AB'],
    ['1234ab', '1234 AB'],
    ['1234 ab', '1234 AB'],
    [' 1 2 3 4 a b ', '1234 AB'],
    ['1234 AB', '1234 AB'],
    ['0123AB', '0123AB'], // no shape: compact, upper-cased
    ['1234-ab', '1234-AB'],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalisePostcode(raw)).toBe(expected);
  });
});

describe('postcodeSchema', () => {
  it('is optional and stores the written form 1234 AB', () => {
    expect(postcodeSchema.parse('')).toBe('');
    expect(postcodeSchema.parse('   ')).toBe('');
    expect(postcodeSchema.parse('1234ab')).toBe('1234 AB');
    expect(postcodeSchema.parse('9999 ZZ')).toBe('9999 ZZ');
    expect(postcodeSchema.parse('1000AA')).toBe('1000 AA');
  });

  it.each([
    '0123 AB',
    '123 AB',
    '12345 AB',
    '1234 A',
    '1234 ABC',
    '1234-AB',
    'AB 1234',
    '1234 A1',
    '1'.repeat(200),
  ])('refuses %j with the message', (v) => {
    expect(messagesOf(postcodeSchema, v)).toEqual([POSTCODE_MESSAGE]);
  });

  it('required: its own message when empty, else the rule', () => {
    const schema = requiredPostcodeSchema('Postcode is verplicht');
    expect(messagesOf(schema, '')).toEqual(['Postcode is verplicht']);
    expect(messagesOf(schema, '  ')).toEqual(['Postcode is verplicht']);
    expect(messagesOf(schema, undefined)).toEqual(['Postcode is verplicht']);
    expect(messagesOf(schema, '0123AB')).toEqual([POSTCODE_MESSAGE]);
    expect(schema.parse('1234ab')).toBe('1234 AB');
  });
});

describe('maskPostcode (while typing)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['1234', '1234'],
    ['1234a', '1234A'],
    ['1234ab', '1234 AB'], // sixth character typed: space inserted after the digits
    ['1234 a', '1234 A'], // a space the user typed stays
    ['1234 ab', '1234 AB'],
    ['1234abc', '1234 AB'],
    ['abcdefghij', 'ABCDEFG'], // max 7
  ])('%j → %j', (raw, expected) => {
    expect(maskPostcode(raw)).toBe(expected);
  });

  it('never gives more than 7 characters, always upper-case', () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        const m = maskPostcode(s);
        return m.length <= 7 && m === m.toUpperCase();
      }),
    );
  });
});

describe('formatPostcode and compactPostcode', () => {
  it.each([
    ['1234AB', '1234 AB'],
    ['1234 ab', '1234 AB'],
    ['', ''],
    ['B-1000', 'B-1000'], // not a Dutch postcode: shown as stored
  ])('format %j → %j', (v, expected) => {
    expect(formatPostcode(v)).toBe(expected);
  });

  it('compacts for comparison', () => {
    expect(compactPostcode('1234 ab')).toBe('1234AB');
  });
});

describe('postcode properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normalisePostcode(normalisePostcode(s)) === normalisePostcode(s)));
  });

  const shaped = fc
    .tuple(fc.constantFrom(...'123456789'), digits(3), letters(2))
    .map(([first, rest, ls]) => `${first}${rest}${ls}`);

  it('a postcode with spaces and any case is accepted as 1234 AB', () => {
    fc.assert(
      fc.property(
        shaped.chain((p) =>
          sprinkle(randomCase(fc.constant(p)), [' ', '  ']).map((raw) => [p, raw] as const),
        ),
        ([p, raw]) => {
          const normalised = normalisePostcode(raw);
          expect(isValidPostcode(normalised)).toBe(true);
          expect(normalised).toBe(`${p.slice(0, 4)} ${p.slice(4)}`);
          expect(postcodeSchema.parse(raw)).toBe(normalised);
        },
      ),
    );
  });

  it('typing a postcode character by character ends at the stored form', () => {
    fc.assert(
      fc.property(randomCase(shaped), (typed) => {
        let field = '';
        for (const ch of typed) field = maskPostcode(field + ch);
        expect(field).toBe(normalisePostcode(typed));
      }),
    );
  });
});
