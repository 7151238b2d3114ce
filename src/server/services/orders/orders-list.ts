import { and, type Column, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { customers, orders } from '../../../db/schema';
import type { OrderSummaryRecord } from '../../../shared/order-record';
import type { OrderListQuery } from '../../../shared/schemas/order';
import { likePattern } from '../customers/customers';
import { toOrderSummaryRecord } from './order-records';
import { periodRange } from './orders-period';

/**
 * The screens' orders list (tRPC `orders.page`): search, status, period and paging all run in SQL,
 * newest first.
 *
 * Measured on 10 000 orders (scripts/bench.ts), the shape matters more than the indexes:
 *  - the filter touches `orders` only: the customer search becomes `customer_id in (matching ids
 *    among the user's customers)`, and `lower(x) like lower(p)` is about twice as fast as ILIKE;
 *  - customers are joined for the page's rows only, not for every candidate row;
 *  - a search counts its matches in the same pass (`count(*) over ()`); without a search the count
 *    and the page are two cheap index-driven queries.
 */
export type ListOrdersParams = OrderListQuery & { now?: Date };

export type OrderSummaryPage = { items: OrderSummaryRecord[]; total: number; page: number; pageSize: number };

const contains = (column: Column, pattern: string) => sql`lower(${column}) like lower(${pattern})`;

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
    const matchingCustomers = sql`select ${customers.id} from ${customers} where ${customers.userId} = ${userId} and (${contains(customers.name, p)} or ${contains(customers.company, p)})`;
    conditions.push(
      or(
        contains(orders.orderNumber, p),
        contains(orders.project, p),
        sql`${orders.customerId} in (${matchingCustomers})`,
      ),
    );
  }
  return and(...conditions);
}

const newestFirst = [desc(orders.date), desc(orders.id)];

export async function listOrdersPage(
  db: DbOrTx,
  userId: string,
  params: ListOrdersParams = {},
): Promise<OrderSummaryPage> {
  const where = listFilter(userId, params);
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? 25;
  const offset = (page - 1) * pageSize;
  const countAll = async () =>
    Number((await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0);

  let rows: (typeof orders.$inferSelect)[];
  let total: number;
  if (params.search?.trim()) {
    const found = await db
      .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(orders)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset);
    rows = found.map((r) => r.order);
    total = found[0]?.total ?? (offset > 0 ? await countAll() : 0);
  } else {
    [rows, total] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...newestFirst)
        .limit(pageSize)
        .offset(offset),
      countAll(),
    ]);
  }

  const customerIds = [...new Set(rows.map((r) => r.customerId).filter((id): id is string => id !== null))];
  const names = new Map(
    customerIds.length === 0
      ? []
      : (
          await db
            .select({ id: customers.id, name: customers.name, company: customers.company })
            .from(customers)
            .where(and(eq(customers.userId, userId), inArray(customers.id, customerIds)))
        ).map((c) => [c.id, c]),
  );
  const items = rows.map((order) => {
    const customer = order.customerId ? names.get(order.customerId) : undefined;
    return toOrderSummaryRecord({
      order,
      customerName: customer?.name ?? null,
      customerCompany: customer?.company ?? null,
    });
  });
  return { items, total, page, pageSize };
}
