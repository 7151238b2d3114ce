import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEmails, orders } from '../../../db/schema';
import type { OrderEmailRecord } from '../../../shared/order-record';
import { notFound } from '../../errors';
import { emitWebhookEvent } from '../webhooks/events';
import { orderEventData } from './order-event-data';
import { ORDER_NOT_FOUND } from './order-reads';

/**
 * The send history of an order (table order_emails): one row per message the SMTP server accepted,
 * written together with the status change, never for a message that did not go out. Read by
 * listOrderEmails (order-reads.ts).
 */

export type SentEmail = Omit<OrderEmailRecord, 'sentAt'> & { messageId?: string | null };

/**
 * After the SMTP server accepted the message: the order becomes `sent` and the message joins its
 * history, in one transaction, with the webhook events `order.updated` and `order.sent`. An order deleted meanwhile is "not found" and nothing is recorded.
 */
export async function recordOrderSent(
  db: DbOrTx,
  userId: string,
  orderId: string,
  email: SentEmail,
  sentAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: 'sent', updatedAt: sentAt })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .returning({ id: orders.id });
    if (updated.length === 0) throw notFound(ORDER_NOT_FOUND);
    await tx.insert(orderEmails).values({
      userId,
      orderId,
      recipient: email.recipient,
      cc: email.cc,
      subject: email.subject,
      includePdf: email.includePdf,
      templateId: email.templateId,
      messageId: email.messageId ?? null,
      sentAt,
    });
    // The status changed too: a sync listening to order.updated alone sees it as well.
    for (const type of ['order.updated', 'order.sent'] as const)
      await emitWebhookEvent(tx, userId, type, () => orderEventData(tx, userId, orderId), sentAt);
  });
}
