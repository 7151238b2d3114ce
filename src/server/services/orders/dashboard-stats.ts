import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { customers, orders } from '../../../db/schema';
import type { Period } from '../../../shared/constants';
import { decimalToCents } from '../../../shared/money';
import { growthPercent, type PeriodRange, periodRange } from './orders-period';

/** The dashboard cards' numbers: amounts in cents, the period as instants (the wire: order-wire.ts). */
export type OrderStatsRecord = PeriodRange & {
  period: Period;
  totalOrders: { value: number; previous: number; growth: number };
  revenue: { valueCents: number; previousCents: number; growth: number };
  activeCustomers: { value: number; newInPeriod: number; newInPreviousPeriod: number; growth: number };
};

/**
 * The dashboard's three cards (tRPC `orders.stats`), each one aggregate query; no order is loaded.
 *  - Totale Orders: orders dated in the period (every status) vs the previous period.
 *  - Maandomzet: the sum of the stored order totals (incl. VAT, by the rounding rule of
 *    shared/money.ts) dated in the period, cancelled orders excluded, vs the previous period.
 *  - Actieve Klanten: customers marked active now; growth compares the active customers created in
 *    the period with those created in the previous period (not the spec's fixed +5 %).
 * Growth is +100 from zero when the value is above zero, 0 when both are zero.
 */
export async function orderStats(
  db: DbOrTx,
  userId: string,
  period: Period,
  now: Date = new Date(),
): Promise<OrderStatsRecord> {
  const { from, to, previousFrom } = periodRange(period, now);
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const p = sql`${previousFrom.toISOString()}::timestamptz`;
  const inPeriod = sql`${orders.date} >= ${f} and ${orders.date} < ${t}`;
  const inPrevious = sql`${orders.date} >= ${p} and ${orders.date} < ${f}`;
  const counted = sql`${orders.status} <> 'cancelled'`;

  const [orderRow] = await db
    .select({
      orders: sql<number>`count(*) filter (where ${inPeriod})`.mapWith(Number),
      previousOrders: sql<number>`count(*) filter (where ${inPrevious})`.mapWith(Number),
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${inPeriod} and ${counted}), 0)::text`,
      previousRevenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${inPrevious} and ${counted}), 0)::text`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.date, previousFrom), lt(orders.date, to)));

  const createdIn = (a: SQL, b: SQL) =>
    sql`${customers.active} and ${customers.createdAt} >= ${a} and ${customers.createdAt} < ${b}`;
  const [customerRow] = await db
    .select({
      active: sql<number>`count(*) filter (where ${customers.active})`.mapWith(Number),
      newInPeriod: sql<number>`count(*) filter (where ${createdIn(f, t)})`.mapWith(Number),
      newInPrevious: sql<number>`count(*) filter (where ${createdIn(p, f)})`.mapWith(Number),
    })
    .from(customers)
    .where(eq(customers.userId, userId));

  const o = orderRow ?? { orders: 0, previousOrders: 0, revenue: '0', previousRevenue: '0' };
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
    },
    activeCustomers: {
      value: c.active,
      newInPeriod: c.newInPeriod,
      newInPreviousPeriod: c.newInPrevious,
      growth: growthPercent(c.newInPeriod, c.newInPrevious),
    },
  };
}
