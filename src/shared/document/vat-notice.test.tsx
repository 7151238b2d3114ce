import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../test/document-fixtures';
import { PDF_TEMPLATES, type PdfTemplate } from '../schemas/pdf-settings';
import { documentView } from './document-view';
import { OrderDocument } from './order-document';
import type { DocumentLine, OrderDocumentData } from './types';
import { EU_REVERSE_CHARGE_TEXT, INTRA_COMMUNITY_TEXT, vatNoticeOf } from './vat-notice-view';

const goods: DocumentLine = {
  description: 'Dakpannen',
  quantity: 400,
  unit: 'stuk',
  priceCents: 125,
  vat: 0,
};
const service: DocumentLine = {
  description: 'Montage',
  quantity: 6,
  unit: 'uur',
  priceCents: 5_500,
  vat: 'verlegd',
};

/** The fixture's order for a Belgian customer, with the given lines. */
function belgian(lines: DocumentLine[], template: PdfTemplate = 'classic'): OrderDocumentData {
  const data = documentFixture({ order: { lines }, settings: { template } });
  return {
    ...data,
    customer: {
      ...data.customer!,
      company: 'Peeters Bouw BV',
      postalCode: '2000',
      city: 'Antwerpen',
      country: 'België',
      btwNumber: 'BE0123456749',
    },
  };
}

/** The document's text, without its style sheets. */
const textOf = (data: OrderDocumentData) =>
  renderToStaticMarkup(<OrderDocument data={data} />)
    .replace(/<style>.*?<\/style>/gs, '')
    .replace(/<[^>]+>/g, ' ');

describe('the VAT notice for a customer elsewhere in the EU', () => {
  it.each(PDF_TEMPLATES)(
    '%s: goods at 0 %% say Intracommunautaire levering with both VAT numbers',
    (template) => {
      const text = textOf(belgian([goods], template));
      expect(text).toContain(INTRA_COMMUNITY_TEXT);
      expect(text).not.toContain(EU_REVERSE_CHARGE_TEXT);
      expect(text).toContain('BTW-nummer leverancier');
      expect(text).toContain('NL001234567B01');
      expect(text).toContain('BTW-nummer afnemer');
      expect(text).toContain('BE0123456749');
    },
  );

  it.each(PDF_TEMPLATES)('%s: services reverse-charged say Btw verlegd with both VAT numbers', (template) => {
    const text = textOf(belgian([service], template));
    expect(text).toContain(EU_REVERSE_CHARGE_TEXT);
    expect(text).not.toContain(INTRA_COMMUNITY_TEXT);
    expect(text).toMatch(/BTW-nummer leverancier\s+NL001234567B01/);
    expect(text).toMatch(/BTW-nummer afnemer\s+BE0123456749/);
  });

  it('says both for goods and services on one order, and replaces the domestic reverse-charge line', () => {
    const data = belgian([goods, service]);
    expect(vatNoticeOf(data)?.texts).toEqual([INTRA_COMMUNITY_TEXT, EU_REVERSE_CHARGE_TEXT]);
    expect(documentView(data).reverseCharge).toBe('');
  });

  it('an order marked btwVerlegd is reverse-charged as a whole, even with lines at 0 %', () => {
    const data = belgian([goods]);
    expect(vatNoticeOf({ ...data, order: { ...data.order, btwVerlegd: true } })?.texts).toEqual([
      EU_REVERSE_CHARGE_TEXT,
    ]);
  });

  it('is absent with VAT charged, for a Dutch customer, and outside the EU', () => {
    expect(vatNoticeOf(belgian([{ ...goods, vat: 21 }]))).toBeNull();
    const dutch = documentFixture({ order: { lines: [goods, service] } });
    expect(vatNoticeOf(dutch)).toBeNull();
    expect(textOf(dutch)).not.toContain(INTRA_COMMUNITY_TEXT);
    const swiss = belgian([goods]);
    expect(
      vatNoticeOf({ ...swiss, customer: { ...swiss.customer!, country: 'Zwitserland', btwNumber: '' } }),
    ).toBeNull();
  });

  it("finds the EU country by the VAT number's prefix when the country is 'Andere'", () => {
    const data = belgian([goods]);
    const other = { ...data, customer: { ...data.customer!, country: 'Andere', btwNumber: 'DE136695976' } };
    expect(vatNoticeOf(other)?.numbers).toEqual([
      { label: 'BTW-nummer leverancier', value: 'NL001234567B01' },
      { label: 'BTW-nummer afnemer', value: 'DE136695976' },
    ]);
  });
});
