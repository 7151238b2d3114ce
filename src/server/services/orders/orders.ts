import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { centsToDecimal, computeOrderTotals } from '../../../shared/money';
import type { OrderRecord, StoredCustomerSnapshot } from '../../../shared/order-record';
import { quantityToDecimal } from '../../../shared/rules/quantity';
import type { OrderInputData } from '../../../shared/schemas/order';
import { ownDeliveryAddress } from '../../../shared/schemas/order-delivery';
import { isUniqueViolation, isUuid } from '../../db-helpers';
import { AppError, notFound } from '../../errors';
import { CUSTOMER_NOT_FOUND } from '../customers/messages';
import { emitWebhookEvent } from '../webhooks/events';
import { voidChangedApproval } from './approval/void-changed';
import { customerSnapshotOf, findOwnedCustomer } from './customer-snapshot';
import { orderEventData } from './order-event-data';
import { assignOrderNumber } from './order-numbering';
import { getOrder, ORDER_NOT_FOUND } from './order-reads';
import { vatToDb } from './order-records';

export const ORDER_DELETED_MESSAGE = 'Order is verwijderd.';
export const ORDER_NUMBER_CONFLICT = 'Het ordernummer was net al in gebruik. Sla de order opnieuw op.';

type CustomerFields = Pick<typeof orders.$inferInsert, 'customerId' | 'customerSnapshot'>;

/**
 * The customer a new order is for, with its snapshot. It must be one of the organisation's own: anything
 * else is "not found", like a missing one.
 */
async function customerOfNewOrder(db: DbOrTx, organizationId: string, id: string): Promise<CustomerFields> {
  const customer = await findOwnedCustomer(db, organizationId, id);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return { customerId: customer.id, customerSnapshot: customer.snapshot };
}

/**
 * The customer fields a save of an existing order writes. Saving takes a fresh snapshot of the
 * customer as it is now: a change to the customer reaches an order when that order is saved again,
 * never before. When the order's own customer was deleted since, saving it with that same customer
 * keeps the snapshot it has (the order was written for that customer and still shows it). Any other
 * missing or foreign customer is refused as on create.
 */
async function customerOfSavedOrder(
  db: DbOrTx,
  organizationId: string,
  id: string,
  currentCustomerId: string | null,
): Promise<CustomerFields> {
  const customer = await findOwnedCustomer(db, organizationId, id);
  if (customer) return { customerId: customer.id, customerSnapshot: customer.snapshot };
  if (id.toLowerCase() === currentCustomerId) return {};
  throw notFound(CUSTOMER_NOT_FOUND);
}

/** Totals by THE rounding rule (shared/money.ts), as the numeric columns store them. */
function amounts(input: OrderInputData) {
  const totals = computeOrderTotals(
    input.items.map((i) => ({ quantity: i.quantity, priceCents: i.price, vat: i.vat })),
    input.btwVerlegd,
  );
  return {
    order: {
      subtotal: centsToDecimal(totals.subtotalCents),
      vat: centsToDecimal(totals.vatCents),
      total: centsToDecimal(totals.totalCents),
    },
    items: (orderId: string) =>
      input.items.map((i, position) => ({
        orderId,
        position,
        description: i.description,
        quantity: quantityToDecimal(i.quantity),
        unit: i.unit,
        price: centsToDecimal(i.price),
        vat: vatToDb(i.vat),
        total: centsToDecimal(totals.lines[position]!.totalCents),
      })),
  };
}

function orderFields(input: OrderInputData) {
  return {
    project: input.project,
    reference: input.reference,
    paymentTerm: input.paymentTerm,
    status: input.status,
    btwVerlegd: input.btwVerlegd,
  };
}

/**
 * Delivery and remarks as given: a field left out is not written (a PUT keeps what the order has), null
 * clears it. An address equal to the customer's is stored as null, "the customer's address".
 */
function deliveryFields(input: OrderInputData, stored: StoredCustomerSnapshot | null) {
  const customer = stored && customerSnapshotOf(stored);
  return {
    ...(input.deliveryDate !== undefined ? { deliveryDate: input.deliveryDate } : {}),
    ...(input.deliveryAddress !== undefined
      ? { deliveryAddress: ownDeliveryAddress(input.deliveryAddress, customer) }
      : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
  };
}

/**
 * `actorId` in the writes below: the person who acts (for an API key, the key's creator), kept as the
 * order's createdBy / updatedBy.
 */

/**
 * POST /orders. One transaction: check the customer, take the next number (the counter row stays
 * locked until commit), insert the order and its lines. Any failure rolls all of it back, number
 * included.
 */
export async function createOrder(
  db: DbOrTx,
  organizationId: string,
  input: OrderInputData,
  now: Date,
  actorId: string | null = null,
): Promise<OrderRecord> {
  const id = await db
    .transaction(async (tx) => {
      const customer = await customerOfNewOrder(tx, organizationId, input.customer);
      const orderNumber = await assignOrderNumber(tx, organizationId, now);
      const { order, items } = amounts(input);
      const [row] = await tx
        .insert(orders)
        .values({
          organizationId,
          orderNumber,
          date: input.date ? new Date(input.date) : now,
          createdAt: now,
          updatedAt: now,
          createdBy: actorId,
          updatedBy: actorId,
          ...orderFields(input),
          ...deliveryFields(input, customer.customerSnapshot ?? null),
          ...customer,
          ...order,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(items(row!.id));
      await emitWebhookEvent(
        tx,
        organizationId,
        'order.created',
        (at) => orderEventData(tx, organizationId, row!.id, at),
        now,
      );
      return row!.id;
    })
    .catch((err: unknown) => {
      // Only possible when two different counters format to the same number at the same moment
      // (settings changed mid-flight); the unique index refused it and nothing was stored.
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', ORDER_NUMBER_CONFLICT);
      throw err;
    });
  return getOrder(db, organizationId, id);
}

/**
 * PUT /orders/{id}: replaces the fields and the lines; the order number stays. A request for approval
 * or a decision on it lapses when the material content changes (approval/void-changed.ts).
 */
export async function updateOrder(
  db: DbOrTx,
  organizationId: string,
  id: string,
  input: OrderInputData,
  now: Date,
  actorId: string | null = null,
): Promise<OrderRecord> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  const owned = and(eq(orders.id, id), eq(orders.organizationId, organizationId));
  await db.transaction(async (tx) => {
    // Reading the row FOR UPDATE locks it, so two saves of one order apply one after the other.
    const [current] = await tx
      .select({ customerId: orders.customerId, customerSnapshot: orders.customerSnapshot })
      .from(orders)
      .where(owned)
      .for('update');
    if (!current) throw notFound(ORDER_NOT_FOUND);
    const customer = await customerOfSavedOrder(tx, organizationId, input.customer, current.customerId);
    const { order, items } = amounts(input);
    await tx
      .update(orders)
      .set({
        ...orderFields(input),
        ...deliveryFields(input, customer.customerSnapshot ?? current.customerSnapshot),
        ...customer,
        ...(input.date ? { date: new Date(input.date) } : {}),
        ...order,
        updatedAt: now,
        updatedBy: actorId,
      })
      .where(owned);
    await tx.delete(orderItems).where(eq(orderItems.orderId, id));
    await tx.insert(orderItems).values(items(id));
    // An approval holds for the content it was given for: a change to the customer, the lines, VAT or
    // verlegd voids it here, in the save's own transaction (the event below then shows `required`).
    await voidChangedApproval(tx, organizationId, id);
    await emitWebhookEvent(
      tx,
      organizationId,
      'order.updated',
      (at) => orderEventData(tx, organizationId, id, at),
      now,
    );
  });
  return getOrder(db, organizationId, id);
}

/** DELETE /orders/{id}. The `order.deleted` event carries the order as it was just before. */
export async function deleteOrder(db: DbOrTx, organizationId: string, id: string, now: Date): Promise<void> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  await db.transaction(async (tx) => {
    await emitWebhookEvent(
      tx,
      organizationId,
      'order.deleted',
      (at) => orderEventData(tx, organizationId, id, at),
      now,
    );
    const deleted = await tx
      .delete(orders)
      .where(and(eq(orders.id, id), eq(orders.organizationId, organizationId)))
      .returning({ id: orders.id });
    if (deleted.length === 0) throw notFound(ORDER_NOT_FOUND);
  });
}
