import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkAccount } from '../../../../scripts/seed-bulk';
import type { Db } from '../../../db/client';
import { orderMonthTotals, orders } from '../../../db/schema';
import { ORDER_STATUSES, type OrderStatus, PERIODS, type Period } from '../../../shared/constants';
import { COUNTED_ORDER_STATUSES } from '../../../shared/counted-orders';
import { periodRange } from '../../../shared/periods';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { orderStats } from './dashboard-stats';
import { monthKey } from './order-month-totals';
import { createOrder, deleteOrder, updateOrder } from './orders';
import { listOrdersPage } from './orders-list';

const NOW = new Date('2026-05-15T12:00:00Z');

describe('order_month_totals: kept by triggers, read by the list and the dashboard', () => {
  let database: TestDatabase;
  let db: Db;
  let organizationId: string;
  let otherId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    organizationId = (await createSignedInUser(db)).user.id;
    otherId = (await createSignedInUser(db)).user.id;
    // ~6 orders a month over two years, so 7-row pages cross month boundaries everywhere.
    await seedBulkAccount(db, { organizationId, orders: 150, customers: 8, now: NOW });
    await seedBulkAccount(db, { organizationId: otherId, orders: 40, customers: 3, now: NOW });
  });
  afterAll(() => database.close());

  /** What the triggers should have kept, counted from the orders themselves. */
  async function recount(user: string) {
    const month = sql<string>`order_month_key(${orders.date})::text`;
    return db
      .select({
        month,
        status: orders.status,
        orders: sql<number>`count(*)::int`.mapWith(Number),
        total: sql<string>`sum(${orders.total})::text`,
        subtotal: sql<string>`sum(${orders.subtotal})::text`,
      })
      .from(orders)
      .where(eq(orders.organizationId, user))
      .groupBy(month, orders.status)
      .orderBy(month, orders.status);
  }
  async function kept(user: string) {
    return db
      .select({
        month: sql<string>`${orderMonthTotals.month}::text`,
        status: orderMonthTotals.status,
        orders: orderMonthTotals.orders,
        total: sql<string>`${orderMonthTotals.total}::text`,
        subtotal: sql<string>`${orderMonthTotals.subtotal}::text`,
      })
      .from(orderMonthTotals)
      .where(and(eq(orderMonthTotals.organizationId, user), sql`${orderMonthTotals.orders} <> 0`))
      .orderBy(orderMonthTotals.month, orderMonthTotals.status);
  }

  it('agree with the orders after bulk inserts, saves, status and date changes and deletes', async () => {
    expect(await kept(organizationId)).toEqual(await recount(organizationId));
    const customer = await insertCustomer(db, organizationId);
    const created = await createOrder(
      db,
      organizationId,
      parsedOrder(customer.id, { status: 'concept' }),
      NOW,
    );
    // Another status, another month (across the Amsterdam month boundary) and another amount.
    await updateOrder(
      db,
      organizationId,
      created.id,
      parsedOrder(customer.id, {
        status: 'paid',
        date: '2026-03-31T22:30:00.000Z',
        items: [
          { description: 'x', quantity: 2, unit: 'stuk', price: '7.25', vat: 9 },
          // A decimal quantity: the line is rounded to the cent before the order's total is summed.
          { description: 'Montage', quantity: '2,5', unit: 'uur', price: '45,55', vat: 21 },
        ],
      }),
      NOW,
    );
    const [saved] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, created.id));
    // 14,50 + 2,5 × 45,55 = 113,875 → 113,88; VAT 1,31 + 23,91.
    expect(saved!.total).toBe('153.60');
    const [aprilFirst] = await db
      .select({ month: sql<string>`month::text` })
      .from(orderMonthTotals)
      .where(
        and(eq(orderMonthTotals.organizationId, organizationId), eq(orderMonthTotals.month, '2026-04-01')),
      );
    expect(aprilFirst).toBeDefined();
    const [oldest] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.organizationId, organizationId))
      .orderBy(orders.date)
      .limit(1);
    await deleteOrder(db, organizationId, oldest!.id, NOW);
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.organizationId, otherId));
    expect(await kept(organizationId)).toEqual(await recount(organizationId));
    expect(await kept(otherId)).toEqual(await recount(otherId));
  });

  it('pages every filter exactly like counting and skipping the orders themselves', async () => {
    const statuses: (OrderStatus | undefined)[] = [undefined, ...ORDER_STATUSES];
    for (const status of statuses) {
      for (const period of ['all', ...PERIODS] as (Period | 'all')[]) {
        const range = period === 'all' ? undefined : periodRange(period, NOW);
        const expected = await db
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.organizationId, organizationId),
              status ? eq(orders.status, status) : undefined,
              range ? gte(orders.date, range.from) : undefined,
              range ? lt(orders.date, range.to) : undefined,
            ),
          )
          .orderBy(desc(orders.date), desc(orders.id));
        const pageSize = 7;
        const pages = Math.ceil(expected.length / pageSize) + 1;
        const seen: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const result = await listOrdersPage(db, organizationId, {
            status,
            period,
            page,
            pageSize,
            now: NOW,
            userId: organizationId,
          });
          expect(result.total).toBe(expected.length);
          seen.push(...result.items.map((o) => o.id));
        }
        expect({ status, period, ids: seen }).toEqual({ status, period, ids: expected.map((o) => o.id) });
      }
    }
  });

  it('gives the dashboard the same numbers as summing the orders', async () => {
    for (const period of PERIODS) {
      const { from, to, previousFrom } = periodRange(period, NOW);
      // The orders the dashboard's rule counts, summed straight from the orders table.
      const counted = inArray(orders.status, [...COUNTED_ORDER_STATUSES]);
      const sum = async (a: Date, b: Date) => {
        const [row] = await db
          .select({
            n: sql<number>`count(*) filter (where ${counted})::int`.mapWith(Number),
            revenue: sql<string>`coalesce(sum(${orders.subtotal}) filter (where ${counted}), 0)::text`,
          })
          .from(orders)
          .where(and(eq(orders.organizationId, organizationId), gte(orders.date, a), lt(orders.date, b)));
        return row!;
      };
      const current = await sum(from, to);
      const previous = await sum(previousFrom, from);
      const stats = await orderStats(db, organizationId, period, NOW);
      expect(stats.totalOrders).toMatchObject({ value: current.n, previous: previous.n });
      expect(stats.revenue.valueCents).toBe(Math.round(Number(current.revenue) * 100));
      expect(stats.revenue.previousCents).toBe(Math.round(Number(previous.revenue) * 100));
    }
  });

  it('keys months by the calendar in Amsterdam', () => {
    expect(monthKey(new Date('2026-03-31T21:59:59Z'))).toBe('2026-03-01');
    expect(monthKey(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04-01');
    expect(monthKey(new Date('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
  });
});
