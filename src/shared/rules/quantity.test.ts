import { describe, expect, it } from 'vitest';
import { decimalToQuantity, formatQuantity, parseQuantity, quantityToDecimal } from './quantity';

describe('quantity', () => {
  it('is shown in Dutch notation, which the rule reads back unchanged', () => {
    for (const [q, text] of [
      [2.5, '2,5'],
      [0.75, '0,75'],
      [1250.5, '1.250,5'],
      [3, '3'],
      [1250, '1.250'],
      [0.001, '0,001'],
      [1_000_000, '1.000.000'],
    ] as const) {
      expect(formatQuantity(q)).toBe(text);
      expect(parseQuantity(text)).toMatchObject({ ok: true, value: q });
    }
  });

  it('crosses the numeric(10,3) column exactly', () => {
    expect(quantityToDecimal(2.5)).toBe('2.500');
    expect(quantityToDecimal(1_000_000)).toBe('1000000.000');
    expect(quantityToDecimal(0.001)).toBe('0.001');
    expect(decimalToQuantity('2.500')).toBe(2.5);
    expect(decimalToQuantity('1250.050')).toBe(1250.05);
    expect(decimalToQuantity('7')).toBe(7);
    expect(() => decimalToQuantity('2,5')).toThrow(RangeError);
    expect(() => quantityToDecimal(1.0005)).toThrow(RangeError);
  });

  it('counts in thousandths', () => {
    expect(parseQuantity('1.250,5')).toEqual({ ok: true, value: 1250.5, thousandths: 1_250_500 });
    expect(parseQuantity(1.015)).toEqual({ ok: true, value: 1.015, thousandths: 1015 });
  });
});
