/**
 * The VAT notice on an order document for a business customer in another EU country: what the
 * Belastingdienst asks to be written, and both parties' VAT numbers. Which notice applies is decided
 * in vat-notice-view.ts.
 */
import { Pairs } from './document-parts';
import type { OrderDocumentData } from './types';
import { EXPLANATIONS, vatNoticeOf } from './vat-notice-view';

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
