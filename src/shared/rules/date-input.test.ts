import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../field-errors';
import { z } from '../zod-nl';
import { isDateInRange, isoDayInput, isoInstantInput, isoInstantOrDayInput } from './date-input';

const messages = { invalid: 'ongeldig', range: 'buiten de jaren' };
const errorOf = (schema: z.ZodType, value: unknown) => {
  const parsed = z.object({ d: schema }).safeParse({ d: value });
  return parsed.success ? null : fieldErrors(parsed.error).d;
};

describe('isDateInRange', () => {
  it.each([
    ['1950-01-01', true],
    ['1950-01-01T00:00:00Z', true],
    ['2200-12-31', true],
    ['2200-12-31T23:59:59.999Z', true],
    ['1949-12-31T23:59:59Z', false],
    // 00:30 on 1 January 1950 in Amsterdam is still 1949 in UTC, as it is stored.
    ['1950-01-01T00:30:00+01:00', false],
    ['2201-01-01', false],
    ['0000-01-01', false],
    ['0000-01-01T00:00:00Z', false],
    ['9999-12-31', false],
    ['9999-12-31T23:00:00-05:00', false],
    ['gisteren', false],
  ])('%s → %s', (iso, expected) => {
    expect(isDateInRange(iso)).toBe(expected);
  });
});

describe('the date inputs', () => {
  it('an instant needs its time zone and the years', () => {
    const schema = isoInstantInput(messages);
    expect(errorOf(schema, '2026-11-24T09:00:00+01:00')).toBeNull();
    expect(errorOf(schema, '2026-11-24T09:00:00')).toBe('ongeldig');
    expect(errorOf(schema, '2026-11-24')).toBe('ongeldig');
    expect(errorOf(schema, 12)).toBe('ongeldig');
    expect(errorOf(schema, '0000-01-01T00:00:00Z')).toBe('buiten de jaren');
    expect(errorOf(schema, '9999-12-31T23:00:00-05:00')).toBe('buiten de jaren');
  });

  it('a day must exist and fall in the years', () => {
    const schema = isoDayInput(messages);
    expect(errorOf(schema, '2028-02-29')).toBeNull();
    expect(errorOf(schema, '2026-02-29')).toBe('ongeldig');
    expect(errorOf(schema, '2026-11-24T09:00:00Z')).toBe('ongeldig');
    expect(errorOf(schema, '0100-01-01')).toBe('buiten de jaren');
    expect(errorOf(schema, '9999-12-31')).toBe('buiten de jaren');
  });

  it('either takes both forms, with the same years', () => {
    const schema = isoInstantOrDayInput(messages);
    expect(errorOf(schema, '2026-11-24')).toBeNull();
    expect(errorOf(schema, '2026-11-24T09:00:00Z')).toBeNull();
    expect(errorOf(schema, '24-11-2026')).toBe('ongeldig');
    expect(errorOf(schema, '9999-12-31')).toBe('buiten de jaren');
    expect(errorOf(schema, '0000-01-01T00:00:00Z')).toBe('buiten de jaren');
  });
});
