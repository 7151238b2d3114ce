import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BTW_MESSAGE_COMPANY,
  BTW_MESSAGE_CUSTOMER,
  btwSchemaCompany,
  btwSchemaCustomer,
  isValidBtw,
  isValidVat,
  maskBtw,
  maskVat,
  normaliseBtw,
  VAT_MESSAGE,
  vatSchema,
} from './btw';
import { anyInput, digits, letters, messagesOf, randomCase, sprinkle } from './test-support';

describe('normaliseBtw', () => {
  it.each([
    ['NL123456789B01', 'NL123456789B01'],
    ['nl123456789b01', 'NL123456789B01'],
    ['NL 1234.56.789 B01', 'NL123456789B01'],
    ['NL-123456789-B01', 'NL123456789B01'],
    ['123456789B01', 'NL123456789B01'],
    ['NL', ''],
    [' nl ', ''],
    ['', ''],
    ['BE0123456789', 'BE0123456789'],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseBtw(raw)).toBe(expected);
  });
});

describe('btwSchemaCustomer / btwSchemaCompany', () => {
  it('treat empty and bare NL as empty, and output the normalised number', () => {
    for (const schema of [btwSchemaCustomer, btwSchemaCompany]) {
      expect(schema.parse('')).toBe('');
      expect(schema.parse('NL')).toBe('');
      expect(schema.parse('nl')).toBe('');
      expect(schema.parse('nl 123456789 b01')).toBe('NL123456789B01');
    }
  });

  it.each([
    'NL12345678B01', // 8 digits
    'NL1234567890B01', // 10 digits
    'NL123456789B1',
    'NL123456789B012',
    'NL123456789X01',
    'BE0123456789',
    'N',
    'NLL123456789B01',
    `NL${'1'.repeat(200)}`,
  ])('refuse %j with each form’s wording', (v) => {
    expect(messagesOf(btwSchemaCustomer, v)).toEqual([BTW_MESSAGE_CUSTOMER]);
    expect(messagesOf(btwSchemaCompany, v)).toEqual([BTW_MESSAGE_COMPANY]);
  });

  it('have the exact spec wordings', () => {
    expect(BTW_MESSAGE_CUSTOMER).toBe('BTW nummer moet het formaat NL123456789B01 hebben');
    expect(BTW_MESSAGE_COMPANY).toBe('BTW-nummer moet het formaat NL123456789B01 hebben');
  });
});

describe('vatSchema', () => {
  it.each([
    ['', ''],
    ['NL', ''],
    ['NL123456789B01', 'NL123456789B01'],
    ['123456789B01', 'NL123456789B01'],
    ['be 0123.456.789', 'BE0123456789'],
    ['DE123456789', 'DE123456789'],
    ['ATU12345678', 'ATU12345678'],
    ['FRXX123456789', 'FRXX123456789'],
    ['IE1234567WA', 'IE1234567WA'],
  ])('accepts %j as %j', (raw, expected) => {
    expect(vatSchema.parse(raw)).toBe(expected);
  });

  it.each(['N', 'B', 'DE1', 'D1234567', '1', 'NL123456789B0123', 'NL12345678_01', 'DE/123'])(
    'refuses %j with the message',
    (v) => {
      expect(messagesOf(vatSchema, v)).toEqual([VAT_MESSAGE]);
    },
  );
});

describe('maskBtw', () => {
  it.each([
    ['', ''],
    ['N', 'N'],
    ['n', 'N'],
    ['nl', 'NL'],
    ['1', 'NL1'],
    ['nl 1234-5678', 'NL12345678'],
    ['123456789b01', 'NL123456789B01'],
    ['NL123456789B0123', 'NL123456789B01'],
    ['B', 'NLB'],
  ])('%j → %j', (raw, expected) => {
    expect(maskBtw(raw)).toBe(expected);
  });

  it('always gives at most 14 upper-case characters without spaces or hyphens', () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        const m = maskBtw(s);
        return m.length <= 14 && !/[\s-]/.test(m) && m === m.toUpperCase();
      }),
    );
  });
});

describe('maskVat', () => {
  it.each([
    ['1', 'NL1'],
    ['be', 'BE'],
    ['de 123 456 789', 'DE123456789'],
    ['NL123456789B0123', 'NL123456789B01'],
  ])('%j → %j', (raw, expected) => {
    expect(maskVat(raw)).toBe(expected);
  });
});

describe('BTW/VAT properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normaliseBtw(normaliseBtw(s)) === normaliseBtw(s)));
  });

  const btwShaped = fc
    .tuple(fc.constantFrom('NL', ''), digits(9), digits(2))
    .map(([prefix, d, check]) => `${prefix}${d}B${check}`);

  it('a BTW number with noise is accepted by both wordings, and as a VAT number', () => {
    fc.assert(
      fc.property(sprinkle(randomCase(btwShaped), [' ', '-', '.']), (raw) => {
        const normalised = normaliseBtw(raw);
        expect(isValidBtw(normalised)).toBe(true);
        expect(btwSchemaCustomer.parse(raw)).toBe(normalised);
        expect(btwSchemaCompany.parse(raw)).toBe(normalised);
        expect(vatSchema.parse(raw)).toBe(normalised);
        expect(maskBtw(raw)).toBe(normalised);
      }),
    );
  });

  const vatShaped = fc
    .tuple(letters(2), fc.integer({ min: 2, max: 12 }))
    .chain(([cc, n]) =>
      fc
        .string({ unit: fc.constantFrom(...'ABCXYZ0123456789'), minLength: n, maxLength: n })
        .map((rest) => cc + rest),
    );

  it('an EU-shaped VAT number with noise is accepted', () => {
    fc.assert(
      fc.property(sprinkle(randomCase(vatShaped), [' ', '-', '.']), (raw) => {
        const normalised = normaliseBtw(raw);
        expect(isValidVat(normalised)).toBe(true);
        expect(vatSchema.parse(raw)).toBe(normalised);
      }),
    );
  });
});
