import type { VatRate } from '../../../../shared/constants';

/** The UNCL 5305 tax categories an order of the app uses (docs/decisions/ubl.md). */
export type UblTaxCategoryCode = 'S' | 'Z' | 'K' | 'AE';

export type UblTaxCategory = { code: UblTaxCategoryCode; percent: number };

/**
 * A line's tax category, as the PDF words it: 21 % and 9 % are standard rated (S); a line
 * reverse-charged ('verlegd', or every line of an order with BTW verlegd) is AE at 0 %; a line at
 * 0 % is zero rated (Z, het nultarief), or for a business customer in another EU country — where the
 * PDF says 'Intracommunautaire levering' — the intra-community supply (K), also at 0 %.
 */
export function ublTaxCategory(rate: VatRate, btwVerlegd: boolean, intraCommunity: boolean): UblTaxCategory {
  if (btwVerlegd || rate === 'verlegd') return { code: 'AE', percent: 0 };
  if (rate === 0) return { code: intraCommunity ? 'K' : 'Z', percent: 0 };
  return { code: 'S', percent: rate };
}
