import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidKvk, KVK_MESSAGE, kvkSchema, maskKvk, normaliseKvk, requiredKvkSchema } from './kvk';
import { anyInput, digits, messagesOf, sprinkle } from './test-support';

describe('normaliseKvk', () => {
  it.each([
    ['12345678', '12345678'],
    ['1234 5678', '12345678'],
    ['12-34-56-78', '12345678'],
    [' 1234\t5678 ', '12345678'],
    ['1234.5678', '1234.5678'], // only spaces and hyphens go
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseKvk(raw)).toBe(expected);
  });
});

describe('kvkSchema', () => {
  it('is optional and outputs the 8 digits', () => {
    expect(kvkSchema.parse('')).toBe('');
    expect(kvkSchema.parse(' ')).toBe('');
    expect(kvkSchema.parse('1234 56-78')).toBe('12345678');
    expect(kvkSchema.parse('01234567')).toBe('01234567');
  });

  it.each([
    '1234567',
    '123456789',
    '1234567a',
    'KVK12345678',
    '1234.5678',
    '１２３４５６７８',
    '1'.repeat(200),
  ])('refuses %j with the message', (v) => {
    expect(messagesOf(kvkSchema, v)).toEqual([KVK_MESSAGE]);
  });

  it('refuses a number (not a string) with the message', () => {
    expect(messagesOf(kvkSchema, 12345678)).toEqual([KVK_MESSAGE]);
  });

  it('can be made required', () => {
    const schema = requiredKvkSchema('KVK-nummer is verplicht');
    expect(messagesOf(schema, ' - ')).toEqual(['KVK-nummer is verplicht']);
    expect(messagesOf(schema, '123')).toEqual([KVK_MESSAGE]);
    expect(schema.parse('12345678')).toBe('12345678');
  });
});

describe('maskKvk', () => {
  it.each([
    ['', ''],
    ['1234', '1234'],
    ['12a34-5 6', '123456'],
    ['123456789', '12345678'],
    ['KVK 1234 5678 90', '12345678'],
  ])('%j → %j', (raw, expected) => {
    expect(maskKvk(raw)).toBe(expected);
  });

  it('always gives at most 8 digits', () => {
    fc.assert(fc.property(anyInput, (s) => /^[0-9]{0,8}$/.test(maskKvk(s))));
  });
});

describe('KVK properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normaliseKvk(normaliseKvk(s)) === normaliseKvk(s)));
  });

  it('8 digits with spaces and hyphens anywhere are accepted as the digits', () => {
    fc.assert(
      fc.property(
        digits(8).chain((d) => sprinkle(fc.constant(d), [' ', '-']).map((raw) => [d, raw] as const)),
        ([d, raw]) => {
          expect(isValidKvk(normaliseKvk(raw))).toBe(true);
          expect(kvkSchema.parse(raw)).toBe(d);
        },
      ),
    );
  });
});
