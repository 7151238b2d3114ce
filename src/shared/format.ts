/**
 * nl-NL formatting of amounts, shared by the screens, the PDF and the e-mail variables (dates: dates.ts).
 * Euro amounts come out as Intl formats them for nl-NL: '€ 1.234,56', with a no-break space (U+00A0)
 * after the euro sign so the amount never wraps away from it.
 */
import { centsToDecimal, parseEuroText } from './money';

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

/**
 * A typed amount → cents, or null when it is not one, by the one rule of parseEuroText (money.ts):
 * '12,50' → 1250, '12.50' → 1250, '€ 1.234,56' → 123456, '1.234' → 123400, '1.234.567' → 123456700.
 */
export function parseDutchAmount(text: string): number | null {
  const parsed = parseEuroText(text);
  return parsed.ok ? parsed.cents : null;
}
