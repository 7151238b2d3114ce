import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrderItemRow, type OrderRow, orderItems, orders } from '../../../db/schema';
import type { OrderRecord } from '../../../shared/order-record';
import { isUniqueViolation, isUuid } from '../../db-helpers';
import { AppError, notFound } from '../../errors';
import { emitWebhookEvent } from '../webhooks/events';
import { findOwnedCustomer } from './customer-snapshot';
import { orderEventData } from './order-event-data';
import { assignOrderNumber } from './order-numbering';
import { getOrder, ORDER_NOT_FOUND } from './order-reads';
import { ORDER_NUMBER_CONFLICT } from './orders';

/**
 * The columns a copy does not take from its original: its identity, its number, its moment and its
 * place in the workflow (a copy starts as a new concept), and what the database derives itself.
 * Every other column is copied as it is, so a field added to orders later is copied without a change
 * here.
 */
const FRESH_ORDER_COLUMNS = [
  'id',
  'orderNumber',
  'date',
  'status',
  'createdAt',
  'updatedAt',
  'customerSearch',
] as const satisfies readonly (keyof OrderRow)[];

/** The same for a line: it gets its own id and belongs to the copy. */
const FRESH_ITEM_COLUMNS = ['id', 'orderId'] as const satisfies readonly (keyof OrderItemRow)[];

function without<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Omit<T, K> {
  const copy: Partial<T> = { ...row };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/**
 * POST /orders/{id}/duplicate: a new concept with the next number and today's date, for the same
 * customer, with the same lines and every other field of the original. The customer's details are
 * taken as they are now, as any new order takes them; when that customer has been deleted since, the
 * copy keeps the original's snapshot (it is still the order written for them). One transaction, like
 * a create: a failure leaves neither the order nor a used number.
 */
export async function duplicateOrder(
  db: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
  actorId: string | null = null,
): Promise<OrderRecord> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  const copyId = await db
    .transaction(async (tx) => {
      const [original] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.organizationId, organizationId)))
        .limit(1);
      if (!original) throw notFound(ORDER_NOT_FOUND);
      const lines = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, original.id))
        .orderBy(asc(orderItems.position));
      const customer = original.customerId
        ? await findOwnedCustomer(tx, organizationId, original.customerId)
        : null;
      const orderNumber = await assignOrderNumber(tx, organizationId, now);
      const [row] = await tx
        .insert(orders)
        .values({
          ...without(original, FRESH_ORDER_COLUMNS),
          ...(customer ? { customerSnapshot: customer.snapshot } : {}),
          orderNumber,
          date: now,
          status: 'concept',
          createdAt: now,
          updatedAt: now,
          // The copy is the work of whoever duplicates, not of the original's author.
          createdBy: actorId,
          updatedBy: actorId,
        })
        .returning({ id: orders.id });
      const copy = row!.id;
      if (lines.length > 0) {
        await tx
          .insert(orderItems)
          .values(lines.map((line) => ({ ...without(line, FRESH_ITEM_COLUMNS), orderId: copy })));
      }
      await emitWebhookEvent(
        tx,
        organizationId,
        'order.created',
        (at) => orderEventData(tx, organizationId, copy, at),
        now,
      );
      return copy;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', ORDER_NUMBER_CONFLICT);
      throw err;
    });
  return getOrder(db, organizationId, copyId);
}
