import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchUserEmail, seedBulkAccount, seedOtherAccounts } from '../../../../scripts/seed-bulk';
import type { Db } from '../../../db/client';
import { customers, orderItems, orders, users } from '../../../db/schema';
import type { VatRate } from '../../../shared/constants';
import { amsterdamYear } from '../../../shared/dates';
import { computeOrderTotals, decimalToCents } from '../../../shared/money';
import { decimalToQuantity } from '../../../shared/rules/quantity';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { toCustomerSnapshot } from './customer-snapshot';
import { previewNextOrderNumber } from './order-numbering';
import { createOrder } from './orders';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('bulk seed (scripts/seed-bulk.ts)', () => {
  let database: TestDatabase;
  let db: Db;
  let organizationId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    organizationId = (await createSignedInUser(db)).user.id;
  });
  afterAll(() => database.close());

  it('seeds the counts asked for, and replaces them when run again', async () => {
    await seedBulkAccount(db, { organizationId, orders: 50, customers: 5, now: NOW });
    const counts = await seedBulkAccount(db, { organizationId, orders: 400, customers: 30, now: NOW });
    expect(counts).toMatchObject({ customers: 30, orders: 400 });
    expect(await db.$count(orders, eq(orders.organizationId, organizationId))).toBe(400);
    expect(await db.$count(customers, eq(customers.organizationId, organizationId))).toBe(30);
    const [items] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.organizationId, organizationId));
    expect(items!.n).toBe(counts.items);
    expect(counts.items).toBeGreaterThanOrEqual(400);
    expect(counts.items).toBeLessThanOrEqual(5 * 400);
  });

  it('stores totals by the rounding rule: the lines add up to the order', async () => {
    const rows = await db
      .select({ order: orders, item: orderItems })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orders.organizationId, organizationId))
      .orderBy(orders.id, orderItems.position);
    const byOrder = new Map<string, typeof rows>();
    for (const r of rows) byOrder.set(r.order.id, [...(byOrder.get(r.order.id) ?? []), r]);
    expect(byOrder.size).toBe(400);
    for (const lines of byOrder.values()) {
      const order = lines[0]!.order;
      expect(lines.map((l) => l.item.position)).toEqual(lines.map((_, i) => i));
      expect(lines.length).toBeLessThanOrEqual(5);
      const totals = computeOrderTotals(
        lines.map((l) => ({
          quantity: decimalToQuantity(l.item.quantity),
          priceCents: decimalToCents(l.item.price),
          vat: (l.item.vat === 'verlegd' ? 'verlegd' : Number(l.item.vat)) as VatRate,
        })),
        order.btwVerlegd,
      );
      lines.forEach((l, i) => {
        expect(decimalToCents(l.item.total)).toBe(totals.lines[i]!.totalCents);
      });
      expect(decimalToCents(order.subtotal)).toBe(totals.subtotalCents);
      expect(decimalToCents(order.vat)).toBe(totals.vatCents);
      expect(decimalToCents(order.total)).toBe(totals.totalCents);
    }
  });

  it('numbers the orders uniquely in date order per year, with each customer snapshot', async () => {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.organizationId, organizationId))
      .orderBy(orders.date);
    expect(new Set(rows.map((o) => o.orderNumber)).size).toBe(rows.length);
    const next = new Map<number, number>();
    for (const o of rows) {
      const year = amsterdamYear(o.date);
      const sequence = next.get(year) ?? 1001;
      expect(o.orderNumber).toBe(`INK-${year}-${sequence}`);
      next.set(year, sequence + 1);
    }
    const twoYearsBack = NOW.getTime() - 731 * 86_400_000;
    expect(rows[0]!.date.getTime()).toBeGreaterThan(twoYearsBack);
    expect(rows.at(-1)!.date.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(new Set(rows.map((o) => o.status)).size).toBeGreaterThan(1);

    const own = await db.select().from(customers).where(eq(customers.organizationId, organizationId));
    const byId = new Map(own.map((c) => [c.id, c]));
    for (const o of rows) {
      const customer = byId.get(o.customerId!)!;
      expect(o.customerSnapshot).toEqual(toCustomerSnapshot(customer));
      expect(customer.createdAt.getTime()).toBeLessThanOrEqual(o.date.getTime());
    }
  });

  it('leaves the counters so the next order gets the next number', async () => {
    const year = amsterdamYear(NOW);
    const [last] = await db
      .select({ n: sql<number>`max(split_part(${orders.orderNumber}, '-', 3)::int)`.mapWith(Number) })
      .from(orders)
      .where(
        sql`${orders.organizationId} = ${organizationId} and ${orders.orderNumber} like ${`INK-${year}-%`}`,
      );
    const next = `INK-${year}-${(last?.n ?? 1000) + 1}`;
    expect(await previewNextOrderNumber(db, organizationId, NOW)).toBe(next);
    const customer = await insertCustomer(db, organizationId);
    expect((await createOrder(db, organizationId, parsedOrder(customer.id), NOW)).orderNumber).toBe(next);
  });

  it('leaves the trigram indexes as the schema has them: fastupdate off again after the bulk insert', async () => {
    const result = (await db.execute(
      sql`select c.relname as name, c.reloptions::text as options from pg_class c
        where c.relname like '%trgm_idx' order by c.relname`,
    )) as unknown as { name: string; options: string }[] | { rows: { name: string; options: string }[] };
    const indexes = Array.isArray(result) ? result : result.rows;
    expect(indexes.map((i) => i.name)).toContain('orders_org_customer_search_trgm_idx');
    for (const index of indexes) expect(index.options).toBe('{fastupdate=false}');
  });

  it('seeds other verified accounts with their own orders, reusing them when run again', async () => {
    const ids = await seedOtherAccounts(db, { count: 3, ordersEach: 20, passwordHash: 'hash', now: NOW });
    expect(await seedOtherAccounts(db, { count: 3, ordersEach: 20, passwordHash: 'hash', now: NOW })).toEqual(
      ids,
    );
    const accounts = await db.select().from(users).where(inArray(users.id, ids));
    expect(accounts.map((u) => u.email).sort()).toEqual([1, 2, 3].map(benchUserEmail).sort());
    expect(accounts.every((u) => u.isEmailVerified && u.passwordHash === 'hash')).toBe(true);
    for (const id of ids) {
      expect(await db.$count(orders, eq(orders.organizationId, id))).toBe(20);
      expect(await db.$count(customers, eq(customers.organizationId, id))).toBeGreaterThan(0);
    }
    // The main account is untouched.
    expect(await db.$count(orders, eq(orders.organizationId, organizationId))).toBe(401);
  });
});
