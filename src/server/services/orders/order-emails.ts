import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEmails, orders } from '../../../db/schema';
import type { OrderEmailRecord } from '../../../shared/order-record';
import { notFound } from '../../errors';
import { preparedPerDb } from '../../prepared-queries';
import { orderEventData } from '../webhooks/event-data';
import { emitWebhookEvent } from '../webhooks/events';
import { ORDER_NOT_FOUND } from './orders';

/**
 * The send history of an order (table order_emails): one row per message the SMTP server accepted,
 * written together with the status change, never for a message that did not go out.
 */

/** Prepared: GET /orders/{id} reads it on every call (issue 12). */
const sentOfOrder = preparedPerDb((db) =>
  db
    .select({
      sentAt: orderEmails.sentAt,
      recipient: orderEmails.recipient,
      cc: orderEmails.cc,
      subject: orderEmails.subject,
      includePdf: orderEmails.includePdf,
      templateId: orderEmails.templateId,
    })
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.orderId, sql.placeholder('orderId')),
        eq(orderEmails.userId, sql.placeholder('userId')),
      ),
    )
    .orderBy(desc(orderEmails.sentAt), desc(orderEmails.id))
    .prepare('order_emails_sent'),
);

/** The order's sent messages, newest first. The caller has already found the order to be the user's. */
export async function listOrderEmails(
  db: DbOrTx,
  userId: string,
  orderId: string,
): Promise<OrderEmailRecord[]> {
  return sentOfOrder(db).execute({ orderId, userId });
}

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
  sentAt: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: 'sent' })
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
      await emitWebhookEvent(tx, userId, type, () => orderEventData(tx, userId, orderId));
  });
}
