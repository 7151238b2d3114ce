import { describe, expect, it } from 'vitest';
import { CONFIRMATION_LINK_LINE, exampleConfirmationUrl } from '../../../../shared/confirmation-link';
import { documentView } from '../../../../shared/document';
import { formatEuro } from '../../../../shared/format';
import { confirmationLabels } from '../../../../shared/order-confirmation-states';
import type { Profile } from '../../../../shared/schemas/company-profile';
import type { Order } from '../../../../shared/schemas/order';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import { fillTemplate } from '../../../../shared/template-variables';
import {
  documentCompanyOf,
  orderDocumentOf,
  orderTemplateData,
  previewMessageHtml,
  previewTemplateData,
} from './send-email-data';

const profile = {
  name: 'Anna de Bakker',
  email: 'anna@bakkerij.nl',
  company: 'Bakkerij De Korst',
  address: 'Markt 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  phoneNumber: '',
  website: '',
  kvkNumber: '12345678',
  btwNumber: '',
  bankAccount: 'NL91ABNA0417164300',
  accountName: 'Bakkerij De Korst',
  bankName: 'ABN AMRO',
} as Profile;

const order: Order = {
  _id: 'o1',
  orderNumber: 'INK-2026-1001',
  date: '2026-03-31T22:30:00.000Z',
  project: 'Verbouwing',
  reference: '',
  paymentTerm: 14,
  status: 'concept',
  btwVerlegd: true,
  customer: 'c1',
  customerName: 'Petra <Jansen>',
  customerCompany: 'Jansen & Zonen',
  customerSnapshot: {
    name: 'Petra <Jansen>',
    company: 'Jansen & Zonen',
    contactPerson: 'P. Jansen',
    email: 'petra@jansen.nl',
    address: '',
    postalCode: '',
    city: '',
    country: 'Nederland',
    kvkNumber: '',
    btwNumber: 'NL123456789B01',
  },
  deliveryDate: '2026-04-14',
  deliveryAddress: null,
  deliveryAddressSource: 'customer',
  notes: 'Achterom <b>bellen</b>',
  subtotal: 1234.56,
  vat: 0,
  total: 1234.56,
  createdAt: '2026-03-31T22:30:00.000Z',
  updatedAt: '2026-03-31T22:30:00.000Z',
  createdBy: null,
  updatedBy: null,
  items: [{ description: 'Stoel', quantity: 2, unit: 'stuk', price: 617.28, vat: 'verlegd', total: 1234.56 }],
  vatByRate: [{ rate: 'verlegd', base: 1234.56, vat: 0 }],
};

describe('the send dialog’s view of an order', () => {
  it('fills the variables as the server does: dd-mm-jjjj in Amsterdam, the total in euros, values escaped', () => {
    const data = orderTemplateData(order, profile);
    // 31 March 22:30 UTC is 1 April in Amsterdam.
    expect(data.order).toEqual({
      orderNumber: 'INK-2026-1001',
      date: '01-04-2026',
      total: formatEuro(123456),
      deliveryDate: '14-04-2026',
      notes: 'Achterom <b>bellen</b>',
      // The customer's link is made by the send itself: the dialog has none to show yet.
      confirmUrl: '',
    });
    expect(fillTemplate('<p>{{customer.name}} {{x.y}}</p>', data, 'html')).toBe(
      '<p>Petra &lt;Jansen&gt; {{x.y}}</p>',
    );
    expect(fillTemplate('{{user.company}}: {{customer.company}}', data, 'text')).toBe(
      'Bakkerij De Korst: Jansen & Zonen',
    );
  });

  it('prints the order with the company’s own fields, prices in cents, BTW verlegd kept', () => {
    const doc = orderDocumentOf(order, profile, DEFAULT_PDF_SETTINGS);
    expect(doc.company).toEqual(documentCompanyOf(profile));
    expect(doc.company.phoneNumber).toBe('');
    expect(doc.order.lines).toEqual([
      { description: 'Stoel', quantity: 2, unit: 'stuk', priceCents: 61728, vat: 'verlegd' },
    ]);
    expect(doc.order.btwVerlegd).toBe(true);
    // Delivered at the customer's address: the document names no address of its own.
    expect(doc.order).toMatchObject({ deliveryDate: '2026-04-14', deliveryAddress: null });
    expect(doc.customer).toBe(order.customerSnapshot);
    // With BTW verlegd the document's total is the total without VAT.
    const view = documentView(doc);
    expect(view.totalCents).toBe(123456);
    expect(view.totals.find((r) => r.kind === 'vat')?.value).toBe('Verlegd');
  });
});

describe('the message preview’s link (Bevestigingslink meesturen)', () => {
  const origin = 'https://orders.voorbeeld.nl';
  const example = `${origin}/confirm/voorbeeld-link`;
  const values = orderTemplateData(order, profile);
  // The default order template's button (server/services/mail/default-templates.ts).
  const button =
    '<p><a href="{{order.confirmUrl}}" style="background-color: #1E40AF; color: #FFFFFF; padding: 10px 18px; ' +
    `font-weight: bold; text-decoration: none">${confirmationLabels.templateButton}</a></p>`;
  const defaultOrderTemplate = `<p>Beste klant,</p>${button}`;

  it('on: the variable is an example on the app’s own address; off: it is empty, as the server fills it', () => {
    expect(previewTemplateData(values, true, origin).order.confirmUrl).toBe(example);
    expect(previewTemplateData(values, false, origin).order.confirmUrl).toBe('');
    expect(previewTemplateData(values, true, origin).order.orderNumber).toBe('INK-2026-1001');
    expect(exampleConfirmationUrl(origin)).toBe(example);
  });

  it('on: a template with the variable shows it where it is placed, and no line under it', () => {
    const html = previewMessageHtml(defaultOrderTemplate, values, true, origin);
    expect(html).toContain(`href="${example}"`);
    expect(html).toContain(confirmationLabels.templateButton);
    expect(html).not.toContain(`${confirmationLabels.templateButton}:`);
  });

  it('on: a template without the variable gets the server’s line under it, filled with the example', () => {
    const html = previewMessageHtml('<p>Beste {{customer.name}},</p>', values, true, origin);
    expect(html).toBe(
      `<p>Beste Petra &lt;Jansen&gt;,</p>\n${fillTemplate(CONFIRMATION_LINK_LINE, previewTemplateData(values, true, origin), 'html')}`,
    );
    expect(html).toContain(`${confirmationLabels.templateButton}: <a href="${example}">${example}</a>`);
  });

  it('off: no link, no line — the button is left out, the variable elsewhere empty', () => {
    expect(previewMessageHtml('<p>Beste klant,</p>', values, false, origin)).toBe('<p>Beste klant,</p>');
    const html = previewMessageHtml(
      `${defaultOrderTemplate}<p>Link: [{{order.confirmUrl}}]</p>`,
      values,
      false,
      origin,
    );
    expect(html).not.toContain('/confirm/');
    expect(html).not.toContain(confirmationLabels.templateButton);
    expect(html).toContain('<p>Link: []</p>');
  });
});
