import { describe, expect, it } from 'vitest';
import { orderSettingsMessages as m, ORDER_PREFIX_PATTERN, orderSettingsInput } from './order-settings';

const parse = (v: unknown) => {
  const r = orderSettingsInput.safeParse(v);
  return r.success ? r.data : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('orderSettingsInput', () => {
  it('accepts the four fields, the start number as text or number', () => {
    expect(parse({ format: 'year', prefix: 'INK', includeYear: true, startingNumber: '1001' })).toEqual({
      format: 'year',
      prefix: 'INK',
      includeYear: true,
      startingNumber: 1001,
    });
    expect(parse({ startingNumber: 5 })).toEqual({ startingNumber: 5 });
    expect(parse({})).toEqual({});
  });

  it('normalises the prefix: trimmed, without a trailing separator; empty is allowed', () => {
    expect(parse({ prefix: ' PO-NL- ' })).toEqual({ prefix: 'PO-NL' });
    expect(parse({ prefix: '' })).toEqual({ prefix: '' });
    expect(parse({ prefix: 'Bestel_2' })).toEqual({ prefix: 'Bestel_2' });
  });

  it('refuses a bad prefix', () => {
    expect(parse({ prefix: 'INK/2026' })).toEqual({ prefix: m.prefixChars });
    expect(parse({ prefix: 'IN K' })).toEqual({ prefix: m.prefixChars });
    expect(parse({ prefix: 'A'.repeat(21) })).toEqual({ prefix: m.prefixMax });
  });

  it('takes Latin letters with accents, and refuses other scripts, other digits and signs', () => {
    for (const prefix of ['Café', 'Zoë-Ĳssel', 'Łódź_2', 'ÆØÅ', 'Straße', 'Șantier'])
      expect(parse({ prefix })).toEqual({ prefix });
    // Letters the PDF's fonts cannot print, digits that are not 0–9, and × ÷ between the accented letters.
    for (const prefix of ['ЗАКАЗ', 'ΠΑΡ', '注文', 'PO²', 'PO٣', 'Ⅻ', '2×3', 'a÷b', 'Cafe\u0301'])
      expect(parse({ prefix }), prefix).toEqual({ prefix: m.prefixChars });
  });

  it('accepts no character the former rule (Unicode letters and numbers) did not', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (ORDER_PREFIX_PATTERN.test(char)) expect(/^[\p{L}\p{N}_-]$/u.test(char), char).toBe(true);
    }
  });

  it('refuses a start number that is not a whole number of at least 1', () => {
    expect(parse({ startingNumber: '0' })).toEqual({ startingNumber: m.startingNumberMin });
    expect(parse({ startingNumber: 0 })).toEqual({ startingNumber: m.startingNumberMin });
    expect(parse({ startingNumber: -4 })).toEqual({ startingNumber: m.startingNumberMin });
    expect(parse({ startingNumber: 'abc' })).toEqual({ startingNumber: m.startingNumberNumeric });
    expect(parse({ startingNumber: '' })).toEqual({ startingNumber: m.startingNumberNumeric });
    expect(parse({ startingNumber: 1.5 })).toEqual({ startingNumber: m.startingNumberNumeric });
    expect(parse({ startingNumber: '1000000000' })).toEqual({ startingNumber: m.startingNumberMax });
    expect(parse({ format: 'monthly' })).toEqual({ format: m.format });
  });
});
