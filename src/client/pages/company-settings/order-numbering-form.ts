/**
 * The Ordernummering panel's pure rules (spec §3 Order number settings, §5 Order numbering): the
 * values as typed, the check with the shared schema, and the live example number.
 */
import { DEFAULT_ORDER_NUMBER_SETTINGS, exampleOrderNumber } from '../../../shared/order-number';
import {
  type OrderSettings,
  type OrderSettingsInput,
  orderSettingsInput,
  STARTING_NUMBER_MAX,
} from '../../../shared/schemas/order-settings';
import { type FormCheck, type FormRules, schemaCheck } from '../../lib/form-state';

export type NumberingValues = { prefix: string; startingNumber: string; includeYear: boolean };
export type NumberingField = 'prefix' | 'startingNumber';
const NUMBERING_FIELDS: readonly NumberingField[] = ['prefix', 'startingNumber'];

const START_MAX_DIGITS = String(STARTING_NUMBER_MAX).length;

export function numberingValuesOf(settings: OrderSettings): NumberingValues {
  return {
    prefix: settings.prefix,
    startingNumber: String(settings.startingNumber),
    includeYear: settings.includeYear,
  };
}

/** The start number is numeric text: only digits are kept while typing (at most nine). */
export function sanitizeStartingNumber(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, START_MAX_DIGITS);
}

/** The start number the example uses: the typed one when it is a whole number ≥ 1, else `fallback`. */
function exampleStart(text: string, fallback: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

/** 'INK-2026-1001': prefix, year when enabled, start number (the first number a fresh counter gives). */
export function numberingExample(
  values: NumberingValues,
  fallbackStart: number = DEFAULT_ORDER_NUMBER_SETTINGS.startingNumber,
  now: Date = new Date(),
): string {
  return exampleOrderNumber(
    {
      prefix: values.prefix,
      includeYear: values.includeYear,
      startingNumber: exampleStart(values.startingNumber, fallbackStart),
    },
    now,
  );
}

/** The payload: `format` in step with includeYear, the start number as typed (the server reads it). */
const numberingInputOf = (values: NumberingValues): OrderSettingsInput => ({
  format: values.includeYear ? 'year' : 'sequential',
  prefix: values.prefix,
  includeYear: values.includeYear,
  startingNumber: values.startingNumber,
});

const checkNumberingSchema = schemaCheck(orderSettingsInput, {
  fields: NUMBERING_FIELDS,
  input: numberingInputOf,
});

/** Checks with the server's own schema; `data` is the payload. */
export function checkNumbering(values: NumberingValues): FormCheck<NumberingField, OrderSettingsInput> {
  const result = checkNumberingSchema(values);
  return result.ok ? { ok: true, data: numberingInputOf(values) } : result;
}

/** A field is checked when it is left; typing in it takes its message away until then. */
export const numberingFormRules: FormRules<NumberingValues, NumberingField, OrderSettingsInput> = {
  fields: NUMBERING_FIELDS,
  check: checkNumbering,
  rule: { change: 'clear', blur: 'check' },
};
