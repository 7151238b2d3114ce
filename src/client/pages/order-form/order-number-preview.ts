/**
 * The order-number field of a new order (spec §4 Order number): a preview, the real number is given by
 * the server on save. From the next-number call; when that fails, built from the settings (prefix,
 * year if enabled, start number); when those fail too, 'Wordt automatisch gegenereerd'.
 */
import { ORDER_NUMBER_FALLBACK_TEXT } from '../../../shared/constants';
import { exampleOrderNumber } from '../../../shared/order-number';
import type { OrderSettings } from '../../../shared/schemas/order-settings';

export const NUMBER_ERROR = 'Kan ordernummer niet genereren';
export const SETTINGS_ERROR = 'Kan instellingen niet laden.';

type QueryState<T> = { status: 'pending' | 'error' | 'success'; data?: T | undefined };

export type NumberPreview = {
  /** The field's value ('' while loading). */
  value: string;
  loading: boolean;
  /** What went wrong, to show under the field. */
  problems: string[];
  /** Whether `settings` is needed (the next-number call failed): only then is it fetched. */
  needsSettings: boolean;
};

export function orderNumberPreview(
  next: QueryState<{ nextNumber: string }>,
  settings: QueryState<OrderSettings>,
  now: Date = new Date(),
): NumberPreview {
  if (next.status === 'success' && next.data?.nextNumber) {
    return { value: next.data.nextNumber, loading: false, problems: [], needsSettings: false };
  }
  if (next.status === 'pending') return { value: '', loading: true, problems: [], needsSettings: false };
  if (settings.status === 'success' && settings.data) {
    return {
      value: exampleOrderNumber(settings.data, now),
      loading: false,
      problems: [NUMBER_ERROR],
      needsSettings: true,
    };
  }
  if (settings.status === 'pending') return { value: '', loading: true, problems: [], needsSettings: true };
  return {
    value: ORDER_NUMBER_FALLBACK_TEXT,
    loading: false,
    problems: [NUMBER_ERROR, SETTINGS_ERROR],
    needsSettings: true,
  };
}
