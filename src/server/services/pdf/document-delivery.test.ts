import { describe, expect, it } from 'vitest';
import { PDF_TEMPLATES } from '../../../shared/schemas/pdf-settings';
import { documentFixture } from '../../../test/document-fixtures';
import { renderDocumentHtml } from './document-html';

/** The text of the document's elements only (the CSS names every class of every template). */
const body = (html: string) => html.slice(html.indexOf('<body>'));
const text = (html: string) =>
  body(html)
    .replace(/<style>[^<]*<\/style>/g, '')
    .replace(/<br\/>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t]+/g, ' ');

const delivery = {
  deliveryDate: '2026-10-05',
  deliveryAddress: {
    name: 'Bouwplaats <Havenkwartier>',
    address: 'Havenweg 4',
    postalCode: '2000',
    city: 'Antwerpen',
    country: 'België',
  },
  notes: 'Graag vooraf bellen.\nLevering via de achteringang.',
};

describe('the delivery block of an order document', () => {
  it.each(PDF_TEMPLATES)(
    '%s: prints the wished day, the own address and the remarks under the parties',
    (template) => {
      const html = renderDocumentHtml(documentFixture({ order: delivery, settings: { template } }));
      const t = text(html);
      expect(t).toContain('Levering');
      expect(t).toMatch(/Gewenste leverdag\s+05-10-2026/);
      expect(t).toMatch(
        /Afleveradres\s+Bouwplaats &lt;Havenkwartier&gt;\s+Havenweg 4\s+2000 Antwerpen\s+België/,
      );
      expect(t).toMatch(/Opmerkingen\s+Graag vooraf bellen.\nLevering via de achteringang./);
      // Between the parties and the lines, with this template's own look.
      const b = body(html);
      expect(b.indexOf('od-delivery')).toBeGreaterThan(b.indexOf('Jansen Bouw B.V.'));
      expect(b.indexOf('od-delivery')).toBeLessThan(b.indexOf('class="od-lines"'));
      expect(html).toContain(`.od--${template} .od-delivery`);
    },
  );

  it('prints no block for an order without them, and no address when it goes to the customer’s', () => {
    expect(body(renderDocumentHtml(documentFixture()))).not.toContain('od-delivery');
    const dateOnly = text(renderDocumentHtml(documentFixture({ order: { deliveryDate: '2026-10-05' } })));
    expect(dateOnly).toMatch(/Gewenste leverdag\s+05-10-2026/);
    expect(dateOnly).not.toContain('Afleveradres');
    expect(dateOnly).not.toContain('Opmerkingen');
  });
});
