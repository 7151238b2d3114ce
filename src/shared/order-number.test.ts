import { describe, expect, it } from 'vitest';
import { amsterdamYear } from './dates';
import {
  counterYear,
  DEFAULT_ORDER_NUMBER_SETTINGS,
  exampleOrderNumber,
  formatOrderNumber,
  nextSequence,
  normalisePrefix,
} from './order-number';

describe('formatOrderNumber', () => {
  it('joins prefix, year and sequence with "-"', () => {
    expect(formatOrderNumber({ prefix: 'INK', includeYear: true }, 2026, 1001)).toBe('INK-2026-1001');
    expect(formatOrderNumber({ prefix: 'INK', includeYear: false }, 2026, 1001)).toBe('INK-1001');
    expect(formatOrderNumber({ prefix: '', includeYear: true }, 2026, 1001)).toBe('2026-1001');
    expect(formatOrderNumber({ prefix: '', includeYear: false }, 2026, 7)).toBe('7');
  });
  it('does not double a trailing separator typed in the prefix', () => {
    expect(formatOrderNumber({ prefix: 'INK-', includeYear: true }, 2026, 1001)).toBe('INK-2026-1001');
    expect(normalisePrefix(' PO_NL-- ')).toBe('PO_NL');
  });
  it('defaults to INK, with the year, from 1001', () => {
    expect(DEFAULT_ORDER_NUMBER_SETTINGS).toEqual({
      format: 'year',
      prefix: 'INK',
      includeYear: true,
      startingNumber: 1001,
    });
    expect(exampleOrderNumber(DEFAULT_ORDER_NUMBER_SETTINGS, new Date('2026-05-01T12:00:00Z'))).toBe(
      'INK-2026-1001',
    );
  });
});

describe('nextSequence', () => {
  it('starts at the start number, then counts on', () => {
    expect(nextSequence(null, 1001)).toBe(1001);
    expect(nextSequence(1001, 1001)).toBe(1002);
    expect(nextSequence(1500, 1001)).toBe(1501);
  });
  it('jumps to a raised start number and never goes back when it is lowered', () => {
    expect(nextSequence(1005, 5000)).toBe(5000);
    expect(nextSequence(5000, 5000)).toBe(5001);
    expect(nextSequence(5001, 10)).toBe(5002);
  });
});

describe('yearly restart', () => {
  it('keys the counter by year only when the year is in the number', () => {
    expect(counterYear(true, 2026)).toBe(2026);
    expect(counterYear(true, 2027)).toBe(2027);
    expect(counterYear(false, 2026)).toBe(0);
    expect(counterYear(false, 2027)).toBe(0);
  });
  it('takes the year as it is in the Netherlands', () => {
    expect(amsterdamYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(amsterdamYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027); // midnight in Amsterdam (UTC+1)
  });
  it('a new year starts a fresh counter at the start number', () => {
    // The 2026 counter reached 1500; 2027 has no counter row yet.
    const settings = { prefix: 'INK', includeYear: true };
    expect(formatOrderNumber(settings, 2026, nextSequence(1500, 1001))).toBe('INK-2026-1501');
    expect(formatOrderNumber(settings, 2027, nextSequence(null, 1001))).toBe('INK-2027-1001');
  });
});
