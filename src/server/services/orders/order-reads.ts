import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrderItemRow, type OrderRow, orderEmails, orderItems, orders } from '../../../db/schema';
import type { OrderEmailRecord, OrderRecord } from '../../../shared/order-record';
import { isUuid } from '../../db-helpers';
import { notFound } from '../../errors';
import { preparedPerDb } from '../../prepared-queries';
import { actorIds, peopleByIds } from '../organizations/people';
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

/** Prepared: GET /orders/{id} reads it on every call. */
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
    })
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.orderId, sql.placeholder('orderId')),
        eq(orderEmails.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .orderBy(desc(orderEmails.sentAt), desc(orderEmails.id))
    .prepare('order_emails_sent'),
);

/** The order's sent messages, newest first. The caller has already found the order to be the organisation's. */
export async function listOrderEmails(
  db: DbOrTx,
  organizationId: string,
  orderId: string,
): Promise<OrderEmailRecord[]> {
  return sentOfOrder(db).execute({ orderId, organizationId });
}
