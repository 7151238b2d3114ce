/**
 * Which VAT notice an order document needs (vat-notice.tsx shows it). For a business customer in
 * another EU country the Belastingdienst asks: where VAT is 0 % on goods, the words 'Intracommunautaire
 * levering'; where VAT is reverse-charged (services, or the whole order 'verlegd'), the words 'Btw
 * verlegd'; in both cases the VAT numbers of both parties. Which applies follows from the order's VAT
 * rates: a line at 0 % is a supply of goods, a line 'verlegd' (or an order with btwVerlegd) a
 * reverse-charged service. The customer's EU country is its country, else its VAT number's prefix.
 */
import { countryCodeOf, HOME_COUNTRY_CODE, isEuCountryCode } from '../countries';
import type { DocumentCustomer, OrderDocumentData } from './types';

export const INTRA_COMMUNITY_TEXT = 'Intracommunautaire levering';
export const EU_REVERSE_CHARGE_TEXT = 'Btw verlegd';

/** What each mention means, for a reader who does not know the words. */
export const EXPLANATIONS: Record<string, string> = {
  [INTRA_COMMUNITY_TEXT]: 'Goederen tegen 0% btw geleverd aan een afnemer in een ander EU-land.',
  [EU_REVERSE_CHARGE_TEXT]: 'De btw is verlegd: de afnemer geeft de btw aan in zijn eigen land.',
};

export type VatNoticeView = { texts: string[]; numbers: { label: string; value: string }[] };

/**
 * The customer's EU country outside the Netherlands: by its country, else by its VAT number's prefix.
 * The UBL order (services/orders/ubl) asks the same, so its tax categories say what the PDF says.
 */
export function foreignEuCode(customer: Pick<DocumentCustomer, 'country' | 'btwNumber'>): string | undefined {
  const byCountry = countryCodeOf(customer.country);
  const prefix = customer.btwNumber.trim().slice(0, 2).toUpperCase();
  const code = byCountry ?? (prefix === 'EL' ? 'GR' : prefix);
  return code !== HOME_COUNTRY_CODE && isEuCountryCode(code) ? code : undefined;
}

/** The notice an order needs, or null: a domestic order, or one with VAT charged on every line. */
export function vatNoticeOf(data: OrderDocumentData): VatNoticeView | null {
  const { customer, order } = data;
  if (!customer || !foreignEuCode(customer)) return null;
  const reverseCharged = order.btwVerlegd || order.lines.some((l) => l.vat === 'verlegd');
  const zeroRated = !order.btwVerlegd && order.lines.some((l) => l.vat === 0);
  const texts = [zeroRated ? INTRA_COMMUNITY_TEXT : '', reverseCharged ? EU_REVERSE_CHARGE_TEXT : ''].filter(
    Boolean,
  );
  if (texts.length === 0) return null;
  const numbers: [string, string][] = [
    ['BTW-nummer leverancier', data.company.btwNumber],
    ['BTW-nummer afnemer', customer.btwNumber],
  ];
  return {
    texts,
    numbers: numbers
      .filter(([, v]) => v.trim() !== '')
      .map(([label, value]) => ({ label, value: value.trim() })),
  };
}
