import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  type OrderConfirmationRow,
  type OrderItemRow,
  type OrderRow,
  orderConfirmations,
  orderEmails,
  orderItems,
  orders,
} from '../../../db/schema';
import type { OrderEmailRecord, OrderRecord } from '../../../shared/order-record';
import { isUuid } from '../../db-helpers';
import { notFound } from '../../errors';
import { preparedPerDb } from '../../prepared-queries';
import { actorIds, peopleByIds } from '../organizations/people';
import type { AnswerFields } from './confirmation/response-wire';
import { toOrderRecord } from './order-records';

/**
 * The reads of orders and their send history. The writes (orders.ts, order-emails.ts) announce each
 * change with the order as these read it (order-event-data.ts), so the reads sit below both.
 */

export const ORDER_NOT_FOUND = 'Order niet gevonden.';

/** GET /orders: every order of the organisation with its lines, newest first (spec §7: a plain array). */
export async function listAllOrders(db: DbOrTx, organizationId: string): Promise<OrderRecord[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.organizationId, organizationId))
    .orderBy(desc(orders.date), desc(orders.id));
  const items = await db
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.organizationId, organizationId))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const { item } of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  const people = await peopleByIds(db, actorIds(rows));
  return rows.map((r) => toOrderRecord(r, byOrder.get(r.id) ?? [], people));
}

/** The reads of one order, prepared: GET /orders/{id} is one of the hot calls. */
const ownedOrder = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, sql.placeholder('id')), eq(orders.organizationId, sql.placeholder('organizationId'))),
    )
    .limit(1)
    .prepare('order_owned'),
);

const linesOfOrder = preparedPerDb((db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position))
    .prepare('order_lines'),
);

async function findOwned(db: DbOrTx, organizationId: string, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await ownedOrder(db).execute({ id, organizationId });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export async function getOrder(db: DbOrTx, organizationId: string, id: string): Promise<OrderRecord> {
  const row = await findOwned(db, organizationId, id);
  const [lines, people] = await Promise.all([
    linesOfOrder(db).execute({ orderId: row.id }),
    peopleByIds(db, [row.createdBy, row.updatedBy]),
  ]);
  return toOrderRecord(row, lines, people);
}

/** A send in the order's history, with the answer the customer gave to the link it carried (if any). */
export type OrderEmailHistoryRecord = OrderEmailRecord & { answer: AnswerFields | null };

const c = orderConfirmations;

/**
 * Prepared: GET /orders/{id} reads it on every call. The link a send carried is found through the
 * order's own links (order_confirmations_order_idx), not by its send alone.
 */
const sentOfOrder = preparedPerDb((db) =>
  db
    .select({
      sentAt: orderEmails.sentAt,
      recipient: orderEmails.recipient,
      cc: orderEmails.cc,
      subject: orderEmails.subject,
      includePdf: orderEmails.includePdf,
      includeUbl: orderEmails.includeUbl,
      templateId: orderEmails.templateId,
      decision: c.decision,
      respondedAt: c.respondedAt,
      respondentName: c.respondentName,
      responseNote: c.responseNote,
      responseDeliveryDate: c.responseDeliveryDate,
      responseLines: c.responseLines,
    })
    .from(orderEmails)
    .leftJoin(c, and(eq(c.orderId, orderEmails.orderId), eq(c.orderEmailId, orderEmails.id)))
    .where(
      and(
        eq(orderEmails.orderId, sql.placeholder('orderId')),
        eq(orderEmails.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .orderBy(desc(orderEmails.sentAt), desc(orderEmails.id))
    .prepare('order_emails_sent'),
);

/**
 * The order's sent messages, newest first, each with the answer to its link (null: no link, or not
 * answered). The caller has already found the order to be the organisation's.
 */
export async function listOrderEmails(
  db: DbOrTx,
  organizationId: string,
  orderId: string,
): Promise<OrderEmailHistoryRecord[]> {
  const rows = await sentOfOrder(db).execute({ orderId, organizationId });
  return rows.map(
    ({
      decision,
      respondedAt,
      respondentName,
      responseNote,
      responseDeliveryDate,
      responseLines,
      ...email
    }) => ({
      ...email,
      answer: decision
        ? { decision, respondedAt, respondentName, responseNote, responseDeliveryDate, responseLines }
        : null,
    }),
  );
}

/** The order's current link: what its latest send carried, with the answer and whether it was taken over. */
export type CurrentConfirmationRecord = Pick<
  OrderConfirmationRow,
  | 'sentAt'
  | 'expiresAt'
  | 'replacedAt'
  | 'changesAppliedAt'
  | 'decision'
  | 'respondedAt'
  | 'respondentName'
  | 'responseNote'
  | 'responseDeliveryDate'
  | 'responseLines'
>;

/** Prepared, as the rest of GET /orders/{id}: order_confirmations_current_idx, one row at most. */
const currentOfOrder = preparedPerDb((db) =>
  db
    .select({
      sentAt: c.sentAt,
      expiresAt: c.expiresAt,
      replacedAt: c.replacedAt,
      changesAppliedAt: c.changesAppliedAt,
      decision: c.decision,
      respondedAt: c.respondedAt,
      respondentName: c.respondentName,
      responseNote: c.responseNote,
      responseDeliveryDate: c.responseDeliveryDate,
      responseLines: c.responseLines,
    })
    .from(c)
    .where(
      and(
        eq(c.orderId, sql.placeholder('orderId')),
        eq(c.organizationId, sql.placeholder('organizationId')),
        isNull(c.replacedAt),
      ),
    )
    .limit(1)
    .prepare('order_confirmation_current'),
);

/** The order's current link, or null when no send carried one. The caller has found the order. */
export async function currentConfirmation(
  db: DbOrTx,
  organizationId: string,
  orderId: string,
): Promise<CurrentConfirmationRecord | null> {
  const [row] = await currentOfOrder(db).execute({ orderId, organizationId });
  return row ?? null;
}
