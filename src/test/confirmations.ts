import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orderConfirmations, orderEmails, type StoredResponseLine } from '../db/schema';
import { confirmationTokenHash, newConfirmationToken } from '../server/services/orders/confirmation/token';
import type { CustomerDecision } from '../shared/order-confirmation-states';
import { DAY_MS } from './clock';

/**
 * Order confirmation links straight in the database, for the reads, lists and stats that show them:
 * the send that creates a link and the public call that answers it are not these tests' subject.
 * A new link replaces the order's current one, as a newer send does.
 */

/** A stand-in for the document a send keeps, for the reads that never look inside. */
const SAMPLE_DOCUMENT = { orderNumber: 'ORD-TEST', items: [{ description: 'Regel', quantity: 1 }] };

export type InsertedConfirmation = { id: string; token: string; expiresAt: Date };

export async function insertConfirmation(
  db: DbOrTx,
  link: {
    organizationId: string;
    orderId: string;
    sentAt: Date;
    /** Default: 90 days after sentAt. */
    expiresAt?: Date;
    /** The send that carried it; default: a send recorded here with this moment. */
    orderEmailId?: string | null;
    /** The order as the send kept it (confirmationDocumentOf), for a test that reads it; default: a stand-in. */
    document?: unknown;
  },
): Promise<InsertedConfirmation> {
  const token = newConfirmationToken();
  const expiresAt = link.expiresAt ?? new Date(link.sentAt.getTime() + 90 * DAY_MS);
  let orderEmailId = link.orderEmailId;
  if (orderEmailId === undefined) {
    const [email] = await db
      .insert(orderEmails)
      .values({
        organizationId: link.organizationId,
        orderId: link.orderId,
        recipient: 'inkoop@klant.nl',
        subject: 'Order',
        includePdf: true,
        sentAt: link.sentAt,
      })
      .returning({ id: orderEmails.id });
    orderEmailId = email!.id;
  }
  await db
    .update(orderConfirmations)
    .set({ replacedAt: link.sentAt })
    .where(and(eq(orderConfirmations.orderId, link.orderId), isNull(orderConfirmations.replacedAt)));
  const [row] = await db
    .insert(orderConfirmations)
    .values({
      organizationId: link.organizationId,
      orderId: link.orderId,
      orderEmailId,
      tokenHash: confirmationTokenHash(token),
      versionHash: createHash('sha256').update(`${link.orderId}:${link.sentAt.toISOString()}`).digest('hex'),
      document: link.document ?? SAMPLE_DOCUMENT,
      sentAt: link.sentAt,
      expiresAt,
    })
    .returning({ id: orderConfirmations.id });
  return { id: row!.id, token, expiresAt };
}

export type TestAnswer = {
  decision: CustomerDecision;
  respondedAt: Date;
  name?: string;
  note?: string | null;
  deliveryDate?: string | null;
  lines?: StoredResponseLine[];
};

/** The customer's answer on a link, as the public call records it. */
export async function answerConfirmation(db: DbOrTx, confirmationId: string, answer: TestAnswer) {
  await db
    .update(orderConfirmations)
    .set({
      decision: answer.decision,
      respondedAt: answer.respondedAt,
      respondentName: answer.name ?? 'Petra Jansen',
      responseNote: answer.note ?? null,
      responseDeliveryDate: answer.deliveryDate ?? null,
      responseLines: answer.lines ?? [],
    })
    .where(eq(orderConfirmations.id, confirmationId));
}

/** A link and its answer at once. */
export async function answeredConfirmation(
  db: DbOrTx,
  link: Parameters<typeof insertConfirmation>[1],
  answer: TestAnswer,
): Promise<InsertedConfirmation> {
  const inserted = await insertConfirmation(db, link);
  await answerConfirmation(db, inserted.id, answer);
  return inserted;
}

/** `customerResponse` and `confirmation` of GET /orders/{id} for an order no send has carried a link for. */
export const NO_CONFIRMATION = { customerResponse: null, confirmation: null } as const;
