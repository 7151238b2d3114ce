import { and, type Column, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrderRow, orders } from '../../../db/schema';
import type { ResponseFilter } from '../../../shared/order-confirmation-states';
import type { OrderSummaryRecord } from '../../../shared/order-record';
import { periodRange } from '../../../shared/periods';
import type { ApprovalState } from '../../../shared/schemas/approval';
import type { OrderListQuery } from '../../../shared/schemas/order';
import { likePattern } from '../../db-helpers';
import { actorIds, peopleByIds } from '../organizations/people';
import { approvalStateIs, approvalStateSql } from './approval/state-sql';
import { responseStateIs, responseStateSql } from './confirmation/response-sql';
import { locateOffset, monthCounts } from './order-month-totals';
import { toOrderSummaryRecord } from './order-records';

/**
 * The screens' orders list (tRPC `orders.page`): search, status, period and paging all run in SQL,
 * newest first.
 *
 * The shape of the query matters more than the indexes (docs/decisions/order-lists.md):
 *  - the filter touches `orders` only: the customer's name and company are those of the order's
 *    customer snapshot (what the list shows, even after the customer was renamed or deleted), kept
 *    lowercased in the generated column customer_search; `lower(x) like lower(p)` is faster than
 *    ILIKE;
 *  - a search counts its matches in the same pass (`count(*) over ()`), found through the trigram
 *    indexes (schema/orders.ts); without a search the total and the page's starting month come from
 *    order_month_totals (filteredPage below).
 * A search that matches a large part of the orders still rechecks every match to count it exactly.
 */
export type ListOrdersParams = OrderListQuery & { now: Date; userId: string };

/**
 * A row of the list: the summary, where it stands with its approval (approval/state-sql.ts) and the
 * customer's answer to its current link (confirmation/response-sql.ts).
 */
export type OrderPageRecord = OrderSummaryRecord & {
  approvalState: ApprovalState;
  response: ResponseFilter | null;
};

export type OrderSummaryPage = { items: OrderPageRecord[]; total: number; page: number; pageSize: number };

const contains = (column: Column, pattern: string) => sql`lower(${column}) like lower(${pattern})`;

/**
 * An order matches a search when its number, project, or customer snapshot name or company contains
 * the text. Each side is an expression with a trigram index (schema/orders.ts), so three characters or
 * more are a bitmap of candidates; fewer give no trigram and the organisation's orders are scanned.
 */
export function searchCondition(search: string): SQL | undefined {
  const p = likePattern(search);
  return or(
    contains(orders.orderNumber, p),
    contains(orders.project, p),
    // Already lowercased: name and company of the snapshot (schema/orders.ts).
    sql`${orders.customerSearch} like lower(${p})`,
  );
}

function listFilter(organizationId: string, params: ListOrdersParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(orders.organizationId, organizationId)];
  if (params.status) conditions.push(eq(orders.status, params.status));
  if (params.createdBy === 'me') conditions.push(eq(orders.createdBy, params.userId));
  if (params.approval) conditions.push(approvalStateIs(params.approval));
  if (params.response) conditions.push(responseStateIs(params.response, organizationId, params.now));
  if (params.period && params.period !== 'all') {
    const { from, to } = periodRange(params.period, params.now);
    conditions.push(gte(orders.date, from), lt(orders.date, to));
  }
  const search = params.search?.trim();
  if (search) conditions.push(searchCondition(search));
  return and(...conditions);
}

/**
 * Newest first, spelled as the indexes are built: drizzle writes `.desc()` in an index as DESC NULLS
 * LAST, while a plain ORDER BY … DESC means NULLS FIRST, and Postgres does not use an index whose null
 * order differs (even for NOT NULL columns). With plain DESC, page 1 sorted the whole account (a
 * parallel scan and top-N sort) instead of reading the first index entries.
 */
export const newestFirst = [sql`${orders.date} desc nulls last`, sql`${orders.id} desc nulls last`];

export async function listOrdersPage(
  db: DbOrTx,
  organizationId: string,
  params: ListOrdersParams,
): Promise<OrderSummaryPage> {
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? 25;
  const offset = (page - 1) * pageSize;
  // One person's orders, those waiting for approval and those with an answer are not in
  // order_month_totals: they are counted like a search's matches.
  const found =
    params.search?.trim() || params.createdBy || params.approval || params.response
      ? await searchPage(db, organizationId, params, offset, pageSize)
      : await filteredPage(db, organizationId, params, offset, pageSize);
  const people = await peopleByIds(db, actorIds(found.rows.map((r) => r.order)));
  return {
    items: found.rows.map((row) => ({
      ...toOrderSummaryRecord(row.order, people),
      approvalState: row.approvalState,
      response: row.response,
    })),
    total: found.total,
    page,
    pageSize,
  };
}

type FoundRows = {
  rows: { order: OrderRow; approvalState: ApprovalState; response: ResponseFilter | null }[];
  total: number;
};

/**
 * The page's ids first, then its rows: sorting and skipping narrow (date, id) index entries instead
 * of whole orders with their customer snapshot keeps deeper pages fast.
 */
function pageRows(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number; withCount: boolean; now: Date },
) {
  const { limit, offset, withCount } = page;
  // A search counts every match anyway, so walking the date index in order gains nothing; it is
  // ordered by plain DESC (NULLS FIRST, the same order for these NOT NULL columns), which no index
  // matches, so the plan stays "trigram bitmap, then sort the matches" also as a generic plan of a
  // prepared statement. Ordered like the index, a search that matches nothing walked every order of
  // the account (docs/decisions/order-lists.md).
  const order = withCount ? [desc(orders.date), desc(orders.id)] : newestFirst;
  const pageIds = db
    .select({
      id: orders.id,
      matches: (withCount ? sql`count(*) over ()` : sql`null`).mapWith(Number).as('matches'),
    })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .select({
      order: orders,
      approvalState: approvalStateSql,
      response: responseStateSql(page.now),
      matches: pageIds.matches,
    })
    .from(orders)
    .innerJoin(pageIds, eq(pageIds.id, orders.id))
    .orderBy(...order);
}

/**
 * Without a search every filter is whole Amsterdam months and at most one status, so the total comes
 * from order_month_totals (order-month-totals.ts) instead of counting the orders, and the page starts
 * in its own month instead of skipping every newer order (docs/decisions/order-lists.md).
 */
async function filteredPage(
  db: DbOrTx,
  organizationId: string,
  params: ListOrdersParams,
  offset: number,
  pageSize: number,
): Promise<FoundRows> {
  const range = params.period && params.period !== 'all' ? periodRange(params.period, params.now) : undefined;
  const counts = await monthCounts(db, organizationId, {
    status: params.status,
    from: range?.from,
    to: range?.to,
  });
  const total = counts.reduce((n, c) => n + c.orders, 0);
  const start = locateOffset(counts, offset);
  if (!start) return { rows: [], total };
  const where = and(listFilter(organizationId, params), lt(orders.date, start.before));
  const rows = await pageRows(db, where, {
    limit: pageSize,
    offset: start.skip,
    withCount: false,
    now: params.now,
  });
  return { rows, total };
}

/** A search counts its matches in the same pass as it picks the page (`count(*) over ()`). */
async function searchPage(
  db: DbOrTx,
  organizationId: string,
  params: ListOrdersParams,
  offset: number,
  pageSize: number,
): Promise<FoundRows> {
  const where = listFilter(organizationId, params);
  const rows = await pageRows(db, where, { limit: pageSize, offset, withCount: true, now: params.now });
  const total =
    rows[0]?.matches ??
    (offset > 0 ? Number((await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0) : 0);
  return { rows, total };
}
