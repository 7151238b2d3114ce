import type { OrderItemRow, OrderRow } from '../../../db/schema';
import type { VatRate } from '../../../shared/constants';
import { computeOrderTotals, decimalToCents } from '../../../shared/money';
import type { OrderLineRecord, OrderRecord, OrderSummaryRecord } from '../../../shared/order-record';
import { decimalToQuantity } from '../../../shared/rules/quantity';
import { type People, personOf } from '../organizations/people';
import { customerSnapshotOf } from './customer-snapshot';

/** Database rows → the order read model (shared/order-record.ts): cents and Dates. */

export const vatFromDb = (v: OrderItemRow['vat']): VatRate =>
  v === 'verlegd' ? 'verlegd' : (Number(v) as VatRate);
export const vatToDb = (v: VatRate): OrderItemRow['vat'] => String(v) as OrderItemRow['vat'];

/** `people` holds at least the names of the row's createdBy and updatedBy (peopleByIds). */
export function toOrderSummaryRecord(o: OrderRow, people: People): OrderSummaryRecord {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    date: o.date,
    project: o.project,
    reference: o.reference,
    paymentTerm: o.paymentTerm,
    status: o.status,
    btwVerlegd: o.btwVerlegd,
    customerId: o.customerId,
    // Never the customer's current data: the order shows whom it was written for (see CustomerSnapshot).
    customerSnapshot: o.customerSnapshot && customerSnapshotOf(o.customerSnapshot),
    deliveryDate: o.deliveryDate,
    deliveryAddress: o.deliveryAddress,
    notes: o.notes,
    // The stored totals were computed by computeOrderTotals when the order was saved.
    subtotalCents: decimalToCents(o.subtotal),
    vatCents: decimalToCents(o.vat),
    totalCents: decimalToCents(o.total),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    createdBy: personOf(people, o.createdBy),
    updatedBy: personOf(people, o.updatedBy),
  };
}

export function toOrderRecord(order: OrderRow, items: OrderItemRow[], people: People): OrderRecord {
  const lines = items.map<OrderLineRecord>((i) => ({
    description: i.description,
    quantity: decimalToQuantity(i.quantity),
    unit: i.unit,
    priceCents: decimalToCents(i.price),
    vat: vatFromDb(i.vat),
    totalCents: decimalToCents(i.total),
  }));
  return {
    ...toOrderSummaryRecord(order, people),
    items: lines,
    vatByRate: computeOrderTotals(lines, order.btwVerlegd).vatByRate,
  };
}
