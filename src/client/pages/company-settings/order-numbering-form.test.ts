import { describe, expect, it } from 'vitest';
import { afterBlur, afterChange, initialFormState } from '../../lib/form-state';
import {
  checkNumbering,
  type NumberingField,
  type NumberingValues,
  numberingExample,
  numberingFormRules,
  numberingValuesOf,
  sanitizeStartingNumber,
} from './order-numbering-form';

const now = new Date('2026-06-15T12:00:00Z');

describe('Ordernummering', () => {
  it('shows the live example: prefix, year when enabled, start number', () => {
    expect(numberingExample({ prefix: 'INK', startingNumber: '1001', includeYear: true }, 1001, now)).toBe(
      'INK-2026-1001',
    );
    expect(numberingExample({ prefix: 'INK', startingNumber: '5000', includeYear: false }, 1001, now)).toBe(
      'INK-5000',
    );
    expect(numberingExample({ prefix: 'PO-', startingNumber: '7', includeYear: true }, 1001, now)).toBe(
      'PO-2026-7',
    );
    expect(numberingExample({ prefix: '', startingNumber: '7', includeYear: true }, 1001, now)).toBe(
      '2026-7',
    );
  });

  it('uses the saved start number in the example while the typed one is not valid', () => {
    expect(numberingExample({ prefix: 'INK', startingNumber: '', includeYear: true }, 1200, now)).toBe(
      'INK-2026-1200',
    );
    expect(numberingExample({ prefix: 'INK', startingNumber: '0', includeYear: true }, 1200, now)).toBe(
      'INK-2026-1200',
    );
  });

  it('keeps the start number numeric', () => {
    expect(sanitizeStartingNumber('50a0-')).toBe('500');
    expect(sanitizeStartingNumber('12345678901')).toBe('123456789');
  });

  it('checks with the shared schema: start number at least 1, prefix characters', () => {
    const values = numberingValuesOf({
      format: 'year',
      prefix: 'INK',
      includeYear: true,
      startingNumber: 1001,
    });
    expect(checkNumbering(values)).toEqual({
      ok: true,
      data: { format: 'year', prefix: 'INK', includeYear: true, startingNumber: '1001' },
    });
    expect(checkNumbering({ ...values, startingNumber: '0' })).toEqual({
      ok: false,
      errors: { startingNumber: 'Startnummer moet minimaal 1 zijn' },
    });
    expect(checkNumbering({ ...values, startingNumber: '' })).toEqual({
      ok: false,
      errors: { startingNumber: 'Startnummer moet een getal zijn' },
    });
    const badPrefix = checkNumbering({ ...values, prefix: 'IN K' });
    expect(badPrefix.ok).toBe(false);
    expect(checkNumbering({ ...values, includeYear: false }).ok).toBe(true);
  });

  it('checks a field when it is left; typing takes its message away', () => {
    const values: NumberingValues = { prefix: 'INK', startingNumber: '0', includeYear: true };
    const start = initialFormState<NumberingValues, NumberingField>(values);
    const left = afterBlur(start, numberingFormRules, 'startingNumber');
    expect(left.errors).toEqual({ startingNumber: 'Startnummer moet minimaal 1 zijn' });
    expect(afterBlur(start, numberingFormRules, 'prefix').errors).toEqual({});
    const typed = afterChange(left, numberingFormRules, { ...values, startingNumber: '00' }, [
      'startingNumber',
    ]);
    expect(typed.errors).toEqual({});
  });
});
