import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, ensureDemoUser, seedDemoData } from '../../../../scripts/seed-demo';
import type { Db } from '../../../db/client';
import { customers, orders, users } from '../../../db/schema';
import { amsterdamYear } from '../../../shared/dates';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { previewNextOrderNumber } from './order-numbering';
import { listAllOrders } from './order-reads';
import { orderToWire } from './order-wire';
import { createOrder } from './orders';

describe('demo seed (npm run seed)', () => {
  let database: TestDatabase;
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    userId = await ensureDemoUser(db, async () => 'placeholder-hash');
  });
  afterAll(() => database.close());

  it('reuses the verified demo account', async () => {
    expect(await ensureDemoUser(db, async () => 'other')).toBe(userId);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email: DEMO_EMAIL,
      isEmailVerified: true,
      passwordHash: 'placeholder-hash',
    });
  });

  it('fills customers and orders whose stored totals agree with the rounding rule', async () => {
    const now = new Date();
    expect(await seedDemoData(db, userId, { customers: 30, orders: 300, now })).toMatchObject({
      customers: 30,
      orders: 300,
    });
    // Seeding again replaces the data instead of adding to it.
    const counts = await seedDemoData(db, userId, { customers: 30, orders: 300, now });
    expect(await db.$count(orders, eq(orders.organizationId, userId))).toBe(300);
    expect(await db.$count(customers, eq(customers.organizationId, userId))).toBe(30);

    // Checked as the API answers it: euros on the wire still add up to the cents stored.
    const all = (await listAllOrders(db, userId)).map(orderToWire);
    expect(all.reduce((n, o) => n + o.items.length, 0)).toBe(counts.items);
    for (const o of all) {
      const vat = o.vatByRate.reduce((s, r) => s + Math.round(r.vat * 100), 0);
      const subtotal = o.items.reduce((s, i) => s + Math.round(i.total * 100), 0);
      expect(Math.round(o.subtotal * 100)).toBe(subtotal);
      expect(Math.round(o.vat * 100)).toBe(vat);
      expect(Math.round(o.total * 100)).toBe(subtotal + vat);
      expect(o.customer).not.toBeNull();
      expect(o.customerSnapshot?.company).toBe(o.customerCompany);
      expect(o.customerCompany).toBeTruthy();
    }
    expect(new Set(all.map((o) => o.orderNumber)).size).toBe(300);
  });

  it('leaves the counters so new orders continue the numbering', async () => {
    const year = amsterdamYear(new Date());
    const last = (await listAllOrders(db, userId)).find((o) => o.orderNumber.startsWith(`INK-${year}-`));
    const next = `INK-${year}-${last ? Number(last.orderNumber.split('-')[2]) + 1 : 1001}`;
    expect(await previewNextOrderNumber(db, userId, new Date())).toBe(next);
    const customer = await insertCustomer(db, userId);
    expect((await createOrder(db, userId, parsedOrder(customer.id), new Date())).orderNumber).toBe(next);
  });
});
