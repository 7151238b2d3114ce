import type { UblSeller } from '../server/services/orders/ubl/document';
import { computeOrderTotals } from '../shared/money';
import type { OrderLineRecord, OrderRecord } from '../shared/order-record';
import { documentFixture } from './document-fixtures';

/** The company of documentFixture as the UBL's seller (KVK, BTW number, bank account). */
export function ublSeller(overrides: Partial<UblSeller> = {}): UblSeller {
  return { ...documentFixture().company, vatNumber: '', ...overrides };
}

type Line = Omit<OrderLineRecord, 'totalCents'>;

/**
 * An order record as the services return it, from documentFixture's order and customer: the
 * stored totals are worked out by money.ts, as saving the order does.
 */
export function ublOrder(
  overrides: Partial<Omit<OrderRecord, 'items'>> & { items?: Line[] } = {},
): OrderRecord {
  const fixture = documentFixture();
  const { items: lines = fixture.order.lines, ...rest } = overrides;
  const btwVerlegd = rest.btwVerlegd ?? false;
  const totals = computeOrderTotals(lines, btwVerlegd);
  const date = new Date(fixture.order.date);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderNumber: fixture.order.orderNumber,
    date,
    project: fixture.order.project,
    reference: fixture.order.reference,
    paymentTerm: fixture.order.paymentTerm,
    status: 'concept',
    btwVerlegd,
    customerId: '00000000-0000-4000-8000-000000000002',
    customerSnapshot: fixture.customer && { ...fixture.customer, kvkNumber: '' },
    deliveryDate: null,
    deliveryAddress: null,
    notes: '',
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
    createdAt: date,
    updatedAt: date,
    createdBy: null,
    updatedBy: null,
    items: lines.map((line, i) => ({ ...line, totalCents: totals.lines[i]!.totalCents })),
    vatByRate: totals.vatByRate,
    ...rest,
  };
}
