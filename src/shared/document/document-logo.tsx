import type { DocumentView } from './document-view';

/**
 * The company's logo where each template has room for it: above the company name in Klassiek's
 * letterhead and in Minimaal's head, on a white tile under the title in Modern's coloured band (a logo
 * drawn for white paper stays legible on any colour). Each place sits beside a column that is taller
 * anyway (the company's address and contact lines), so a logo barely lengthens the head and a short
 * order with every block still fits on one page. Nothing at all without a logo, so a document without
 * one looks as it always did.
 *
 * `view.logo` is a data: URL in the PDF (the printer fetches nothing) and the app's own address in
 * the preview.
 */
export function DocumentLogo({ view }: { view: DocumentView }) {
  if (!view.logo) return null;
  return (
    <div className="od-logo">
      <img src={view.logo} alt={view.company.name ? `Logo ${view.company.name}` : 'Logo'} />
    </div>
  );
}

/**
 * The logo's rules, scoped under `.od` like the rest of the document's CSS (document-styles.ts). Each
 * template gives it a fixed height and a widest width, so a square mark and a long wordmark stand
 * equally firm; `contain` keeps the aspect of one wider than the slot.
 */
export const LOGO_CSS = `
.od-logo img{display:block;width:auto;object-fit:contain;object-position:left center}
.od--classic .od-logo{margin-bottom:3mm}
.od--classic .od-logo img{height:15mm;max-width:75mm}
.od--modern .od-band-title{display:flex;flex-direction:column;align-items:flex-start}
.od--modern .od-band-title:has(>.od-logo) .od-band-number{margin-bottom:5mm}
.od--modern .od-band-title .od-logo{margin-top:auto;padding:2mm 3mm;border-radius:1.5mm;background:#fff}
.od--modern .od-logo img{height:12mm;max-width:55mm}
.od--minimal .od-logo{margin-bottom:4mm}
.od--minimal .od-logo img{height:15mm;max-width:60mm}
`
  .replace(/\n\s*/g, '')
  .trim();
