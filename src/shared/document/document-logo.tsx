import type { DocumentView } from './document-view';

/**
 * The company's logo where each template has room for it: on its own line above the letterhead in
 * Klassiek, on a white tile in Modern's coloured band (a logo drawn for white paper stays legible on
 * any colour), above the company name in Minimaal. Nothing at all without a logo, so a document
 * without one looks as it always did.
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
.od--classic .od-masthead:has(>.od-logo){flex-wrap:wrap;row-gap:5mm}
.od--classic .od-logo{flex:0 0 100%}
.od--classic .od-logo img{height:18mm;max-width:75mm}
.od--modern .od-band-company .od-logo{display:inline-block;margin-bottom:3mm;padding:2mm 3mm;border-radius:1.5mm;background:#fff}
.od--modern .od-logo img{height:12mm;max-width:55mm;object-position:center}
.od--minimal .od-logo{margin-bottom:4mm}
.od--minimal .od-logo img{height:15mm;max-width:60mm}
`
  .replace(/\n\s*/g, '')
  .trim();
