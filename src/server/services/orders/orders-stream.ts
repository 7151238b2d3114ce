import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrderItemRow, orderItems, orders } from '../../../db/schema';
import type { OrderRecord } from '../../../shared/order-record';
import { actorIds, peopleByIds } from '../organizations/people';
import { toOrderRecord } from './order-records';

/**
 * Every order of an organisation with its lines, newest first (the order of listAllOrders in order-reads.ts: date,
 * then id, both descending), read in keyset batches (ORDER_STREAM_BATCH_SIZE) so that GET /api/orders never holds the whole list:
 * 100 000 orders as one array took gigabytes and blocked the event loop for seconds.
 *
 * Each batch is two indexed queries — the next `batchSize` orders after the last one sent
 * (orders_org_date_idx: organization_id, date desc, id desc) and their lines (order_items_order_position_idx)
 * — and no transaction spans them: holding one would keep a pool connection for the whole list and, on
 * PGlite, block every other query until the last batch. The keyset makes that safe: an order that does
 * not change while the list is read appears exactly once; one created, changed or deleted meanwhile may
 * or may not be in it, as with any read that races a write.
 */

/**
 * Orders per batch. On PGlite a query runs in this thread, so a batch is also the longest the event
 * loop is held: 20 000 orders read in 24 s at 500 per batch (500 ids in one IN list) and in 10 s at
 * 200, on the loaded two-core machine; on Postgres 100, 250 or 500 made no measurable difference.
 */
export const ORDER_STREAM_BATCH_SIZE = 200;

/**
 * The two orders a list can have: newest first (the spec's list, on orders_org_date_idx), or the
 * least recently changed first (`updatedSince`, on orders_org_updated_idx): an integrator that syncs
 * changes reads them in the order they happened, so a change made while it pages lands at the end
 * instead of shifting the pages it has not read yet. Both end on the id, so equal dates keep one order.
 */
export type OrderSort = 'newest' | 'updated';

const SORTS = {
  // NULLS LAST as the index is declared (both columns are NOT NULL, so the order is listAllOrders'):
  // a plain DESC means NULLS FIRST, which the index cannot give, and Postgres then sorted all of the
  // user's remaining orders for every batch (docs/decisions/order-lists.md).
  newest: {
    key: orders.date,
    orderBy: [sql`${orders.date} desc nulls last`, sql`${orders.id} desc nulls last`],
  },
  updated: { key: orders.updatedAt, orderBy: [sql`${orders.updatedAt} asc`, sql`${orders.id} asc`] },
} as const;

/**
 * Where the last batch ended. `key` is Postgres's own text of the sort's timestamp: a JS Date keeps
 * only milliseconds, and a cursor cut to them would skip or repeat orders stored with microseconds.
 */
type Cursor = { key: string; id: string };

async function linesOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>(orderIds.map((id) => [id, []]));
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const r of rows) byOrder.get(r.orderId)?.push(r);
  return byOrder;
}

export type OrderRead = {
  /** Conditions beside the organisation's own orders (orders-api-list.ts). */
  where?: SQL | undefined;
  sort?: OrderSort;
  cursor?: Cursor | null;
  limit: number;
  offset?: number;
};

/** One page of the organisation's orders with their lines, and where it ended. */
export async function readOrders(
  db: DbOrTx,
  organizationId: string,
  { where, sort = 'newest', cursor = null, limit, offset = 0 }: OrderRead,
): Promise<{ records: OrderRecord[]; cursor: Cursor | null }> {
  const { key, orderBy } = SORTS[sort];
  const after = cursor
    ? sort === 'newest'
      ? sql`(${key}, ${orders.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${key}, ${orders.id}) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const rows = await db
    .select({ order: orders, cursorKey: sql<string>`${key}::text` })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), where, after))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  const last = rows.at(-1);
  if (!last) return { records: [], cursor: null };
  const [lines, people] = await Promise.all([
    linesOf(
      db,
      rows.map((r) => r.order.id),
    ),
    peopleByIds(db, actorIds(rows.map((r) => r.order))),
  ]);
  return {
    records: rows.map(({ order }) => toOrderRecord(order, lines.get(order.id) ?? [], people)),
    cursor: { key: last.cursorKey, id: last.order.id },
  };
}

/**
 * The organisation's orders (those matching `where`, when given) as batches of at most `batchSize` (never an
 * empty batch; no batch at all for no orders). The next batch is read only when the consumer asks for it, so a slow client holds one batch.
 */
export async function* orderBatches(
  db: DbOrTx,
  organizationId: string,
  {
    batchSize = ORDER_STREAM_BATCH_SIZE,
    where,
    sort,
  }: { batchSize?: number; where?: SQL | undefined; sort?: OrderSort } = {},
): AsyncGenerator<OrderRecord[], void, undefined> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize ${batchSize}`);
  let cursor: Cursor | null = null;
  do {
    const batch = await readOrders(db, organizationId, { where, sort, cursor, limit: batchSize });
    if (batch.records.length > 0) yield batch.records;
    // A short batch was the last one: no need to ask again for nothing.
    cursor = batch.records.length === batchSize ? batch.cursor : null;
  } while (cursor);
}
