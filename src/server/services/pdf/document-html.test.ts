import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../../shared/format';
import { computeOrderTotals } from '../../../shared/money';
import { PDF_TEMPLATES } from '../../../shared/schemas/pdf-settings';
import { documentFixture, longLines } from '../../../test/document-fixtures';
import { renderDocumentHtml } from './document-html';

const count = (text: string, needle: string) => text.split(needle).length - 1;
/** The names of all attributes of all tags (quoted values, where escaped user text lives, removed). */
const attributeNames = (html: string) =>
  (html.match(/<[a-zA-Z][^>]*>/g) ?? []).flatMap((tag) =>
    [...tag.replace(/"[^"]*"/g, '').matchAll(/\s([\w:-]+)=/g)].map((m) => m[1]!.toLowerCase()),
  );
/** The text of the document's elements only (the CSS names every class of every template). */
const body = (html: string) => html.slice(html.indexOf('<body>'));

describe('renderDocumentHtml', () => {
  it('is a complete Dutch HTML page with the order number as title and the company as author', () => {
    const html = renderDocumentHtml(documentFixture());
    expect(html.startsWith('<!DOCTYPE html><html lang="nl"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(html).toContain('<title>INK-2024-1001</title>');
    expect(html).toContain('<meta name="author" content="De Vries Installatietechniek B.V."/>');
    expect(html).toContain('@page{size:A4;margin:16mm 16mm 20mm 16mm}');
  });

  it('shows what a Dutch business document needs, with the totals of money.ts', () => {
    const data = documentFixture();
    const html = renderDocumentHtml(data);
    const totals = computeOrderTotals(data.order.lines, false);
    for (const text of [
      'Inkooporder',
      'INK-2024-1001',
      '27-03-2024',
      '26-04-2024',
      '30 dagen',
      'Verbouwing kantoor',
      'REF-77',
      'Havenstraat 14',
      '1011 AB Amsterdam',
      '020 555 0101',
      'inkoop@devries-installatie.nl',
      'www.devries-installatie.nl',
      '34123456',
      'NL001234567B01',
      'Jansen Bouw B.V.',
      't.a.v. Petra Jansen',
      '3542 AD Utrecht',
      'BTW-nummer: NL987654321B01',
      'Omschrijving',
      'Aantal',
      'Eenheid',
      'Prijs',
      '>BTW<',
      '€\u00a0199,99',
      formatEuro(totals.subtotalCents),
      formatEuro(totals.vatByRate[0]!.vatCents),
      formatEuro(totals.vatByRate[1]!.vatCents),
      formatEuro(totals.totalCents),
      '€\u00a0849,70',
      '>21%<',
      '>9%<',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain('Verlegd');
    expect(html).not.toContain('BTW verlegd');
  });

  it('with BTW verlegd shows Verlegd instead of any VAT amount, and the legal line', () => {
    const data = documentFixture({ order: { btwVerlegd: true } });
    const html = body(renderDocumentHtml(data));
    expect(count(html, '>Verlegd<')).toBe(4); // three lines and the totals
    expect(html).toContain('BTW verlegd · BTW-nummer afnemer: NL987654321B01');
    expect(html).toContain(formatEuro(computeOrderTotals(data.order.lines, true).totalCents));
    expect(html).toContain('€\u00a0703,47');
    for (const vat of ['>21%<', '>9%<', '€\u00a0145,10', '€\u00a01,13', '€\u00a00,00', '€\u00a0849,70']) {
      expect(html).not.toContain(vat);
    }
  });

  it('shows the IBAN and account name only with showBankAccount', () => {
    const shown = renderDocumentHtml(documentFixture());
    expect(shown).toContain('NL91 ABNA 0417 1643 00');
    expect(shown).toContain('De Vries Installatietechniek<');
    const hidden = renderDocumentHtml(documentFixture({ settings: { showBankAccount: false } }));
    expect(hidden).not.toContain('NL91 ABNA');
    expect(hidden).not.toContain('Betaalgegevens');
  });

  it('lays each template out differently', () => {
    const markers = {
      classic: ['class="od-masthead"', 'class="od-meta-table"'],
      modern: ['class="od-band"', 'class="od-meta-cards"'],
      minimal: ['class="od-head"', 'class="od-columns"'],
    };
    for (const template of PDF_TEMPLATES) {
      const html = body(renderDocumentHtml(documentFixture({ settings: { template } })));
      expect(html).toContain(`class="od od--${template}"`);
      for (const [other, own] of Object.entries(markers)) {
        for (const marker of own)
          expect(html.includes(marker), `${template}: ${marker}`).toBe(other === template);
      }
    }
  });

  it('carries the colours and the font to the document', () => {
    const html = renderDocumentHtml(
      documentFixture({
        settings: { primaryColor: '#0F766E', secondaryColor: '#ECFDF5', fontFamily: 'times' },
      }),
    );
    expect(html).toContain('--od-primary:#0F766E');
    expect(html).toContain('--od-secondary:#ECFDF5');
    expect(html).toContain(
      '--od-font:&#x27;Times New Roman&#x27;, Times, &#x27;Liberation Serif&#x27;, serif',
    );
  });

  it('breaks long orders cleanly: repeated header, whole rows, totals in one row with the last line', () => {
    const data = documentFixture({ order: { lines: longLines(120) } });
    const html = body(renderDocumentHtml(data));
    const end = html.indexOf('<tbody class="od-end">');
    const items = html.slice(html.indexOf('<tbody class="od-items">'), end);
    expect(count(items, '<tr')).toBe(119);
    expect(items).toContain(data.order.lines[9]!.description);
    expect(data.order.lines[9]!.description).toHaveLength(1000);
    // One row holds the last line and the totals: Chromium keeps a row on one page.
    const lastRow = html.slice(end, html.indexOf('</table></td></tr></tbody></table>', end));
    expect(
      lastRow.startsWith('<tbody class="od-end"><tr><td colSpan="6"><table class="od-lines od-lines-last">'),
    ).toBe(true);
    expect(count(lastRow, 'class="od-desc"')).toBe(1);
    expect(lastRow).toContain(`>${data.order.lines[119]!.description}<`);
    expect(lastRow).toContain('<div class="od-totals-box">');
    expect(lastRow).toContain(formatEuro(computeOrderTotals(data.order.lines, false).totalCents));
    const css = renderDocumentHtml(data);
    expect(css).toContain('.od-lines>thead{display:table-header-group}');
    expect(css).toContain('.od-lines>tbody>tr{break-inside:avoid;page-break-inside:avoid}');
    expect(css).toContain('.od-closing{display:flex;gap:10mm;margin-top:9mm;break-inside:avoid');
  });

  it('bands the rows alike in the table and in the last line', () => {
    const html = body(renderDocumentHtml(documentFixture({ order: { lines: longLines(4) } })));
    expect(count(html, '<tr class="od-row-even">')).toBe(2);
    expect(html).toContain('<tbody class="od-items"><tr class="od-row-even">');
  });

  it('keeps the footer notes’ line breaks as plain text', () => {
    const html = renderDocumentHtml(
      documentFixture({ settings: { footerNotes: 'Levering franco huis.\nRetouren binnen 8 dagen.' } }),
    );
    expect(html).toContain('<p class="od-notes">Levering franco huis.\nRetouren binnen 8 dagen.</p>');
    expect(html).toContain('.od-notes{white-space:pre-line');
  });

  it('renders hostile text as text: nothing the user types becomes markup, CSS or a URL', () => {
    const attack =
      '"><script>alert(1)</script><img src=x onerror=alert(2)></style><link rel=stylesheet href=//x>';
    const data = documentFixture({
      order: {
        orderNumber: `INK-1</title><script>alert(3)</script>`,
        project: attack,
        reference: '<iframe src="https://evil.example">',
        lines: [{ description: attack, quantity: 1, unit: 'stuk', priceCents: 100, vat: 21 }],
      },
      settings: { footerNotes: `</style><style>*{display:none}</style>${attack}` },
    });
    data.company.company = attack;
    data.customer!.company = attack;
    data.customer!.btwNumber = attack;
    const html = renderDocumentHtml({ ...data, order: { ...data.order, btwVerlegd: true } });
    expect(html).not.toMatch(/<(script|img|iframe|link)\b/i);
    expect(count(html, '<style')).toBe(2);
    expect(count(html, '</style>')).toBe(2);
    expect(count(html, '<title>')).toBe(1);
    expect(attributeNames(html)).toContain('content');
    expect(attributeNames(html)).not.toContain('src');
    expect(attributeNames(html)).not.toContain('href');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>INK-1&lt;/title&gt;&lt;script&gt;alert(3)&lt;/script&gt;</title>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;');
  });

  it('refuses to put a colour that is not a colour code into the page', () => {
    const html = renderDocumentHtml(
      documentFixture({
        settings: { primaryColor: 'red;background:url(https://x)', secondaryColor: '</style>' },
      }),
    );
    expect(html).toContain('--od-primary:#1E40AF');
    expect(html).toContain('--od-secondary:#F3F4F6');
    expect(html).not.toContain('url(https');
  });

  it('is deterministic: the same data gives the same bytes, other data other bytes', () => {
    const a = renderDocumentHtml(documentFixture({ settings: { fontFamily: 'roboto' } }));
    const b = renderDocumentHtml(structuredClone(documentFixture({ settings: { fontFamily: 'roboto' } })));
    expect(b).toBe(a);
    expect(
      renderDocumentHtml(documentFixture({ settings: { fontFamily: 'roboto', template: 'modern' } })),
    ).not.toBe(a);
    expect(renderDocumentHtml(documentFixture({ order: { paymentTerm: 14 } }))).not.toBe(
      renderDocumentHtml(documentFixture()),
    );
  });

  it('inlines only the chosen web font; the installed fonts need none', () => {
    const plain = renderDocumentHtml(documentFixture());
    expect(plain).not.toContain('@font-face');
    expect(plain).not.toContain('data:');
    expect(plain).toContain('Helvetica, &#x27;Liberation Sans&#x27;, Arial, sans-serif');
    expect(plain.length).toBeLessThan(20_000);

    const roboto = renderDocumentHtml(documentFixture({ settings: { fontFamily: 'roboto' } }));
    expect(count(roboto, '@font-face')).toBe(4);
    expect(count(roboto, "font-family:'Roboto'")).toBe(4);
    for (const other of ['Open Sans', 'Lato', 'Playfair Display']) expect(roboto).not.toContain(`'${other}'`);
    expect(roboto.length).toBeLessThan(150_000);
  });
});
