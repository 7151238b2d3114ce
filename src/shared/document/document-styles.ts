/**
 * The document's CSS, the same for the printed PDF and the on-screen preview. Everything is scoped
 * under `.od`, so the preview cannot restyle the page around it. It holds no user data: colours and
 * the font arrive as custom properties on the root element (see OrderDocument).
 *
 * Page breaks (Chromium print): rows never split (`break-inside: avoid`), the table header repeats on
 * every page (`table-header-group`), and the totals share the table's last row with the last line
 * (see lines-table.tsx), so they always stand on a page with it.
 */
export const DOCUMENT_CSS = `
.od{--od-ink:#111827;--od-muted:#4B5563;--od-faint:#6B7280;--od-rule:#E5E7EB;
  box-sizing:border-box;width:100%;color:var(--od-ink);background:#fff;font-family:var(--od-font);
  font-size:9.5pt;line-height:1.45;-webkit-print-color-adjust:exact;print-color-adjust:exact;
  font-variant-numeric:tabular-nums lining-nums;text-align:left}
.od *,.od *::before,.od *::after{box-sizing:border-box}
/* Resets without weight (:where), so every rule below wins over them */
:where(.od) :where(h1,h2,p,dl,dd,table){margin:0;padding:0}
.od h1,.od h2{font-weight:700}
.od h2{font-size:7.5pt;text-transform:uppercase;letter-spacing:.08em;color:var(--od-faint);margin-bottom:1.5mm}
.od-strong{font-weight:700}
.od-muted{color:var(--od-muted)}
.od-pairs{display:grid;grid-template-columns:max-content auto;column-gap:3mm}
.od-pairs dt{color:var(--od-faint)}
.od-pairs dd{overflow-wrap:anywhere}

/* A warning across the top (an order that may not be sent yet): amber, in words, never only a colour */
.od-mark{margin:0 0 6mm;padding:3mm 4mm;border:.6mm solid #B45309;border-radius:1.5mm;background:#FEF3C7;
  color:#78350F;font-size:12pt;font-weight:700;text-align:center;letter-spacing:.02em}

/* The order lines */
.od-lines{width:100%;border-collapse:collapse;table-layout:fixed;margin-top:8mm}
.od-lines>thead{display:table-header-group}
.od-lines>tbody>tr{break-inside:avoid;page-break-inside:avoid}
.od-lines>thead th{font-weight:700;font-size:8pt;text-align:left;padding:2.2mm 2mm}
.od-items td{padding:2mm;vertical-align:top}
.od-lines>*>tr>.od-num{text-align:right;white-space:nowrap}
.od-items .od-desc{white-space:pre-line;overflow-wrap:anywhere}
.od-items td{border-bottom:.3mm solid var(--od-rule)}
.od-end>tr>td{padding:0}
.od-lines-last{margin-top:0}
.od-totals-box{display:flex;flex-direction:column;align-items:flex-end;padding-top:4mm}
.od-sums{width:78mm;border-collapse:collapse}
.od-sums th{font-weight:400;text-align:left;padding:1.1mm 2mm}
.od-sums td{text-align:right;white-space:nowrap;padding:1.1mm 2mm}
.od-sums .od-note{color:var(--od-faint);font-size:8pt;margin-left:1.5mm}
.od-sums tr.od-sum-total th,.od-sums tr.od-sum-total td{font-weight:700;font-size:11pt;padding-top:2mm;padding-bottom:2mm}
.od-reverse-charge{margin-top:2.5mm;font-weight:700;text-align:right}

/* After the totals */
.od-closing{display:flex;gap:10mm;margin-top:9mm;break-inside:avoid;page-break-inside:avoid}
.od-closing>section{flex:1 1 0}
.od-notes{white-space:pre-line;overflow-wrap:anywhere;color:var(--od-muted)}

/* Klassiek: letterhead with a rule, boxed details, a coloured table head, banded rows */
.od--classic .od-masthead{display:flex;justify-content:space-between;gap:10mm;padding-bottom:4mm;
  border-bottom:1mm solid var(--od-primary)}
.od--classic .od-masthead-name{font-size:18pt;line-height:1.15;color:var(--od-accent);max-width:95mm;overflow-wrap:anywhere}
.od--classic .od-masthead-address{text-align:right;color:var(--od-muted);font-size:8.5pt}
.od--classic .od-masthead-address .od-pairs{justify-content:end}
.od--classic .od-title{font-size:15pt;letter-spacing:.12em;text-transform:uppercase;margin:7mm 0 5mm}
.od--classic .od-parties{display:flex;justify-content:space-between;gap:10mm}
.od--classic .od-customer{flex:1 1 auto;min-width:0;overflow-wrap:anywhere}
.od--classic .od-meta-table{flex:none;width:82mm;table-layout:fixed;border-collapse:collapse;background:var(--od-secondary);color:var(--od-on-secondary)}
.od--classic .od-meta-table th{width:29mm;text-align:left;vertical-align:top;font-weight:400;padding:1.2mm 3mm;opacity:.8}
.od--classic .od-meta-table td{text-align:right;vertical-align:top;font-weight:700;padding:1.2mm 3mm;overflow-wrap:anywhere}
.od--classic .od-meta-table tr:first-child>*{padding-top:2.5mm}
.od--classic .od-meta-table tr:last-child>*{padding-bottom:2.5mm}
.od--classic .od-lines>thead th{background:var(--od-primary);color:var(--od-on-primary)}
.od--classic .od-row-even>td{background:var(--od-secondary);color:var(--od-on-secondary)}
.od--classic .od-sums tr.od-sum-total>*{background:var(--od-primary);color:var(--od-on-primary)}
.od--classic .od-registration{margin-top:1mm}

/* Modern: a coloured band, detail cards, an open table, the total in a pill */
.od--modern .od-band{display:flex;justify-content:space-between;gap:10mm;padding:7mm 8mm;border-radius:2.5mm;
  background:var(--od-primary);color:var(--od-on-primary)}
.od--modern .od-band .od-title{font-size:24pt;font-weight:400;line-height:1.1;letter-spacing:-.01em}
.od--modern .od-band-number{font-size:11pt;margin-top:1.5mm;opacity:.85}
.od--modern .od-band-company{text-align:right;font-size:8.5pt;max-width:90mm;overflow-wrap:anywhere}
.od--modern .od-band-company .od-strong{font-size:11pt}
.od--modern .od-band-company .od-pairs{justify-content:end}
.od--modern .od-band-company .od-pairs dt{color:inherit;opacity:.75}
.od--modern .od-meta-cards{display:flex;flex-wrap:wrap;gap:3mm;margin-top:5mm}
.od--modern .od-card{flex:1 1 auto;min-width:28mm;max-width:100%;padding:2.5mm 3.5mm;border-radius:2mm;background:var(--od-secondary);color:var(--od-on-secondary)}
.od--modern .od-card dt{font-size:7pt;text-transform:uppercase;letter-spacing:.08em;opacity:.75}
.od--modern .od-card dd{font-weight:700;overflow-wrap:anywhere}
.od--modern .od-parties{display:flex;gap:10mm;margin-top:6mm}
.od--modern .od-parties>section{flex:1 1 0}
.od--modern .od-lines>thead th{color:var(--od-accent);text-transform:uppercase;letter-spacing:.06em;font-size:7.5pt;
  border-bottom:.6mm solid var(--od-primary)}
.od--modern .od-sums tr.od-sum-total>*{background:var(--od-primary);color:var(--od-on-primary)}
.od--modern .od-sums tr.od-sum-total th{border-radius:2mm 0 0 2mm}
.od--modern .od-sums tr.od-sum-total td{border-radius:0 2mm 2mm 0}

/* Minimaal: type and white space only; colour just in the title and the total */
.od--minimal{font-size:9pt}
.od--minimal .od-head{display:flex;justify-content:space-between;align-items:flex-start;gap:10mm}
.od--minimal .od-head .od-title{font-size:22pt;font-weight:400;color:var(--od-accent);text-align:right;line-height:1.1}
.od--minimal .od-head-number{text-align:right;color:var(--od-muted);margin-top:1mm}
.od--minimal .od-columns{display:flex;gap:8mm;margin-top:10mm}
.od--minimal .od-columns>section{flex:1 1 0}
.od--minimal .od-lines>thead th{color:var(--od-faint);font-weight:400;text-transform:uppercase;letter-spacing:.08em;font-size:7pt;
  border-bottom:.3mm solid var(--od-ink);padding-left:0;padding-right:0}
.od--minimal .od-items td{padding-left:0;padding-right:0}
.od--minimal .od-lines>thead th+th,.od--minimal .od-items td+td{padding-left:2mm}
.od--minimal .od-sums tr.od-sum-total>*{border-top:.3mm solid var(--od-ink);color:var(--od-accent)}
.od--minimal .od-sums th,.od--minimal .od-sums td{padding-left:0;padding-right:0}
`
  .replace(/\/\*[^*]*\*\//g, '')
  .replace(/\n\s*/g, '')
  .trim();
