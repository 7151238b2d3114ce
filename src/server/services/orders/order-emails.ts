import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEmails, orders } from '../../../db/schema';
import type { OrderStatus } from '../../../shared/constants';
import type { OrderEmailRecord } from '../../../shared/order-record';
import { notFound } from '../../errors';
import { emitWebhookEvent } from '../webhooks/events';
import { type NewConfirmationLink, recordConfirmationLink } from './confirmation/links';
import { orderEventData } from './order-event-data';
import { ORDER_NOT_FOUND } from './order-reads';

/**
 * The send history of an order (table order_emails): one row per message the SMTP server accepted,
 * written together with the status change, never for a message that did not go out. Read by
 * listOrderEmails (order-reads.ts).
 */

export type SentEmail = Omit<OrderEmailRecord, 'sentAt'> & { messageId?: string | null };

/**
 * After the SMTP server accepted the message: it joins the order's history, and a `concept` order
 * becomes `sent`, in one transaction. A paid or cancelled order keeps its status: a copy or reminder
 * sent later must not undo 'Betaald' or bring a cancelled order back into the revenue. Webhook events:
 * `order.sent` always, `order.updated` when the status changed. With `link`, the customer's link the
 * message carried becomes the order's current one (confirmation/links.ts). An order deleted meanwhile is "not
 * found" and nothing is recorded. Answers the order's status afterwards.
 */
export async function recordOrderSent(
  db: DbOrTx,
  organizationId: string,
  orderId: string,
  email: SentEmail,
  sentAt: Date,
  link?: NewConfirmationLink,
): Promise<OrderStatus> {
  return db.transaction(async (tx) => {
    const ofThisUser = and(eq(orders.id, orderId), eq(orders.organizationId, organizationId));
    const promoted = await tx
      .update(orders)
      .set({ status: 'sent', updatedAt: sentAt })
      .where(and(ofThisUser, eq(orders.status, 'concept')))
      .returning({ status: orders.status });
    // Locks the row like the update does, so a concurrent status change cannot slip in between.
    const [current] = promoted.length
      ? promoted
      : await tx.select({ status: orders.status }).from(orders).where(ofThisUser).for('update');
    if (!current) throw notFound(ORDER_NOT_FOUND);
    const [sent] = await tx
      .insert(orderEmails)
      .values({
        organizationId,
        orderId,
        recipient: email.recipient,
        cc: email.cc,
        subject: email.subject,
        includePdf: email.includePdf,
        includeUbl: email.includeUbl,
        templateId: email.templateId,
        messageId: email.messageId ?? null,
        sentAt,
      })
      .returning({ id: orderEmails.id });
    if (link && sent)
      await recordConfirmationLink(tx, { organizationId, orderId, orderEmailId: sent.id }, link, sentAt);
    // When the status changed, a sync listening to order.updated alone sees it as well.
    const events = promoted.length ? (['order.updated', 'order.sent'] as const) : (['order.sent'] as const);
    for (const type of events)
      await emitWebhookEvent(
        tx,
        organizationId,
        type,
        (at) => orderEventData(tx, organizationId, orderId, at),
        sentAt,
      );
    return current.status;
  });
}
