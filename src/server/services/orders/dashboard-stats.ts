import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { customers, orderConfirmations, orderMonthTotals, orders } from '../../../db/schema';
import type { Period } from '../../../shared/constants';
import { COUNTED_ORDER_STATUSES } from '../../../shared/counted-orders';
import { decimalToCents } from '../../../shared/money';
import { growthPercent, type PeriodRange, periodRange } from '../../../shared/periods';
import { monthKey } from './order-month-totals';

/** The dashboard cards' numbers: amounts in cents, the period as instants (the wire: order-wire.ts). */
export type OrderStatsRecord = PeriodRange & {
  period: Period;
  totalOrders: { value: number; previous: number; growth: number };
  /** Excl. VAT (the orders' subtotals); `valueInclVatCents` is the same orders' totals. */
  revenue: { valueCents: number; previousCents: number; growth: number; valueInclVatCents: number };
  activeCustomers: { value: number; newInPeriod: number; newInPreviousPeriod: number; growth: number };
  /** The customers' answers to the orders' current links: waiting now; declined, changes asked in the period. */
  responses: { waiting: number; rejected: number; changesRequested: number };
};

/**
 * The dashboard's three cards (tRPC `orders.stats`), two small aggregate queries; no order is read.
 *  - Totale Orders: the counted orders (shared/counted-orders.ts: all but the cancelled ones) dated in the
 *    period vs the previous period.
 *  - Maandomzet, Kwartaalomzet, Jaaromzet: the same orders' stored subtotals (excl. VAT) vs the
 *    previous period, and their stored totals (incl. VAT) beside it; sums of numeric, so exact cents.
 *  - Actieve Klanten: customers marked active now; growth compares the active customers created in
 *    the period with those created in the previous period (not the spec's fixed +5 %).
 *  - The customers' answers: orders whose current link (the latest send's) waits now — unanswered,
 *    within its days on the app's clock, the order not cancelled — and those whose current link was
 *    declined or got a change request in the period (by the moment of the answer). The current links
 *    only, as the list's filter shows them (confirmation/response-sql.ts).
 * Growth is +100 from zero when the value is above zero, 0 when both are zero.
 */
export async function orderStats(
  db: DbOrTx,
  organizationId: string,
  period: Period,
  now: Date,
): Promise<OrderStatsRecord> {
  const { from, to, previousFrom } = periodRange(period, now);
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const p = sql`${previousFrom.toISOString()}::timestamptz`;

  // Whole Amsterdam months, so order_month_totals answers (order-month-totals.ts) instead of reading
  // every order of the two periods (docs/decisions/order-lists.md).
  const m = orderMonthTotals;
  const inPeriod = sql`${m.month} >= ${monthKey(from)}`;
  const inPrevious = sql`${m.month} < ${monthKey(from)}`;
  const [orderRow] = await db
    .select({
      orders: sql<number>`coalesce(sum(${m.orders}) filter (where ${inPeriod}), 0)`.mapWith(Number),
      previousOrders: sql<number>`coalesce(sum(${m.orders}) filter (where ${inPrevious}), 0)`.mapWith(Number),
      revenue: sql<string>`coalesce(sum(${m.subtotal}) filter (where ${inPeriod}), 0)::text`,
      previousRevenue: sql<string>`coalesce(sum(${m.subtotal}) filter (where ${inPrevious}), 0)::text`,
      revenueInclVat: sql<string>`coalesce(sum(${m.total}) filter (where ${inPeriod}), 0)::text`,
    })
    .from(m)
    .where(
      and(
        eq(m.organizationId, organizationId),
        inArray(m.status, [...COUNTED_ORDER_STATUSES]),
        gte(m.month, monthKey(previousFrom)),
        lt(m.month, monthKey(to)),
      ),
    );

  const createdIn = (a: SQL, b: SQL) =>
    sql`${customers.active} and ${customers.createdAt} >= ${a} and ${customers.createdAt} < ${b}`;
  const [customerRow] = await db
    .select({
      active: sql<number>`count(*) filter (where ${customers.active})`.mapWith(Number),
      newInPeriod: sql<number>`count(*) filter (where ${createdIn(f, t)})`.mapWith(Number),
      newInPrevious: sql<number>`count(*) filter (where ${createdIn(p, f)})`.mapWith(Number),
    })
    .from(customers)
    .where(eq(customers.organizationId, organizationId));

  const responses = await customerResponses(db, organizationId, { from, to, now });

  const o = orderRow ?? {
    orders: 0,
    previousOrders: 0,
    revenue: '0',
    previousRevenue: '0',
    revenueInclVat: '0',
  };
  const c = customerRow ?? { active: 0, newInPeriod: 0, newInPrevious: 0 };
  const revenueCents = decimalToCents(o.revenue);
  const previousRevenueCents = decimalToCents(o.previousRevenue);
  return {
    period,
    from,
    to,
    previousFrom,
    totalOrders: {
      value: o.orders,
      previous: o.previousOrders,
      growth: growthPercent(o.orders, o.previousOrders),
    },
    revenue: {
      valueCents: revenueCents,
      previousCents: previousRevenueCents,
      growth: growthPercent(revenueCents, previousRevenueCents),
      valueInclVatCents: decimalToCents(o.revenueInclVat),
    },
    activeCustomers: {
      value: c.active,
      newInPeriod: c.newInPeriod,
      newInPreviousPeriod: c.newInPrevious,
      growth: growthPercent(c.newInPeriod, c.newInPrevious),
    },
    responses,
  };
}

/**
 * One pass over the organisation's current links that still wait or were answered in the period (an
 * organisation has at most one per order, and only those a send carried). The order is read for the
 * waiting ones alone (a cancelled order's link no longer waits).
 */
async function customerResponses(
  db: DbOrTx,
  organizationId: string,
  range: { from: Date; to: Date; now: Date },
): Promise<OrderStatsRecord['responses']> {
  const c = orderConfirmations;
  const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const answeredIn = (decision: 'rejected' | 'changes_requested') =>
    sql`${c.decision} = ${decision} and ${c.respondedAt} >= ${instant(range.from)} and ${c.respondedAt} < ${instant(range.to)}`;
  const [row] = await db
    .select({
      waiting:
        sql<number>`count(*) filter (where ${c.decision} is null and ${c.expiresAt} > ${instant(range.now)}
        and exists (select 1 from ${orders} where ${orders.id} = ${c.orderId} and ${orders.status} <> 'cancelled'))`.mapWith(
          Number,
        ),
      rejected: sql<number>`count(*) filter (where ${answeredIn('rejected')})`.mapWith(Number),
      changesRequested: sql<number>`count(*) filter (where ${answeredIn('changes_requested')})`.mapWith(
        Number,
      ),
    })
    .from(c)
    // Only the links either count can see, each kind through its own index: the waiting ones by
    // order_confirmations_org_waiting_idx, the answers by order_confirmations_org_current_idx.
    .where(
      and(
        eq(c.organizationId, organizationId),
        sql`${c.replacedAt} is null`,
        sql`((${c.decision} is null and ${c.expiresAt} > ${instant(range.now)}) or (${c.decision} in ('rejected', 'changes_requested') and ${c.respondedAt} >= ${instant(range.from)} and ${c.respondedAt} < ${instant(range.to)}))`,
      ),
    );
  return row ?? { waiting: 0, rejected: 0, changesRequested: 0 };
}
