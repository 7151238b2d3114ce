import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidPhone,
  normalisePhone,
  PHONE_MESSAGE,
  phoneErrorFor,
  phoneSchema,
} from './phone';
import { anyInput, digits, messagesOf, sprinkle } from './test-support';

describe('normalisePhone', () => {
  it.each([
    ['06-12345678', '+31612345678'],
    ['06 1234 5678', '+31612345678'],
    ['+31 6 12345678', '+31612345678'],
    ['+31 (0)6 12345678', '+31612345678'],
    ['0031 6 12345678', '+31612345678'],
    ['31612345678', '+31612345678'],
    ['612345678', '+31612345678'],
    ['020-123 45 67', '+31201234567'],
    ['(010) 1234567', '+31101234567'],
    ['tel: +31 20 1234567', '+31201234567'],
    ['+49 30 1234567', '+49301234567'],
    ['0', '+31'],
    ['+', '+'],
    ['06+12', '+31612'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    '+31612345678', // +316, 12 characters
    '+31201234567', // +31, 12
    '+3120123456', // +31, 11
    '+3161234567', // +316 with 11: still valid by the +31 10–12 rule
    '+312012345', // +31, 10
  ])('accepts %s', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });

  it.each(['', '+31', '+31201234', '+316123456789', '+3120123456789', '+49301234567', '31612345678'])(
    'refuses %j',
    (v) => {
      expect(isValidPhone(v)).toBe(false);
    },
  );
});

describe('phoneErrorFor (live message)', () => {
  it.each([
    ['', ''],
    ['0', ''], // '+31': not longer than 3 characters yet
    ['+', ''],
    ['+3', ''],
    ['06', PHONE_MESSAGE], // '+316'
    ['06-1234', PHONE_MESSAGE],
    ['06-12345678', ''],
    ['06-123456789', PHONE_MESSAGE],
    ['+32 2 123 45 67', PHONE_MESSAGE],
  ])('%j → %j', (raw, expected) => {
    expect(phoneErrorFor(raw)).toBe(expected);
  });
});

describe('phoneSchema', () => {
  it('is optional and outputs the normalised number', () => {
    expect(phoneSchema.parse('')).toBe('');
    expect(phoneSchema.parse('06-12345678')).toBe('+31612345678');
    expect(phoneSchema.parse(' 020 123 4567 ')).toBe('+31201234567');
  });

  it.each(['0612', '0', '+32 2 123 45 67', '06-123456789', '1'.repeat(101)])(
    'refuses %j with the message',
    (v) => {
      expect(messagesOf(phoneSchema, v)).toEqual([PHONE_MESSAGE]);
    },
  );

  it('refuses a non-string with the message', () => {
    expect(messagesOf(phoneSchema, 612345678)).toEqual([PHONE_MESSAGE]);
  });
});

describe('phone properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normalisePhone(normalisePhone(s)) === normalisePhone(s)));
  });

  const mobile = digits(8).chain((d) =>
    fc.constantFrom(`06${d}`, `+316${d}`, `00316${d}`, `316${d}`, `6${d}`, `+31(0)6${d}`),
  );
  const landline = fc
    .tuple(fc.constantFrom(...'123457'), digits(8))
    .chain(([area, d]) => fc.constantFrom(`0${area}${d}`, `+31${area}${d}`, `31${area}${d}`));

  it('what the normaliser makes of a Dutch number, the validator accepts', () => {
    fc.assert(
      fc.property(sprinkle(fc.oneof(mobile, landline), [' ', '-', '.', '(', ')']), (raw) => {
        const normalised = normalisePhone(raw);
        expect(normalised).toHaveLength(12);
        expect(isValidPhone(normalised)).toBe(true);
        expect(phoneSchema.parse(raw)).toBe(normalised);
        expect(phoneErrorFor(raw)).toBe('');
      }),
    );
  });
});

describe('formatPhone', () => {
  it.each([
    ['+31612345678', '+31 6 12345678'],
    ['+31201234567', '+31 20 1234567'],
    ['+31101234567', '+31 10 1234567'],
    ['+31575123456', '+31 575 123456'],
    ['+31851234567', '+31 85 1234567'],
    ['+318001234', '+31 800 1234'],
  ])('%s is shown as %s, which normalises back to the stored value', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
    expect(normalisePhone(shown)).toBe(stored);
  });

  it('shows anything else as stored', () => {
    for (const v of ['', '+4930123456', 'onbekend']) expect(formatPhone(v)).toBe(v);
  });
});
