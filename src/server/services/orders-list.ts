import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, orders } from '../../db/schema';
import type { OrderListQuery, OrderPage } from '../../shared/schemas/order';
import { likePattern } from './customers';
import { customerJoin, orderColumns, toOrderSummary } from './orders';
import { periodRange } from './orders-period';

/**
 * The screens' orders list (tRPC `orders.page`): search, status, period and paging all run in SQL,
 * newest first, on the (user_id, date) and (user_id, status, date) indexes.
 */
export type ListOrdersParams = OrderListQuery & { now?: Date };

function listFilter(userId: string, params: ListOrdersParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(orders.userId, userId)];
  if (params.status) conditions.push(eq(orders.status, params.status));
  if (params.period && params.period !== 'all') {
    const { from, to } = periodRange(params.period, params.now);
    conditions.push(gte(orders.date, from), lt(orders.date, to));
  }
  const search = params.search?.trim();
  if (search) {
    const p = likePattern(search);
    conditions.push(
      or(
        ilike(orders.orderNumber, p),
        ilike(customers.name, p),
        ilike(customers.company, p),
        ilike(orders.project, p),
      ),
    );
  }
  return and(...conditions);
}

export async function listOrdersPage(
  db: DbOrTx,
  userId: string,
  params: ListOrdersParams = {},
): Promise<OrderPage> {
  const where = listFilter(userId, params);
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? 25;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .leftJoin(customers, customerJoin)
      .where(where)
      .orderBy(desc(orders.date), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders).leftJoin(customers, customerJoin).where(where),
  ]);
  return { items: rows.map(toOrderSummary), total: Number(totalRow?.total ?? 0), page, pageSize };
}
