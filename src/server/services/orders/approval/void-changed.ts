import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { orderApprovals } from '../../../../db/schema';
import { getOrder } from '../order-reads';
import { approvalContentHash } from './rule';

/**
 * After a save of an order, inside its transaction (with the order's row locked): a request or
 * decision taken for other content than the order now has is removed, so the order is `required`
 * again. A save that kept the customer, lines, VAT and verlegd keeps it. The order is read again
 * only when it has a step. Answers whether one was removed.
 */
export async function voidChangedApproval(
  tx: DbOrTx,
  organizationId: string,
  orderId: string,
): Promise<boolean> {
  const owned = and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.organizationId, organizationId));
  const [step] = await tx
    .select({ contentHash: orderApprovals.contentHash })
    .from(orderApprovals)
    .where(owned);
  if (!step) return false;
  const order = await getOrder(tx, organizationId, orderId);
  if (approvalContentHash(order) === step.contentHash) return false;
  await tx.delete(orderApprovals).where(owned);
  return true;
}
