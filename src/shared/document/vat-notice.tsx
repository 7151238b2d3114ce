/**
 * What the Belastingdienst asks of a document for a business customer in another EU country: where
 * VAT is 0 % on goods, the words 'Intracommunautaire levering'; where VAT is reverse-charged
 * (services, or the whole order 'verlegd'), the words 'Btw verlegd'; and in both cases the VAT
 * numbers of both parties. Which applies follows from the order's VAT rates: a line at 0 % is a
 * supply of goods, a line 'verlegd' (or an order with btwVerlegd) a reverse-charged service.
 */
import { countryCodeOf, HOME_COUNTRY_CODE, isEuCountryCode } from '../countries';
import { Pairs } from './document-parts';
import type { Labelled } from './document-view';
import type { DocumentCustomer, OrderDocumentData } from './types';

export const INTRA_COMMUNITY_TEXT = 'Intracommunautaire levering';
export const EU_REVERSE_CHARGE_TEXT = 'Btw verlegd';

/** What each mention means, for a reader who does not know the words. */
const EXPLANATIONS: Record<string, string> = {
  [INTRA_COMMUNITY_TEXT]: 'Goederen tegen 0% btw geleverd aan een afnemer in een ander EU-land.',
  [EU_REVERSE_CHARGE_TEXT]: 'De btw is verlegd: de afnemer geeft de btw aan in zijn eigen land.',
};

export type VatNoticeView = { texts: string[]; numbers: Labelled[] };

/** The customer's EU country outside the Netherlands: by its country, else by its VAT number's prefix. */
function foreignEuCode(customer: DocumentCustomer): string | undefined {
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

/* Its own small stylesheet, so the notice is one line in each template; no user data in it. */
const VAT_NOTICE_CSS =
  '.od-vat-notice{margin-top:6mm;padding:2.5mm 3.5mm;border-left:1mm solid var(--od-primary);' +
  'background:var(--od-secondary);color:var(--od-on-secondary);break-inside:avoid;page-break-inside:avoid}' +
  '.od-vat-notice-text{font-weight:700;font-size:10pt}' +
  '.od-vat-notice-explained{font-size:8pt;opacity:.8;margin-bottom:1.2mm}' +
  '.od-vat-notice .od-pairs{margin-top:1mm}.od-vat-notice .od-pairs dt{color:inherit;opacity:.75}' +
  // Minimaal keeps to type and white space: a rule in ink, no fill.
  '.od--minimal .od-vat-notice{background:none;color:inherit;border-left-color:var(--od-ink);padding:0 0 0 3mm}';

export function VatNotice({ data }: { data: OrderDocumentData }) {
  const notice = vatNoticeOf(data);
  if (!notice) return null;
  return (
    <section className="od-vat-notice" aria-label="Btw-vermelding">
      <style>{VAT_NOTICE_CSS}</style>
      {notice.texts.map((text) => (
        <div key={text}>
          <p className="od-vat-notice-text">{text}</p>
          <p className="od-vat-notice-explained">{EXPLANATIONS[text]}</p>
        </div>
      ))}
      <Pairs pairs={notice.numbers} />
    </section>
  );
}
