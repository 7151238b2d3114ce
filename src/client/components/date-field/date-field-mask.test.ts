import { describe, expect, it } from 'vitest';
import { maskDutchDate } from './date-field-mask';

describe('maskDutchDate (dd-mm-jjjj)', () => {
  it('adds the dashes while typing forward', () => {
    expect(maskDutchDate('2', '')).toBe('2');
    expect(maskDutchDate('23', '2')).toBe('23-');
    expect(maskDutchDate('23-1', '23-')).toBe('23-1');
    expect(maskDutchDate('23-11', '23-1')).toBe('23-11-');
    expect(maskDutchDate('23-11-2026', '23-11-202')).toBe('23-11-2026');
  });
  it('formats eight digits in a row and leaves deleting alone', () => {
    expect(maskDutchDate('23112026', '')).toBe('23-11-2026');
    expect(maskDutchDate('23-11', '23-11-')).toBe('23-11');
    expect(maskDutchDate('23', '23-')).toBe('23');
  });
  it('keeps what is not digits as typed', () => {
    expect(maskDutchDate('23/11/2026', '')).toBe('23/11/2026');
    expect(maskDutchDate('morgen', 'morge')).toBe('morgen');
  });
});
