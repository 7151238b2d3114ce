import { and, eq } from 'drizzle-orm';
import { customers, type OrderItemRow, type OrderRow, orders } from '../../../db/schema';
import type { VatRate } from '../../../shared/constants';
import { computeOrderTotals, decimalToCents } from '../../../shared/money';
import type { OrderLineRecord, OrderRecord, OrderSummaryRecord } from '../../../shared/order-record';

/** Database rows → the order read model (shared/order-record.ts): cents and Dates. */

export const vatFromDb = (v: OrderItemRow['vat']): VatRate =>
  v === 'verlegd' ? 'verlegd' : (Number(v) as VatRate);
export const vatToDb = (v: VatRate): OrderItemRow['vat'] => String(v) as OrderItemRow['vat'];

/** The columns every order read selects: the order and its customer's names (null once deleted). */
export const orderColumns = {
  order: orders,
  customerName: customers.name,
  customerCompany: customers.company,
};
/** Joins the customer only when it is the same user's (it always is; this keeps it so). */
export const customerJoin = and(eq(customers.id, orders.customerId), eq(customers.userId, orders.userId));

export type OrderWithCustomer = {
  order: OrderRow;
  customerName: string | null;
  customerCompany: string | null;
};

export function toOrderSummaryRecord({
  order: o,
  customerName,
  customerCompany,
}: OrderWithCustomer): OrderSummaryRecord {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    date: o.date,
    project: o.project,
    reference: o.reference,
    paymentTerm: o.paymentTerm,
    status: o.status,
    btwVerlegd: o.btwVerlegd,
    customerId: customerName === null ? null : o.customerId,
    customerName,
    customerCompany,
    // The stored totals were computed by computeOrderTotals when the order was saved.
    subtotalCents: decimalToCents(o.subtotal),
    vatCents: decimalToCents(o.vat),
    totalCents: decimalToCents(o.total),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export function toOrderRecord(row: OrderWithCustomer, items: OrderItemRow[]): OrderRecord {
  const lines = items.map<OrderLineRecord>((i) => ({
    description: i.description,
    quantity: i.quantity,
    unit: i.unit,
    priceCents: decimalToCents(i.price),
    vat: vatFromDb(i.vat),
    totalCents: decimalToCents(i.total),
  }));
  return {
    ...toOrderSummaryRecord(row),
    items: lines,
    vatByRate: computeOrderTotals(lines, row.order.btwVerlegd).vatByRate,
  };
}
