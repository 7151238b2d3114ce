/**
 * Aantal (spec §5): a whole number of at least 1. What is not one is refused, never rewritten:
 * '2,5' is not 25, '1.000' not 1000, '-3' not 3.
 */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1_000_000;

export type QuantityParse = { ok: true; value: number } | { ok: false; error: 'invalid' | 'max' };

/** A quantity as a number or as text of digits only (spaces around allowed). Empty is the caller's. */
export function parseQuantity(value: string | number): QuantityParse {
  let n: number;
  if (typeof value === 'number') n = value;
  else {
    const text = value.trim();
    n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }
  if (!Number.isInteger(n) || n < QUANTITY_MIN) return { ok: false, error: 'invalid' };
  if (n > QUANTITY_MAX) return { ok: false, error: 'max' };
  return { ok: true, value: n };
}
