import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema';
import { addDays, startOfAmsterdamDay } from '../../../shared/dates';
import type { OrderRecord } from '../../../shared/order-record';
import type { OrderApiListQuery } from '../../../shared/schemas/api-list';
import type { Tenant } from '../organizations/tenant';
import { approvalStateIs } from './approval/state-sql';
import { responseStateIs } from './confirmation/response-sql';
import { searchCondition } from './orders-list';
import { type OrderSort, readOrders } from './orders-stream';

/**
 * `GET /api/orders` with an integrator's parameters: the same filters for the streamed
 * whole list and for one page of it, so a page is always a slice of what the list without `limit`
 * answers.
 */

/**
 * The conditions of a query, beside "the organisation's own orders". Days are Dutch calendar days;
 * `createdBy=me` is the calling person (`userId`: for an API key, its creator); `approval` is the
 * derived approval state (approval/state-sql.ts); `response` the customer's answer to the current
 * link, whose waiting depends on `now` (the app's clock; confirmation/response-sql.ts).
 */
export function orderApiFilter(
  q: OrderApiListQuery,
  caller: Pick<Tenant, 'organizationId' | 'userId'>,
  now: Date,
): SQL | undefined {
  const { userId } = caller;
  const search = q.search?.trim();
  return and(
    q.createdBy ? eq(orders.createdBy, q.createdBy === 'me' ? userId : q.createdBy) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.from ? gte(orders.date, startOfAmsterdamDay(q.from)) : undefined,
    // `to` is the last day included.
    q.to ? lt(orders.date, startOfAmsterdamDay(addDays(q.to, 1))) : undefined,
    search ? searchCondition(search) : undefined,
    q.updatedSince ? gte(orders.updatedAt, new Date(q.updatedSince)) : undefined,
    q.approval ? approvalStateIs(q.approval) : undefined,
    q.response ? responseStateIs(q.response, caller.organizationId, now) : undefined,
  );
}

export const orderApiSort = (q: OrderApiListQuery): OrderSort => (q.updatedSince ? 'updated' : 'newest');

/** One page: `limit` orders from `offset`, and how many match in all (for X-Total-Count). */
export async function listOrdersPageForApi(
  db: DbOrTx,
  tenant: Pick<Tenant, 'organizationId' | 'userId'>,
  q: OrderApiListQuery & { limit: number },
  now: Date,
): Promise<{ records: OrderRecord[]; total: number }> {
  const { organizationId } = tenant;
  const where = orderApiFilter(q, tenant, now);
  const [page, [counted]] = await Promise.all([
    readOrders(db, organizationId, { where, sort: orderApiSort(q), limit: q.limit, offset: q.offset ?? 0 }),
    db
      .select({ total: count() })
      .from(orders)
      .where(and(eq(orders.organizationId, organizationId), where)),
  ]);
  return { records: page.records, total: counted?.total ?? 0 };
}
