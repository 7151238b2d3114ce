import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { orderConfirmations, orders, type StoredResponseLine } from '../../../../db/schema';
import type { PAYMENT_TERMS } from '../../../../shared/constants';
import { computeOrderTotals } from '../../../../shared/money';
import { takeOverMessages } from '../../../../shared/order-confirmation-states';
import type { OrderRecord } from '../../../../shared/order-record';
import type { OrderInputData } from '../../../../shared/schemas/order';
import { isUuid } from '../../../db-helpers';
import { AppError, notFound } from '../../../errors';
import { type AuditScope, auditedUpdate } from '../../audit/audit-log';
import type { Tenant } from '../../organizations/tenant';
import { getOrder, ORDER_NOT_FOUND } from '../order-reads';
import { orderToWire } from '../order-wire';
import { updateOrder } from '../orders';

/**
 * 'Wijzigingen overnemen' (POST /orders/{id}/customer-response/apply): the change request the customer
 * posted on the order's current link becomes the order's new version, written through updateOrder, the
 * path every save takes, so totals are computed again, an approval for the old content lapses and
 * `order.updated` goes out. What the customer asked for:
 *  - a line with another quantity gets it; a line they do not want is removed (not all of them:
 *    an order has at least one line);
 *  - the order has one delivery date: the one asked for the whole order, else the latest asked for a
 *    line (docs/decisions/customer-changes.md).
 * The link keeps its answer and records when it was taken over, in the same transaction, so the same
 * request is never applied twice. Sending the new version asks for a new answer on a new link.
 */

export type TakeOverCall = { tenant: Tenant; audit: AuditScope };

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The order's day to deliver: asked for the whole order, else the latest asked for a line. */
export function requestedDeliveryDate(
  orderDate: string | null,
  lines: readonly StoredResponseLine[],
): string | null {
  if (orderDate) return orderDate;
  const days = lines
    .filter((line) => line.status === 'changed' && line.deliveryDate)
    .map((line) => line.deliveryDate as string)
    .sort();
  return days.at(-1) ?? null;
}

/**
 * The order's lines as the customer asked: quantities changed, unwanted lines left out, the rest as
 * they are. Refuses a request that names a line the order no longer has, or leaves no line.
 */
export function linesAsRequested(
  order: Pick<OrderRecord, 'items'>,
  requested: readonly StoredResponseLine[],
): OrderInputData['items'] {
  const byIndex = new Map(requested.map((line) => [line.lineIndex, line]));
  if (requested.some((line) => line.lineIndex >= order.items.length))
    throw conflict(takeOverMessages.linesChanged);
  const items = order.items.flatMap((item, index) => {
    const asked = byIndex.get(index);
    if (asked?.status === 'rejected') return [];
    const quantity =
      asked?.status === 'changed' && asked.quantity !== null ? Number(asked.quantity) : item.quantity;
    return [
      { description: item.description, quantity, unit: item.unit, price: item.priceCents, vat: item.vat },
    ];
  });
  if (items.length === 0) throw conflict(takeOverMessages.noLinesLeft);
  return items;
}

export async function applyCustomerChanges(
  db: DbOrTx,
  call: TakeOverCall,
  orderId: string,
): Promise<OrderRecord> {
  const { organizationId, userId } = call.tenant;
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  let applied: OrderRecord | undefined;
  await auditedUpdate(db, call.audit, {
    read: async (tx) => orderToWire(await getOrder(tx, organizationId, orderId)),
    write: async (tx) => {
      // The order's row first, the lock every save takes (updateOrder, the approval steps).
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.organizationId, organizationId)))
        .for('update');
      if (!locked) throw notFound(ORDER_NOT_FOUND);
      const current = and(
        eq(orderConfirmations.orderId, orderId),
        eq(orderConfirmations.organizationId, organizationId),
        isNull(orderConfirmations.replacedAt),
      );
      const [link] = await tx.select().from(orderConfirmations).where(current).for('update');
      if (link?.decision !== 'changes_requested') throw conflict(takeOverMessages.noChangeRequest);
      if (link.changesAppliedAt) throw conflict(takeOverMessages.alreadyApplied);

      const order = await getOrder(tx, organizationId, orderId);
      if (!order.customerId) throw conflict(takeOverMessages.noCustomer);
      const requested = link.responseLines ?? [];
      const items = linesAsRequested(order, requested);
      const totals = computeOrderTotals(
        items.map((i) => ({ quantity: i.quantity, priceCents: i.price, vat: i.vat })),
        order.btwVerlegd,
      );
      if (totals.exceedsMaximum) throw conflict(takeOverMessages.tooLarge);
      const deliveryDate = requestedDeliveryDate(link.responseDeliveryDate, requested);

      // Before the save, so the `order.updated` event it sends already shows the request taken over.
      const now = call.audit.now();
      await tx.update(orderConfirmations).set({ changesAppliedAt: now }).where(current);
      const input: OrderInputData = {
        customer: order.customerId,
        project: order.project,
        reference: order.reference,
        items,
        status: order.status,
        paymentTerm: order.paymentTerm as (typeof PAYMENT_TERMS)[number],
        btwVerlegd: order.btwVerlegd,
        // Left out: the date, the delivery address and the remarks stay as they are.
        ...(deliveryDate ? { deliveryDate } : {}),
      };
      applied = await updateOrder(tx, organizationId, orderId, input, now, userId);
      return orderToWire(applied);
    },
    entry: { action: 'order.customer_changes_applied', objectType: 'order', objectId: orderId },
  });
  return applied!;
}
