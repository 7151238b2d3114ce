import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { orderConfirmations } from '../../../../db/schema';
import { CONFIRMATION_LINK_DAYS } from '../../../../shared/order-confirmation-states';
import type { ConfirmationDocument } from './document';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a send hands over to be recorded with it: the version it carried, and the token's hash (never
 * the token); `tokenHash` null for a send without the link.
 */
export type NewConfirmationLink = {
  tokenHash: string | null;
  versionHash: string;
  document: ConfirmationDocument;
};

/**
 * The link a send carried (or, without one, the version it carried), recorded in the transaction that records the send (order-emails.ts), so
 * only a message the SMTP server accepted has a link that works: the order's current link is marked
 * replaced (its page then says a newer version was sent), and the new one becomes current, valid for
 * CONFIRMATION_LINK_DAYS on the app's clock. The answer is final per version: when the link it
 * replaces was for the same version (the same order sent again, say to another address) and was
 * answered, the answer carries over, so the customer is not asked again for what they answered.
 */
export async function recordConfirmationLink(
  tx: DbOrTx,
  scope: { organizationId: string; orderId: string; orderEmailId: string },
  link: NewConfirmationLink,
  sentAt: Date,
): Promise<void> {
  const { organizationId, orderId } = scope;
  const current = and(
    eq(orderConfirmations.orderId, orderId),
    eq(orderConfirmations.organizationId, organizationId),
    isNull(orderConfirmations.replacedAt),
  );
  const { tokenHash } = link;
  if (tokenHash === null) {
    // Sent without a link: a newer version still replaces the current link (the customer must not
    // answer what the seller has since changed); the same version leaves it as it is.
    await tx
      .update(orderConfirmations)
      .set({ replacedAt: sentAt })
      .where(and(current, ne(orderConfirmations.versionHash, link.versionHash)));
    return;
  }
  const [previous] = await tx
    .update(orderConfirmations)
    .set({ replacedAt: sentAt })
    .where(current)
    .returning();
  const answer =
    previous?.decision && previous.versionHash === link.versionHash
      ? {
          decision: previous.decision,
          respondedAt: previous.respondedAt,
          respondentName: previous.respondentName,
          responseNote: previous.responseNote,
          responseDeliveryDate: previous.responseDeliveryDate,
          responseLines: previous.responseLines,
          changesAppliedAt: previous.changesAppliedAt,
        }
      : {};
  await tx.insert(orderConfirmations).values({
    organizationId,
    orderId,
    orderEmailId: scope.orderEmailId,
    tokenHash,
    versionHash: link.versionHash,
    document: link.document,
    sentAt,
    expiresAt: new Date(sentAt.getTime() + CONFIRMATION_LINK_DAYS * DAY_MS),
    ...answer,
  });
}
