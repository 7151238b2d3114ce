import { Lines } from './document-parts';
import type { DocumentView } from './document-view';

/**
 * 'Levering': the wished delivery day, the order's own delivery address and its remarks, under the
 * parties of every template, each in that template's own hand (DELIVERY_CSS). Printed only when the
 * order has one of them. The CSS travels with the block, scoped under `.od` like the document's and,
 * like it, free of user data.
 */
export function DeliveryBlock({ view }: { view: DocumentView }) {
  const delivery = view.delivery;
  if (!delivery) return null;
  return (
    <section className="od-delivery" aria-label="Levering">
      <style>{DELIVERY_CSS}</style>
      <h2>Levering</h2>
      <div className="od-delivery-items">
        {delivery.date && (
          <div className="od-delivery-item">
            <h3>Gewenste leverdag</h3>
            <p className="od-strong">{delivery.date}</p>
          </div>
        )}
        {delivery.address.length > 0 && (
          <div className="od-delivery-item">
            <h3>Afleveradres</h3>
            <Lines lines={delivery.address} />
          </div>
        )}
        {delivery.notes && (
          <div className="od-delivery-item od-delivery-notes">
            <h3>Opmerkingen</h3>
            <p>{delivery.notes}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export const DELIVERY_CSS = `
.od-delivery{margin-top:6mm;break-inside:avoid;page-break-inside:avoid}
.od-delivery .od-delivery-items{display:flex;gap:6mm}
.od-delivery .od-delivery-item{flex:0 1 auto;min-width:0;overflow-wrap:anywhere}
.od-delivery .od-delivery-notes{flex:1 1 0;white-space:pre-line}
.od-delivery h3{font-size:8pt;font-weight:400;color:var(--od-faint);margin:0 0 .8mm}
.od-delivery p{margin:0}

/* Klassiek: a ruled box with the primary colour down its side, like the letterhead's rule */
.od--classic .od-delivery{border:.3mm solid var(--od-rule);border-left:1mm solid var(--od-primary);padding:3mm 4mm}
.od--classic .od-delivery-items{gap:10mm}

/* Modern: one card per item, as the details under the band */
.od--modern .od-delivery-items{gap:3mm}
.od--modern .od-delivery-item{padding:2.5mm 3.5mm;border-radius:2mm;background:var(--od-secondary);color:var(--od-on-secondary)}
.od--modern .od-delivery h3{font-size:7pt;text-transform:uppercase;letter-spacing:.08em;color:inherit;opacity:.75}

/* Minimaal: columns under a hairline, no boxes */
.od--minimal .od-delivery{margin-top:8mm;padding-top:3mm;border-top:.3mm solid var(--od-rule)}
.od--minimal .od-delivery-items{gap:8mm}
.od--minimal .od-delivery-item{flex:1 1 0}
.od--minimal .od-delivery h3{font-size:7pt;text-transform:uppercase;letter-spacing:.08em}
`
  .replace(/\/\*[^*]*\*\//g, '')
  .replace(/\n\s*/g, '')
  .trim();
