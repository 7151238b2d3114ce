/** A one-page purchase order like the app prints (header, addresses, eight lines, totals), for the PDF benchmark. */
export function orderDocument(number: number): string {
  const lines = Array.from({ length: 8 }, (_, i) => {
    const quantity = i + 2;
    const cents = 1250 + i * 735;
    return `<tr><td>${i + 1}</td><td>Artikel ${i + 1}: bevestigingsmateriaal, verzinkt, doos à ${quantity * 25} stuks</td><td class="r">${quantity}</td><td class="r">€ ${(cents / 100).toFixed(2).replace('.', ',')}</td><td class="r">€ ${((quantity * cents) / 100).toFixed(2).replace('.', ',')}</td></tr>`;
  }).join('\n');
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Inkooporder INK-2026-${number}</title>
<style>
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #111827; }
  header { display: flex; justify-content: space-between; border-bottom: 3px solid #1E40AF; padding-bottom: 8pt; }
  h1 { color: #1E40AF; font-size: 20pt; margin: 0; }
  .parties { display: flex; gap: 24pt; margin: 16pt 0; } .parties div { flex: 1; background: #F3F4F6; padding: 8pt; border-radius: 4pt; }
  table { width: 100%; border-collapse: collapse; } th { background: #1E40AF; color: white; text-align: left; padding: 5pt; }
  td { padding: 5pt; border-bottom: 1px solid #E5E7EB; } .r { text-align: right; }
  .totals { width: 40%; margin-left: auto; margin-top: 12pt; } .totals td:last-child { text-align: right; }
  .grand td { font-weight: bold; border-top: 2px solid #1E40AF; } footer { margin-top: 24pt; font-size: 8pt; color: #6B7280; }
</style></head><body>
<header><div><h1>Inkooporder</h1><div>INK-2026-${number} · 14 maart 2026</div></div>
<div class="r"><strong>Bouwbedrijf De Vries B.V.</strong><br>Industrieweg 12, 3542 AD Utrecht<br>KVK 12345678 · BTW NL123456789B01</div></header>
<section class="parties"><div><strong>Leverancier</strong><br>Groothandel Jansen &amp; Zn.<br>Havenstraat 4<br>1011 AB Amsterdam</div>
<div><strong>Project</strong><br>Renovatie Oudegracht 112<br>Levering: 21 maart 2026<br>Contact: M. de Vries, 030 123 4567</div></section>
<table><thead><tr><th>#</th><th>Omschrijving</th><th class="r">Aantal</th><th class="r">Prijs</th><th class="r">Bedrag</th></tr></thead><tbody>
${lines}
</tbody></table>
<table class="totals"><tr><td>Subtotaal</td><td>€ 1.964,75</td></tr><tr><td>BTW 21%</td><td>€ 412,60</td></tr><tr class="grand"><td>Totaal</td><td>€ 2.377,35</td></tr></table>
<footer>Betaling binnen 30 dagen op NL91 ABNA 0417 1643 00 t.n.v. Bouwbedrijf De Vries B.V., onder vermelding van INK-2026-${number}.</footer>
</body></html>`;
}
