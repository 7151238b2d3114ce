import type { DbOrTx } from '../../../db/client';
import { orderApproval } from './approval/read';
import { currentConfirmation, getOrder, listOrderEmails } from './order-reads';
import { orderWithEmailsToWire } from './order-wire';

/**
 * An order event's `data`: the order exactly as GET /api/orders/{id} answers it, read in the event's
 * transaction; `now` (the event's moment, on the app's clock) decides whether its link still works.
 */
export async function orderEventData(tx: DbOrTx, organizationId: string, orderId: string, now: Date) {
  const order = await getOrder(tx, organizationId, orderId);
  const [emails, approval, link] = await Promise.all([
    listOrderEmails(tx, organizationId, orderId),
    orderApproval(tx, organizationId, order),
    currentConfirmation(tx, organizationId, orderId),
  ]);
  return orderWithEmailsToWire(order, emails, approval, link, now);
}
