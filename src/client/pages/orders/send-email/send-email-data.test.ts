import { describe, expect, it } from 'vitest';
import { documentView } from '../../../../shared/document';
import { formatEuro } from '../../../../shared/format';
import type { Profile } from '../../../../shared/schemas/company-profile';
import type { Order } from '../../../../shared/schemas/order';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import { fillTemplate } from '../../../../shared/template-variables';
import { documentCompanyOf, orderDocumentOf, orderTemplateData } from './send-email-data';

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
