import { describe, expect, it } from 'vitest';
import { maskDutchDate } from './date-field-mask';

/** The field's text after typing `text` one character at a time into an empty field. */
const typeInto = (text: string) => [...text].reduce((shown, char) => maskDutchDate(shown + char, shown), '');

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
  it('never doubles a separator the user types after the mask’s dash', () => {
    expect(maskDutchDate('05--', '05-')).toBe('05-');
    expect(maskDutchDate('05-/', '05-')).toBe('05-');
    expect(maskDutchDate('5-10--', '5-10-')).toBe('5-10-');
    expect(maskDutchDate('-', '')).toBe('');
  });
  it.each([
    ['05-10-2026', '05-10-2026'],
    ['5-10-2026', '5-10-2026'],
    ['05/10/2026', '05-10-2026'],
    ['5/10/2026', '5/10/2026'],
    ['05.10.2026', '05-10-2026'],
    ['05102026', '05-10-2026'],
    ['5 okt 2026', '5 okt 2026'],
    ['05 okt 2026', '05-okt 2026'],
  ])('typing %j shows %j', (typed, shown) => {
    expect(typeInto(typed)).toBe(shown);
    expect(typeInto(typed)).not.toMatch(/[-/. ]{2}/);
  });
  it('keeps what is not digits as typed', () => {
    expect(maskDutchDate('23/11/2026', '')).toBe('23/11/2026');
    expect(maskDutchDate('morgen', 'morge')).toBe('morgen');
  });
});
