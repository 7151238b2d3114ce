import { describe, expect, it } from 'vitest';
import { computeOrderTotals } from '../../../../shared/money';
import type { OrderLineRecord, OrderRecord } from '../../../../shared/order-record';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import type { Company } from '../../organizations/company';
import { orderDocumentData } from '../../pdf/order-document-data';
import { confirmationDocumentOf, orderRecordOf, sellerCompanyOf, versionHashOf } from './document';
import { confirmationTokenHash, isWellFormedConfirmationToken, newConfirmationToken } from './token';

const lines: OrderLineRecord[] = [
  { description: 'Bureaustoel', quantity: 3, unit: 'stuk', priceCents: 19999, vat: 21, totalCents: 59997 },
  { description: 'Montage', quantity: 2.5, unit: 'uur', priceCents: 4550, vat: 21, totalCents: 11375 },
];

const order: OrderRecord = {
  id: '3f0c8a52-1d1e-4a8c-9d5e-0b6f2f0a1c11',
  orderNumber: 'INK-2026-1001',
  date: new Date('2026-05-15T10:30:00Z'),
  project: 'Verbouwing kantoor',
  reference: 'REF-1',
  paymentTerm: 30,
  status: 'sent',
  btwVerlegd: false,
  customerId: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  customerSnapshot: {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    contactPerson: '',
    email: 'petra@jansenbouw.nl',
    address: 'Dorpsstraat 1',
    postalCode: '1234 AB',
    city: 'Utrecht',
    country: 'Nederland',
    kvkNumber: '',
    btwNumber: 'NL123456789B01',
  },
  deliveryDate: '2026-05-29',
  deliveryAddress: null,
  notes: '',
  subtotalCents: 71372,
  vatCents: 14988,
  totalCents: 86360,
  createdAt: new Date('2026-05-15T10:31:02.123Z'),
  updatedAt: new Date('2026-05-16T08:00:00.000Z'),
  createdBy: { id: '5d2e7f10-8a4b-4c3d-9e1f-2a3b4c5d6e7f', name: 'Anna de Vries' },
  updatedBy: null,
  items: lines,
  vatByRate: computeOrderTotals(lines, false).vatByRate,
};

const seller: Company = {
  organizationId: 'a1b2c3d4-0000-4000-8000-000000000001',
  company: 'De Vries B.V.',
  name: 'Anna de Vries',
  email: 'anna@devries.nl',
  profileCompleted: true,
  address: 'Havenstraat 14',
  postalCode: '1011 AB',
  city: 'Amsterdam',
  country: 'Nederland',
  website: '',
  phoneNumber: '',
  kvkNumber: '34123456',
  btwNumber: 'NL001234567B01',
  vatNumber: '',
  bankAccount: 'NL91ABNA0417164300',
  accountName: '',
  bankName: '',
  approvalThreshold: '5000.00',
  approvalForAdmins: false,
  twoFactorRequired: true,
};

const hashOf = (o: OrderRecord = order, s: Company = seller, settings = DEFAULT_PDF_SETTINGS) =>
  versionHashOf(confirmationDocumentOf(o, s, settings));

describe('the version a link is bound to', () => {
  it('is the same for the same order, also after the document went through JSON (jsonb)', () => {
    const document = confirmationDocumentOf(order, seller, DEFAULT_PDF_SETTINGS);
    const stored = JSON.parse(JSON.stringify(document));
    expect(versionHashOf(stored)).toBe(versionHashOf(document));
    expect(orderRecordOf(stored)).toEqual(order);
    expect(versionHashOf(document)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with what the PDF says: a line, a quantity, the reference, the delivery day, the customer, the seller', () => {
    const base = hashOf();
    const changed = [
      hashOf({ ...order, items: [lines[0]!] }),
      hashOf({ ...order, items: [lines[0]!, { ...lines[1]!, quantity: 3 }] }),
      hashOf({ ...order, reference: 'REF-2' }),
      hashOf({ ...order, deliveryDate: '2026-06-01' }),
      hashOf({ ...order, paymentTerm: 14 }),
      hashOf({ ...order, customerSnapshot: { ...order.customerSnapshot!, city: 'Zeist' } }),
      hashOf(order, { ...seller, kvkNumber: '34999999' }),
      hashOf(order, { ...seller, bankAccount: 'NL02RABO0123456789' }),
    ];
    for (const hash of changed) expect(hash).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it('not with how it looks, nor with what the PDF does not show', () => {
    const base = hashOf();
    expect(
      hashOf(order, seller, { ...DEFAULT_PDF_SETTINGS, primaryColor: '#FF0000', template: 'modern' }),
    ).toBe(base);
    expect(hashOf({ ...order, status: 'paid', updatedAt: new Date() })).toBe(base);
    expect(hashOf(order, { ...seller, approvalThreshold: null, twoFactorRequired: false })).toBe(base);
    // The bank account counts only when the PDF shows it.
    const hidden = { ...DEFAULT_PDF_SETTINGS, showBankAccount: false };
    expect(hashOf(order, { ...seller, bankAccount: 'NL02RABO0123456789' }, hidden)).toBe(
      hashOf(order, seller, hidden),
    );
  });

  it('not with the customer’s KVK number, which the PDF does not print: a link sent before the snapshot kept it keeps its version', () => {
    // This order's hash as the release before the snapshot kept the KVK number computed it, for the
    // same document without that key (with the bank account shown, and hidden).
    const before = 'bc0b6a7f67fe4c15ba72307426aa5b8bbd091c7a7c8e8c01ed308cf2a232043e';
    const beforeHidden = '9cfdf581a74346e843c800c44696edc9664abf4ba010b3ff971c38bc795b9fab';
    const hidden = { ...DEFAULT_PDF_SETTINGS, showBankAccount: false };
    const { kvkNumber: _, ...oldSnapshot } = order.customerSnapshot!;
    const sentBefore = (settings = DEFAULT_PDF_SETTINGS) => {
      const document = confirmationDocumentOf(order, seller, settings);
      return JSON.parse(
        JSON.stringify({ ...document, order: { ...document.order, customerSnapshot: oldSnapshot } }),
      );
    };
    expect(versionHashOf(sentBefore())).toBe(before);
    expect(versionHashOf(sentBefore(hidden))).toBe(beforeHidden);
    // Saved again now: the snapshot takes the customer's KVK number, or '' without one.
    const withKvk = { ...order, customerSnapshot: { ...order.customerSnapshot!, kvkNumber: '69599084' } };
    expect(hashOf()).toBe(before);
    expect(hashOf(withKvk)).toBe(before);
    expect(hashOf(withKvk, seller, hidden)).toBe(beforeHidden);
    // What the printer is handed is what it was handed before: the customer without the key.
    expect(orderDocumentData(withKvk, seller, DEFAULT_PDF_SETTINGS).customer).toStrictEqual(oldSnapshot);
  });

  it('reads a document sent before the snapshot kept the KVK number as a customer without one, and keeps one it holds', () => {
    const document = confirmationDocumentOf(order, seller, DEFAULT_PDF_SETTINGS);
    const { kvkNumber: _, ...oldSnapshot } = order.customerSnapshot!;
    const sentBefore = { ...document, order: { ...document.order, customerSnapshot: oldSnapshot } };
    expect(orderRecordOf(sentBefore).customerSnapshot).toEqual({ ...oldSnapshot, kvkNumber: '' });
    const withKvk = { ...order, customerSnapshot: { ...order.customerSnapshot!, kvkNumber: '69599084' } };
    const stored = JSON.parse(JSON.stringify(confirmationDocumentOf(withKvk, seller, DEFAULT_PDF_SETTINGS)));
    expect(orderRecordOf(stored).customerSnapshot?.kvkNumber).toBe('69599084');
  });

  it('keeps of the seller what the documents show, not the organisation’s other settings', () => {
    const document = confirmationDocumentOf(order, seller, DEFAULT_PDF_SETTINGS);
    expect(Object.keys(document.seller)).not.toContain('approvalThreshold');
    expect(sellerCompanyOf(document, seller.organizationId)).toMatchObject({
      company: 'De Vries B.V.',
      kvkNumber: '34123456',
      bankAccount: 'NL91ABNA0417164300',
      approvalThreshold: null,
    });
  });
});

describe('the token', () => {
  it('is 24 random bytes in base64url, different every time, kept as its SHA-256', () => {
    const tokens = Array.from({ length: 200 }, newConfirmationToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(isWellFormedConfirmationToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    }
    expect(confirmationTokenHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(isWellFormedConfirmationToken(confirmationTokenHash(tokens[0]!))).toBe(false);
  });
});
