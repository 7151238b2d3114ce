import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderMonthTotals } from '../../../db/schema';
import { COUNTED_ORDER_STATUSES } from '../../../shared/counted-orders';
import { decimalToCents } from '../../../shared/money';
import { type CalendarMonth, recentMonths, shiftMonth } from '../../../shared/periods';

/** Months shown in the dashboard's chart. */
export const CHART_MONTHS = 12;

export type MonthRevenueRecord = {
  month: CalendarMonth;
  /** Excl. VAT: the subtotals of the counted orders (shared/counted-orders.ts) dated in the month. */
  revenueCents: number;
  /** The same month a year earlier. */
  previousYearCents: number;
};

const keyOf = ({ year, month }: CalendarMonth) => `${year}-${String(month).padStart(2, '0')}-01`;

/**
 * The dashboard's chart (tRPC `orders.revenueByMonth`): the revenue excl. VAT of the last twelve
 * Amsterdam months up to the one `now` is in, oldest first, each beside the same month a year before.
 * One query over order_month_totals (at most 24 months × 2 statuses); numeric sums, so exact cents.
 */
export async function revenueByMonth(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<MonthRevenueRecord[]> {
  const months = recentMonths(now, CHART_MONTHS);
  const first = shiftMonth(months[0]!, -12);
  const end = shiftMonth(months[months.length - 1]!, 1);
  const m = orderMonthTotals;
  const rows = await db
    .select({ month: sql<string>`${m.month}::text`, subtotal: sql<string>`sum(${m.subtotal})::text` })
    .from(m)
    .where(
      and(
        eq(m.organizationId, organizationId),
        inArray(m.status, [...COUNTED_ORDER_STATUSES]),
        gte(m.month, keyOf(first)),
        lt(m.month, keyOf(end)),
      ),
    )
    .groupBy(m.month);
  const cents = new Map(rows.map((r) => [r.month, decimalToCents(r.subtotal)]));
  const at = (month: CalendarMonth) => cents.get(keyOf(month)) ?? 0;
  return months.map((month) => ({
    month,
    revenueCents: at(month),
    previousYearCents: at(shiftMonth(month, -12)),
  }));
}
