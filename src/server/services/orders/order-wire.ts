import { centsToEuros } from '../../../shared/money';
import type { OrderEmailRecord, OrderRecord, OrderSummaryRecord } from '../../../shared/order-record';
import { monthId } from '../../../shared/periods';
import type { Approval } from '../../../shared/schemas/approval';
import type { Order, OrderPage, OrderStats, OrderSummary } from '../../../shared/schemas/order';
import { effectiveDeliveryAddress } from '../../../shared/schemas/order-delivery';
import type { OrderEmail, OrderWithEmails } from '../../../shared/schemas/order-email';
import type { RevenueByMonth } from '../../../shared/schemas/revenue-by-month';
import type { ApprovalRecord } from './approval/read';
import { confirmationWire, customerResponseWire } from './confirmation/response-wire';
import { toCustomerSnapshot } from './customer-snapshot';
import type { OrderStatsRecord } from './dashboard-stats';
import type { CurrentConfirmationRecord, OrderEmailHistoryRecord } from './order-reads';
import type { OrderSummaryPage } from './orders-list';
import type { MonthRevenueRecord } from './revenue-by-month';

/**
 * The order read model (cents, Dates) → the REST/tRPC shape (ARCHITECTURE "REST shapes"): `_id`, ISO
 * 8601 strings, euros as numbers. The one place records become what is sent: the routers, the streamed
 * GET /api/orders and the webhook events all use it, so it sits below them. The conversion is exact
 * (centsToEuros), so 849.7 on the wire is 84970 cents in the record.
 */

export function orderSummaryToWire(o: OrderSummaryRecord): OrderSummary {
  const delivery = effectiveDeliveryAddress(o.deliveryAddress, o.customerSnapshot);
  return {
    _id: o.id,
    orderNumber: o.orderNumber,
    date: o.date.toISOString(),
    project: o.project,
    reference: o.reference,
    paymentTerm: o.paymentTerm,
    status: o.status,
    btwVerlegd: o.btwVerlegd,
    customer: o.customerId,
    customerName: o.customerSnapshot?.name ?? null,
    customerCompany: o.customerSnapshot?.company ?? null,
    // Fresh, in the schema's key order: jsonb hands its keys back sorted by length, and the streamed
    // GET /api/orders (http/orders-stream.ts) sends this object as it is, without the output schema.
    customerSnapshot: o.customerSnapshot && toCustomerSnapshot(o.customerSnapshot),
    deliveryDate: o.deliveryDate,
    // Fresh, in the schema's key order, for the same reason as the snapshot.
    deliveryAddress: delivery.address && {
      name: delivery.address.name,
      address: delivery.address.address,
      postalCode: delivery.address.postalCode,
      city: delivery.address.city,
      country: delivery.address.country,
    },
    deliveryAddressSource: delivery.source,
    notes: o.notes,
    subtotal: centsToEuros(o.subtotalCents),
    vat: centsToEuros(o.vatCents),
    total: centsToEuros(o.totalCents),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    createdBy: o.createdBy,
    updatedBy: o.updatedBy,
  };
}

export function orderToWire(o: OrderRecord): Order {
  return {
    ...orderSummaryToWire(o),
    items: o.items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unit: i.unit,
      price: centsToEuros(i.priceCents),
      vat: i.vat,
      total: centsToEuros(i.totalCents),
    })),
    vatByRate: o.vatByRate.map((r) => ({
      rate: r.rate,
      base: centsToEuros(r.baseCents),
      vat: centsToEuros(r.vatCents),
    })),
  };
}

/** One sent message; the template id stays on the server (it names nothing the caller can use). */
export function orderEmailToWire(e: OrderEmailRecord & Pick<OrderEmailHistoryRecord, 'answer'>): OrderEmail {
  return {
    sentAt: e.sentAt.toISOString(),
    recipient: e.recipient,
    cc: e.cc,
    subject: e.subject,
    includePdf: e.includePdf,
    includeUbl: e.includeUbl,
    customerResponse: e.answer && customerResponseWire(e.answer),
  };
}

export function approvalToWire(a: ApprovalRecord): Approval {
  return {
    state: a.state,
    requestedBy: a.requestedBy,
    requestedAt: a.requestedAt?.toISOString() ?? null,
    note: a.note,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    reason: a.reason,
  };
}

/**
 * GET /orders/{id}: the order's shape unchanged, plus what was sent of it (newest first), its approval,
 * and the customer's answer to its current link with that link's state at `now` (the app's clock).
 */
export function orderWithEmailsToWire(
  o: OrderRecord,
  emails: readonly OrderEmailHistoryRecord[],
  approval: ApprovalRecord,
  link: CurrentConfirmationRecord | null,
  now: Date,
): OrderWithEmails {
  return {
    ...orderToWire(o),
    emails: emails.map(orderEmailToWire),
    approval: approvalToWire(approval),
    customerResponse: link && customerResponseWire(link),
    confirmation: link && {
      ...confirmationWire(link, o.status, now),
      changesAppliedAt: link.changesAppliedAt?.toISOString() ?? null,
    },
  };
}

export function orderPageToWire(p: OrderSummaryPage): OrderPage {
  return {
    items: p.items.map((row) => ({
      ...orderSummaryToWire(row),
      approvalState: row.approvalState,
      response: row.response,
    })),
    total: p.total,
    page: p.page,
    pageSize: p.pageSize,
  };
}

/** `approvalsWaiting`: the caller's own count (approval/waiting.ts), beside the organisation's numbers. */
export function orderStatsToWire(s: OrderStatsRecord, approvalsWaiting: number): OrderStats {
  return {
    period: s.period,
    from: s.from.toISOString(),
    to: s.to.toISOString(),
    previousFrom: s.previousFrom.toISOString(),
    totalOrders: { ...s.totalOrders },
    revenue: {
      value: centsToEuros(s.revenue.valueCents),
      previous: centsToEuros(s.revenue.previousCents),
      growth: s.revenue.growth,
      valueInclVat: centsToEuros(s.revenue.valueInclVatCents),
    },
    activeCustomers: { ...s.activeCustomers },
    approvalsWaiting,
    responsesWaiting: s.responses.waiting,
    responsesRejected: s.responses.rejected,
    responsesChangesRequested: s.responses.changesRequested,
  };
}

export function revenueByMonthToWire(months: readonly MonthRevenueRecord[]): RevenueByMonth {
  return {
    months: months.map((m) => ({
      month: monthId(m.month),
      revenue: centsToEuros(m.revenueCents),
      previousYear: centsToEuros(m.previousYearCents),
    })),
  };
}
