import fc from 'fast-check';
import { composeIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import {
  formatIban,
  hasIbanFormat,
  hasValidIbanChecksum,
  IBAN_CHECKSUM_MESSAGE,
  IBAN_MESSAGE,
  ibanErrorFor,
  ibanSchema,
  normaliseIban,
} from './iban';
import { anyInput, digits, letters, messagesOf, padded, randomCase, sprinkle } from './test-support';

describe('normaliseIban', () => {
  it.each([
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
    ['nl91 abna 0417 1643 00', 'NL91ABNA0417164300'],
    [' NL91\tABNA0417164300 ', 'NL91ABNA0417164300'],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseIban(raw)).toBe(expected);
  });
});

describe('ibanSchema', () => {
  it('accepts the spec example, in any spacing or case, stored without spaces', () => {
    expect(ibanSchema.parse('NL91ABNA0417164300')).toBe('NL91ABNA0417164300');
    expect(ibanSchema.parse('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
  });

  it('accepts any SEPA IBAN, not only Dutch ones', () => {
    expect(ibanSchema.parse('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanSchema.parse('BE68539007547034')).toBe('BE68539007547034');
    expect(ibanSchema.parse('FR1420041010050500013M02606')).toBe('FR1420041010050500013M02606');
    expect(messagesOf(ibanSchema, 'BE68539007547035')).toEqual([IBAN_CHECKSUM_MESSAGE]);
  });

  it('is optional', () => {
    expect(ibanSchema.parse('')).toBe('');
    expect(ibanSchema.parse('  ')).toBe('');
  });

  it.each([
    'NL91ABNA041716430', // 9 digits at the end
    'NL91ABNA04171643000',
    'NL91AB1A0417164300',
    'NLXXABNA0417164300',
    'DE8937040044053201300', // a German IBAN one digit short
    'BR1800360305000010009795493C1', // Brazil is no SEPA country
    'NL91-ABNA-0417-1643-00',
    '91ABNA0417164300',
    'N'.repeat(200),
  ])('refuses %j with the format message only', (v) => {
    expect(messagesOf(ibanSchema, v)).toEqual([IBAN_MESSAGE]);
  });

  it.each([
    'NL92ABNA0417164300',
    'NL91ABNA0417164301',
    'NL91ABNA0417164030',
    'NL00ABNA0417164300',
    'NL00ABNA0000000000',
  ])('refuses %j with the checksum message only', (v) => {
    expect(messagesOf(ibanSchema, v)).toEqual([IBAN_CHECKSUM_MESSAGE]);
  });

  it('refuses a non-string with the format message', () => {
    expect(messagesOf(ibanSchema, 42)).toEqual([IBAN_MESSAGE]);
  });
});

describe('ibanErrorFor', () => {
  it.each([
    ['', ''],
    ['NL91 ABNA 0417 1643 00', ''],
    ['NL91ABNA', IBAN_MESSAGE],
    ['NL92ABNA0417164300', IBAN_CHECKSUM_MESSAGE],
  ])('%j → %j', (raw, expected) => {
    expect(ibanErrorFor(raw)).toBe(expected);
  });
});

describe('formatIban', () => {
  it.each([
    ['NL91ABNA0417164300', 'NL91 ABNA 0417 1643 00'],
    ['nl91abna0417164300', 'NL91 ABNA 0417 1643 00'],
    ['NL91 ABNA 0417 1643 00', 'NL91 ABNA 0417 1643 00'],
    ['NL91ABNA', 'NL91 ABNA'],
    ['', ''],
  ])('%j → %j', (v, expected) => {
    expect(formatIban(v)).toBe(expected);
  });
});

describe('IBAN properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normaliseIban(normaliseIban(s)) === normaliseIban(s)));
  });

  /** Random Dutch IBANs with check digits computed by ibantools. */
  const validIban = fc.tuple(letters(4), digits(10)).map(([bank, account]) => {
    const iban = composeIBAN({ countryCode: 'NL', bban: `${bank}${account}` });
    if (!iban) throw new Error(`could not compose an IBAN for ${bank}${account}`);
    return iban;
  });

  it('a valid Dutch IBAN, spaced and in any case, is accepted and stored compact', () => {
    fc.assert(
      fc.property(
        validIban.chain((iban) =>
          padded(sprinkle(randomCase(fc.constant(iban)), [' '], 6)).map((raw) => [iban, raw] as const),
        ),
        ([iban, raw]) => {
          expect(hasIbanFormat(normaliseIban(raw))).toBe(true);
          expect(ibanSchema.parse(raw)).toBe(iban);
          expect(ibanSchema.parse(formatIban(iban))).toBe(iban);
        },
      ),
    );
  });

  const digitPositions = [2, 3, ...Array.from({ length: 10 }, (_, i) => 8 + i)];

  it('changing any one digit is refused with the checksum message', () => {
    fc.assert(
      fc.property(
        validIban,
        fc.constantFrom(...digitPositions),
        fc.integer({ min: 1, max: 9 }),
        (iban, at, delta) => {
          const flipped = String((Number(iban[at]) + delta) % 10);
          const wrong = iban.slice(0, at) + flipped + iban.slice(at + 1);
          expect(hasIbanFormat(wrong)).toBe(true);
          expect(hasValidIbanChecksum(wrong)).toBe(false);
          expect(messagesOf(ibanSchema, wrong)).toEqual([IBAN_CHECKSUM_MESSAGE]);
        },
      ),
    );
  });
});
