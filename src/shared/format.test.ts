import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatEuro, formatGrowth, parseDutchAmount } from './format';
import { MAX_AMOUNT_CENTS } from './money';

const NBSP = '\u00a0';

describe('formatEuro', () => {
  it('formats nl-NL euros', () => {
    expect(formatEuro(123456)).toBe(`€${NBSP}1.234,56`);
    expect(formatEuro(5)).toBe(`€${NBSP}0,05`);
    expect(formatEuro(0)).toBe(`€${NBSP}0,00`);
    expect(formatEuro(-500)).toBe(`€${NBSP}-5,00`);
    expect(formatEuro(MAX_AMOUNT_CENTS)).toBe(`€${NBSP}9.999.999.999,99`);
  });

  it('round-trips through parseDutchAmount for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseDutchAmount(formatEuro(cents))).toBe(cents);
        expect(parseDutchAmount(formatAmount(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatAmount and formatGrowth', () => {
  it('formats without a currency sign', () => {
    expect(formatAmount(123456)).toBe('1.234,56');
    expect(formatAmount(100)).toBe('1,00');
  });
  it('formats a signed percentage', () => {
    expect(formatGrowth(12.5)).toBe('+12,5%');
    expect(formatGrowth(-3)).toBe('-3%');
    expect(formatGrowth(0)).toBe('0%');
    expect(formatGrowth(100)).toBe('+100%');
  });
});

describe('parseDutchAmount', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['€ 1.234,56', 123456],
    ['1.234,5', 123450],
    ['1.234.567', 123456700],
    ['1.234', 123400],
    ['12.345', 1234500],
    ['0,01', 1],
    [' 7 ', 700],
  ])('%j → %i', (text, cents) => {
    expect(parseDutchAmount(text)).toBe(cents);
  });
  it.each(['', 'abc', '1,2,3', '12,345', '1,234.56', '1.23.4', '0.500'])('%j → null', (text) => {
    expect(parseDutchAmount(text)).toBeNull();
  });
});
