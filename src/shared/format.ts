/**
 * nl-NL formatting of amounts, shared by the screens, the PDF and the e-mail variables (dates: dates.ts).
 * Euro amounts come out as Intl formats them for nl-NL: '€ 1.234,56', with a no-break space (U+00A0)
 * after the euro sign so the amount never wraps away from it.
 */
import { centsToDecimal, parseAmount } from './money';

// Intl accepts exact decimal strings (Intl.NumberFormat v3); TypeScript's lib types only know numbers.
type DecimalFormat = { format(value: string): string };

const euroFormat = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const amountFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** 123456 → '€ 1.234,56'. Formats the exact decimal text, never a rounded float. */
export function formatEuro(cents: number): string {
  return (euroFormat as unknown as DecimalFormat).format(centsToDecimal(cents));
}

/** 123456 → '1.234,56' (no currency sign; for CSV cells and tables with a € column header). */
export function formatAmount(cents: number): string {
  return (amountFormat as unknown as DecimalFormat).format(centsToDecimal(cents));
}

/** A growth percentage: 12.5 → '+12,5%', -3 → '-3%', 0 → '0%'. */
export function formatGrowth(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

/** Dutch grouping: '1.234,56', '1.234.567', '1.234.567,8' (dots only in groups of three). */
const GROUPED_WITH_COMMA = /^[+-]?\d{1,3}(\.\d{3})+,\d*$/;
const GROUPED_ONLY = /^[+-]?\d{1,3}(\.\d{3}){2,}$/;

/**
 * A typed amount → cents, or null when it is not one: '12,50' → 1250, '12.50' → 1250, '€ 1.234,56' →
 * 123456, '1.234.567' → 123456700. A lone dot is a decimal point (the price field types dots), so
 * '1.234' is refused as three decimals rather than guessed to be 1234. At most two decimals.
 */
export function parseDutchAmount(text: string): number | null {
  let t = text.replace(/[€\s\u00a0]/g, '');
  if (GROUPED_WITH_COMMA.test(t) || GROUPED_ONLY.test(t)) t = t.replace(/\./g, '');
  const parsed = parseAmount(t);
  return parsed.ok ? parsed.cents : null;
}
