import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_HEADER_TEMPLATE,
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
} from '../../../shared/document/page';
import type { OrderDocumentData } from '../../../shared/document/types';
import { PDF_TEMPLATES } from '../../../shared/schemas/pdf-settings';
import { testPrinter } from '../../../test/context';
import { BELGIAN_CUSTOMER, DELIVERY_ORDER, documentFixture } from '../../../test/document-fixtures';
import { pdfImageCount, pdfInfo, pdfText } from '../../../test/pdf-text';
import { renderDocumentHtml } from './document-html';

/**
 * A short order carries every optional block at once — a logo, a customer abroad, a delivery day,
 * address and remarks, payment details and footer notes — and is still one sheet of A4 in every
 * template, printed as the order PDF is printed (same page header, footer and margins).
 */

let logo: string;

beforeAll(async () => {
  // A wordmark three times as wide as it is high, as the upload stores it (PNG, bounded size).
  const png = await sharp({
    create: { width: 600, height: 200, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
  })
    .png()
    .toBuffer();
  logo = `data:image/png;base64,${png.toString('base64')}`;
});

function fullOrder(template: (typeof PDF_TEMPLATES)[number]): OrderDocumentData {
  const fixture = documentFixture({
    order: DELIVERY_ORDER,
    settings: {
      template,
      footerNotes: 'Levering franco huis.\nGraag het ordernummer vermelden op de pakbon en de factuur.',
    },
  });
  return { ...fixture, customer: BELGIAN_CUSTOMER, logo };
}

describe('a short order with every block', () => {
  it.each(PDF_TEMPLATES)('fits on one page in %s, logo and all', async (template) => {
    const data = fullOrder(template);
    const pdf = await testPrinter().print({
      html: renderDocumentHtml(data),
      title: data.order.orderNumber,
      headerTemplate: DOCUMENT_HEADER_TEMPLATE,
      footerTemplate: documentFooterTemplate(data),
      margin: DOCUMENT_PAGE_MARGINS,
    });
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    // Everything is there: the logo, the customer abroad, the delivery block, the payment details.
    expect(await pdfImageCount(pdf)).toBe(1);
    for (const expected of ['België', 'BE0403019261', 'Kattendijkdok-Westkaai 12', 'Levering franco huis.']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('NL91 ABNA 0417 1643 00');
    expect((await pdfInfo(pdf)).Pages).toBe('1');
  });
});
