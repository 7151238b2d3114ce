import { and, type Column, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema';
import type { OrderSummaryRecord } from '../../../shared/order-record';
import type { OrderListQuery } from '../../../shared/schemas/order';
import { likePattern } from '../../db-helpers';
import { toOrderSummaryRecord } from './order-records';
import { periodRange } from './orders-period';

/**
 * The screens' orders list (tRPC `orders.page`): search, status, period and paging all run in SQL,
 * newest first.
 *
 * Measured on 10 000 orders (scripts/bench.ts), the shape matters more than the indexes:
 *  - the filter touches `orders` only: the customer's name and company are those of the order's
 *    customer snapshot (what the list shows, even after the customer was renamed or deleted), kept
 *    lowercased in the generated column customer_search; `lower(x) like lower(p)` is about twice as
 *    fast as ILIKE;
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
    conditions.push(
      or(
        contains(orders.orderNumber, p),
        contains(orders.project, p),
        // Already lowercased: name and company of the snapshot (schema/orders.ts).
        sql`${orders.customerSearch} like lower(${p})`,
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

  const searching = Boolean(params.search?.trim());
  // The page's ids first, then its rows: sorting and skipping narrow (date, id) tuples instead of
  // whole orders with their customer snapshot keeps deep pages fast (page 200 of 10 000 orders took
  // about 3× as long the other way).
  const pageIds = db
    .select({
      id: orders.id,
      // A search counts its matches in the same pass; otherwise countAll() runs beside it.
      matches: (searching ? sql`count(*) over ()` : sql`null`).mapWith(Number).as('matches'),
    })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset(offset)
    .as('page_ids');
  const pageRows = db
    .select({ order: orders, matches: pageIds.matches })
    .from(orders)
    .innerJoin(pageIds, eq(pageIds.id, orders.id))
    .orderBy(...newestFirst);

  let found: Awaited<typeof pageRows>;
  let total: number;
  if (searching) {
    found = await pageRows;
    total = found[0]?.matches ?? (offset > 0 ? await countAll() : 0);
  } else {
    [found, total] = await Promise.all([pageRows, countAll()]);
  }

  const items = found.map((r) => toOrderSummaryRecord(r.order));
  return { items, total, page, pageSize };
}
