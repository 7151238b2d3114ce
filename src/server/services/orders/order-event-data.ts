import type { DbOrTx } from '../../../db/client';
import { orderApproval } from './approval/read';
import { getOrder, listOrderEmails } from './order-reads';
import { orderWithEmailsToWire } from './order-wire';

/** An order event's `data`: the order exactly as GET /api/orders/{id} answers it, read in the event's transaction. */
export async function orderEventData(tx: DbOrTx, organizationId: string, orderId: string) {
  const order = await getOrder(tx, organizationId, orderId);
  const [emails, approval] = await Promise.all([
    listOrderEmails(tx, organizationId, orderId),
    orderApproval(tx, organizationId, order),
  ]);
  return orderWithEmailsToWire(order, emails, approval);
}
