import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, computeOrderTotals, eurosToCents, MAX_AMOUNT_CENTS } from '../../../shared/money';
import type { CustomerSnapshot, OrderLineRecord, OrderRecord } from '../../../shared/order-record';
import { orderOutput, orderPage, orderStatsOutput, orderSummaryOutput } from '../../../shared/schemas/order';
import { orderWithEmailsOutput } from '../../../shared/schemas/order-email';
import type { ApprovalRecord } from './approval/read';
import type { OrderStatsRecord } from './dashboard-stats';
import {
  orderPageToWire,
  orderStatsToWire,
  orderSummaryToWire,
  orderToWire,
  orderWithEmailsToWire,
} from './order-wire';

const lines: OrderLineRecord[] = [
  { description: 'Bureaustoel', quantity: 3, unit: 'stuk', priceCents: 19999, vat: 21, totalCents: 59997 },
  { description: 'Montage', quantity: 2, unit: 'uur', priceCents: 4550, vat: 21, totalCents: 9100 },
  { description: 'Handboek', quantity: 1, unit: 'stuk', priceCents: 1250, vat: 9, totalCents: 1250 },
];

const snapshot: CustomerSnapshot = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  contactPerson: 'P. Jansen',
  email: 'petra@jansenbouw.nl',
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  kvkNumber: '',
  btwNumber: 'NL123456789B01',
};

const record: OrderRecord = {
  id: '3f0c8a52-1d1e-4a8c-9d5e-0b6f2f0a1c11',
  orderNumber: 'INK-2026-1001',
  date: new Date('2026-05-15T10:30:00Z'),
  project: 'Verbouwing kantoor',
  reference: 'REF-1',
  paymentTerm: 30,
  status: 'sent',
  btwVerlegd: false,
  customerId: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  customerSnapshot: snapshot,
  deliveryDate: '2026-05-29',
  deliveryAddress: null,
  notes: 'Bellen bij aankomst',
  subtotalCents: 70347,
  vatCents: 14623,
  totalCents: 84970,
  createdAt: new Date('2026-05-15T10:31:02.123Z'),
  updatedAt: new Date('2026-05-16T08:00:00.000Z'),
  createdBy: { id: '5d2e7f10-8a4b-4c3d-9e1f-2a3b4c5d6e7f', name: 'Anna de Vries' },
  updatedBy: null,
  items: lines,
  vatByRate: computeOrderTotals(lines, false).vatByRate,
};

const wireSummary = {
  _id: '3f0c8a52-1d1e-4a8c-9d5e-0b6f2f0a1c11',
  orderNumber: 'INK-2026-1001',
  date: '2026-05-15T10:30:00.000Z',
  project: 'Verbouwing kantoor',
  reference: 'REF-1',
  paymentTerm: 30,
  status: 'sent',
  btwVerlegd: false,
  customer: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  customerName: 'Petra Jansen',
  customerCompany: 'Jansen Bouw B.V.',
  customerSnapshot: snapshot,
  deliveryDate: '2026-05-29',
  // No address of its own: the customer's, from the snapshot, and says so.
  deliveryAddress: {
    name: 'Jansen Bouw B.V.',
    address: 'Dorpsstraat 1',
    postalCode: '1234 AB',
    city: 'Utrecht',
    country: 'Nederland',
  },
  deliveryAddressSource: 'customer',
  notes: 'Bellen bij aankomst',
  subtotal: 703.47,
  vat: 146.23,
  total: 849.7,
  createdAt: '2026-05-15T10:31:02.123Z',
  updatedAt: '2026-05-16T08:00:00.000Z',
  createdBy: { id: '5d2e7f10-8a4b-4c3d-9e1f-2a3b4c5d6e7f', name: 'Anna de Vries' },
  updatedBy: null,
};

describe('orderToWire', () => {
  it('sends every field of the REST shape: _id, ISO strings, euros with two decimals', () => {
    expect(orderToWire(record)).toStrictEqual({
      ...wireSummary,
      items: [
        { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: 199.99, vat: 21, total: 599.97 },
        { description: 'Montage', quantity: 2, unit: 'uur', price: 45.5, vat: 21, total: 91 },
        { description: 'Handboek', quantity: 1, unit: 'stuk', price: 12.5, vat: 9, total: 12.5 },
      ],
      vatByRate: [
        { rate: 21, base: 690.97, vat: 145.1 },
        { rate: 9, base: 12.5, vat: 1.13 },
      ],
    });
  });

  it('sends exactly the fields the output schema declares, nothing more', () => {
    const wire = orderToWire(record);
    expect(Object.keys(wire).sort()).toEqual(Object.keys(orderOutput.shape).sort());
    expect(orderOutput.strict().parse(wire)).toStrictEqual(wire);
    expect(Object.keys(orderSummaryToWire(record)).sort()).toEqual(
      Object.keys(orderSummaryOutput.shape).sort(),
    );
  });

  it('writes the JSON the output schema writes, key order included, even for a snapshot as jsonb reads it', () => {
    // jsonb hands keys back by length, then bytes; the streamed GET /api/orders sends orderToWire as is.
    const fromJsonb = Object.fromEntries(
      Object.entries(snapshot).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1)),
    ) as CustomerSnapshot;
    expect(Object.keys(fromJsonb)).not.toEqual(Object.keys(snapshot));
    const wire = orderToWire({ ...record, customerSnapshot: fromJsonb });
    expect(JSON.stringify(wire)).toBe(JSON.stringify(orderOutput.parse(wire)));
  });

  it('sends an address of the order’s own as it is, in the schema’s key order even as jsonb reads it', () => {
    const own = {
      country: 'België',
      name: 'Bouwplaats',
      city: 'Antwerpen',
      address: 'Kaai 5',
      postalCode: '2000',
    };
    const wire = orderToWire({ ...record, deliveryAddress: own });
    expect(wire.deliveryAddressSource).toBe('order');
    expect(JSON.stringify(wire.deliveryAddress)).toBe(
      JSON.stringify({
        name: 'Bouwplaats',
        address: 'Kaai 5',
        postalCode: '2000',
        city: 'Antwerpen',
        country: 'België',
      }),
    );
    expect(JSON.stringify(wire)).toBe(JSON.stringify(orderOutput.parse(wire)));
  });

  it("keeps 'verlegd', and an order without a customer (null id, names and snapshot)", () => {
    const verlegd = computeOrderTotals(lines, true);
    const wire = orderToWire({
      ...record,
      btwVerlegd: true,
      customerId: null,
      customerSnapshot: null,
      vatCents: 0,
      totalCents: 70347,
      items: [{ ...lines[0]!, vat: 'verlegd' }],
      vatByRate: verlegd.vatByRate,
    });
    expect(wire).toMatchObject({
      btwVerlegd: true,
      customer: null,
      customerName: null,
      customerCompany: null,
      customerSnapshot: null,
      deliveryAddress: null,
      deliveryAddressSource: 'customer',
      vat: 0,
      total: 703.47,
      vatByRate: [{ rate: 'verlegd', base: 703.47, vat: 0 }],
    });
    expect(wire.items[0]!.vat).toBe('verlegd');
  });

  it('turns any amount in cents into the euro number of its exact decimal, and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (cents) => {
        const wire = orderToWire({
          ...record,
          subtotalCents: cents,
          items: [{ ...lines[0]!, priceCents: cents, totalCents: cents }],
        });
        expect(wire.subtotal).toBe(Number(centsToDecimal(cents)));
        expect(wire.items[0]!.price).toBe(Number(centsToDecimal(cents)));
        expect(eurosToCents(wire.subtotal)).toBe(cents);
      }),
    );
  });
});

describe('orderWithEmailsToWire', () => {
  const approved: ApprovalRecord = {
    state: 'approved',
    requestedBy: { id: 'b1d4c0de-0000-4000-8000-000000000001', name: 'Sanne Bakker' },
    requestedAt: new Date('2026-05-15T08:00:00.000Z'),
    note: 'Spoed',
    decidedBy: { id: 'b1d4c0de-0000-4000-8000-000000000002', name: 'Jan de Vries' },
    decidedAt: new Date('2026-05-15T09:30:00.000Z'),
    reason: null,
  };

  it('is the order’s shape unchanged plus its sends, newest first as given, without the template id, its approval, and the answer to its current link with that link’s state', () => {
    const wire = orderWithEmailsToWire(
      record,
      [
        {
          sentAt: new Date('2026-05-17T09:05:00.000Z'),
          recipient: 'petra@jansenbouw.nl',
          cc: 'kopie@jansenbouw.nl',
          subject: 'Inkooporder INK-2026-1001',
          includePdf: true,
          includeUbl: true,
          templateId: '5b0c8a52-1d1e-4a8c-9d5e-0b6f2f0a1c11',
          answer: null,
        },
        {
          sentAt: new Date('2026-05-16T08:00:00.000Z'),
          recipient: 'petra@jansenbouw.nl',
          cc: null,
          subject: 'Eerste versie',
          includePdf: false,
          includeUbl: false,
          templateId: null,
          answer: {
            decision: 'rejected',
            respondedAt: new Date('2026-05-16T10:00:00.000Z'),
            respondentName: 'Petra Jansen',
            responseNote: 'Te duur',
            responseDeliveryDate: null,
            responseLines: [],
          },
        },
      ],
      approved,
      {
        sentAt: new Date('2026-05-17T09:05:00.000Z'),
        expiresAt: new Date('2026-08-15T09:05:00.000Z'),
        replacedAt: null,
        changesAppliedAt: new Date('2026-05-18T07:00:00.000Z'),
        decision: 'changes_requested',
        respondedAt: new Date('2026-05-17T12:00:00.000Z'),
        respondentName: 'Petra Jansen',
        responseNote: null,
        responseDeliveryDate: '2026-06-01',
        responseLines: [{ lineIndex: 0, status: 'changed', quantity: '2.500', deliveryDate: null }],
      },
      new Date('2026-05-20T00:00:00.000Z'),
    );
    const { emails, approval, customerResponse, confirmation, ...order } = wire;
    expect(order).toStrictEqual(orderToWire(record));
    expect(emails).toStrictEqual([
      {
        sentAt: '2026-05-17T09:05:00.000Z',
        recipient: 'petra@jansenbouw.nl',
        cc: 'kopie@jansenbouw.nl',
        subject: 'Inkooporder INK-2026-1001',
        includePdf: true,
        includeUbl: true,
        customerResponse: null,
      },
      {
        sentAt: '2026-05-16T08:00:00.000Z',
        recipient: 'petra@jansenbouw.nl',
        cc: null,
        subject: 'Eerste versie',
        includePdf: false,
        includeUbl: false,
        customerResponse: {
          decision: 'rejected',
          respondedAt: '2026-05-16T10:00:00.000Z',
          respondentName: 'Petra Jansen',
          note: 'Te duur',
          deliveryDate: null,
          lines: [],
        },
      },
    ]);
    expect(customerResponse).toStrictEqual({
      decision: 'changes_requested',
      respondedAt: '2026-05-17T12:00:00.000Z',
      respondentName: 'Petra Jansen',
      note: null,
      deliveryDate: '2026-06-01',
      lines: [{ lineIndex: 0, status: 'changed', quantity: 2.5, deliveryDate: null }],
    });
    expect(confirmation).toStrictEqual({
      sentAt: '2026-05-17T09:05:00.000Z',
      expiresAt: '2026-08-15T09:05:00.000Z',
      state: 'answered',
      changesAppliedAt: '2026-05-18T07:00:00.000Z',
    });
    expect(approval).toStrictEqual({
      state: 'approved',
      requestedBy: { id: 'b1d4c0de-0000-4000-8000-000000000001', name: 'Sanne Bakker' },
      requestedAt: '2026-05-15T08:00:00.000Z',
      note: 'Spoed',
      decidedBy: { id: 'b1d4c0de-0000-4000-8000-000000000002', name: 'Jan de Vries' },
      decidedAt: '2026-05-15T09:30:00.000Z',
      reason: null,
    });
    expect(orderWithEmailsOutput.strict().parse(wire)).toStrictEqual(wire);
  });
});

describe('orderPageToWire', () => {
  it('maps the rows and keeps the paging numbers', () => {
    const wire = orderPageToWire({
      items: [{ ...record, approvalState: 'requested', response: 'changes_requested' }],
      total: 41,
      page: 2,
      pageSize: 25,
    });
    expect(wire).toStrictEqual({
      items: [{ ...wireSummary, approvalState: 'requested', response: 'changes_requested' }],
      total: 41,
      page: 2,
      pageSize: 25,
    });
    expect(orderPage.strict().parse(wire)).toStrictEqual(wire);
  });
});

describe('orderStatsToWire', () => {
  const stats: OrderStatsRecord = {
    period: 'month',
    from: new Date('2026-04-30T22:00:00.000Z'),
    to: new Date('2026-05-31T22:00:00.000Z'),
    previousFrom: new Date('2026-03-31T22:00:00.000Z'),
    totalOrders: { value: 3, previous: 2, growth: 50 },
    revenue: { valueCents: 2000001, previousCents: 11005, growth: 18073.6, valueInclVatCents: 2420001 },
    activeCustomers: { value: 4, newInPeriod: 2, newInPreviousPeriod: 1, growth: 100 },
    responses: { waiting: 5, rejected: 1, changesRequested: 2 },
  };

  it('sends the period as ISO instants, the revenue in euros, the approvals and answers waiting', () => {
    const wire = orderStatsToWire(stats, 2);
    expect(wire).toStrictEqual({
      period: 'month',
      from: '2026-04-30T22:00:00.000Z',
      to: '2026-05-31T22:00:00.000Z',
      previousFrom: '2026-03-31T22:00:00.000Z',
      totalOrders: { value: 3, previous: 2, growth: 50 },
      revenue: { value: 20000.01, previous: 110.05, growth: 18073.6, valueInclVat: 24200.01 },
      activeCustomers: { value: 4, newInPeriod: 2, newInPreviousPeriod: 1, growth: 100 },
      approvalsWaiting: 2,
      responsesWaiting: 5,
      responsesRejected: 1,
      responsesChangesRequested: 2,
    });
    expect(orderStatsOutput.strict().parse(wire)).toStrictEqual(wire);
  });
});
