/**
 * Order numbers (spec §3 Order number settings, §4 Order number): the pure rules, shared by the
 * server (which assigns numbers, see server/services/orders/order-numbering.ts) and the settings panel's
 * live example and the order form's fallback preview.
 *
 * A number is the prefix, then the year when enabled, then the sequence, joined with '-':
 * INK-2026-1001; without the year INK-1001; with an empty prefix 2026-1001.
 * With the year in the number the sequence restarts at the start number each calendar year
 * (Europe/Amsterdam); without it one sequence runs for ever. The next sequence is
 * max(last used + 1, start number), so raising the start number above the last used one makes it
 * the next number, and lowering it never repeats a number.
 */
import { DEFAULT_ORDER_PREFIX, DEFAULT_STARTING_NUMBER } from './constants';
import { amsterdamYear } from './dates';

export const ORDER_NUMBER_SEPARATOR = '-';

export type OrderNumberFormat = 'year' | 'sequential';

export type OrderNumberSettings = {
  /** 'year' when the year is part of the number, 'sequential' when not; mirrors includeYear. */
  format: OrderNumberFormat;
  prefix: string;
  includeYear: boolean;
  startingNumber: number;
};

export const DEFAULT_ORDER_NUMBER_SETTINGS: OrderNumberSettings = {
  format: 'year',
  prefix: DEFAULT_ORDER_PREFIX,
  includeYear: true,
  startingNumber: DEFAULT_STARTING_NUMBER,
};

/** The separator joins the parts; a prefix typed with a trailing one ('INK-') is not doubled. */
export function normalisePrefix(prefix: string): string {
  return prefix.trim().replace(/-+$/, '');
}

/** The counter key: the calendar year when the year is in the number, else 0 (one endless sequence). */
export function counterYear(includeYear: boolean, year: number): number {
  return includeYear ? year : 0;
}

export function formatOrderNumber(
  settings: Pick<OrderNumberSettings, 'prefix' | 'includeYear'>,
  year: number,
  sequence: number,
): string {
  const parts = [
    normalisePrefix(settings.prefix),
    settings.includeYear ? String(year) : '',
    String(sequence),
  ];
  return parts.filter((p) => p !== '').join(ORDER_NUMBER_SEPARATOR);
}

/** The next sequence after `lastUsed` (null: none used yet in this counter). */
export function nextSequence(lastUsed: number | null, startingNumber: number): number {
  return lastUsed === null ? startingNumber : Math.max(lastUsed + 1, startingNumber);
}

/**
 * The order form's fallback when the next-number call fails (spec §4): prefix, year if enabled, start
 * number. The settings panel uses it as its live example.
 */
export function exampleOrderNumber(
  settings: Pick<OrderNumberSettings, 'prefix' | 'includeYear' | 'startingNumber'>,
  now: Date = new Date(),
): string {
  return formatOrderNumber(settings, amsterdamYear(now), settings.startingNumber);
}
