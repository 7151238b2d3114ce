import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { orderCounters, orders } from '../../../db/schema';
import { amsterdamYear } from '../../../shared/dates';
import { createTestCaller, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { createCapturingMailer } from '../../../test/mailer';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { getOrderSettings, previewNextOrderNumber, updateOrderSettings } from './order-numbering';
import { createOrder } from './orders';

const JUNE_2026 = new Date('2026-06-15T10:00:00Z');
const JAN_2027 = new Date('2027-01-01T00:30:00+01:00');

describe('order numbering (integration)', () => {
  let database: TestDatabase;
  let db: Db;

  /** A fresh user with one customer; returns a helper that saves an order at `now`. */
  async function freshUser() {
    const { user, token } = await createSignedInUser(db);
    const customer = await insertCustomer(db, user.id);
    const create = async (now = JUNE_2026) =>
      (await createOrder(db, user.id, parsedOrder(customer.id), now)).orderNumber;
    return { userId: user.id, token, customer, create };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('has the spec defaults until settings are saved', async () => {
    const { userId } = await freshUser();
    expect(await getOrderSettings(db, userId)).toEqual({
      format: 'year',
      prefix: 'INK',
      includeYear: true,
      startingNumber: 1001,
    });
  });

  it('the preview never uses a number', async () => {
    const { userId, create } = await freshUser();
    for (let i = 0; i < 5; i++)
      expect(await previewNextOrderNumber(db, userId, JUNE_2026)).toBe('INK-2026-1001');
    expect(await db.$count(orderCounters, eq(orderCounters.organizationId, userId))).toBe(0);
    expect(await create()).toBe('INK-2026-1001');
    expect(await previewNextOrderNumber(db, userId, JUNE_2026)).toBe('INK-2026-1002');
    expect(await previewNextOrderNumber(db, userId, JUNE_2026)).toBe('INK-2026-1002');
    expect(await create()).toBe('INK-2026-1002');
  });

  it('restarts at the start number each calendar year when the year is in the number', async () => {
    const { userId, create } = await freshUser();
    expect(await create(JUNE_2026)).toBe('INK-2026-1001');
    expect(await create(JUNE_2026)).toBe('INK-2026-1002');
    expect(await previewNextOrderNumber(db, userId, JAN_2027)).toBe('INK-2027-1001');
    expect(await create(JAN_2027)).toBe('INK-2027-1001');
    expect(await create(JUNE_2026)).toBe('INK-2026-1003');
  });

  it('without the year one sequence runs on across years', async () => {
    const { userId, create } = await freshUser();
    await updateOrderSettings(db, userId, { includeYear: false }, new Date());
    expect(await create(JUNE_2026)).toBe('INK-1001');
    expect(await create(JAN_2027)).toBe('INK-1002');
    await updateOrderSettings(db, userId, { prefix: '' }, new Date());
    expect(await create(JAN_2027)).toBe('1003');
    await updateOrderSettings(db, userId, { includeYear: true }, new Date());
    expect(await create(JAN_2027)).toBe('2027-1001');
  });

  it('a raised start number is the next number; a lowered one never repeats a number', async () => {
    const { userId, create } = await freshUser();
    expect(await create()).toBe('INK-2026-1001');
    expect(await create()).toBe('INK-2026-1002');
    await updateOrderSettings(db, userId, { startingNumber: 5000 }, new Date());
    expect(await previewNextOrderNumber(db, userId, JUNE_2026)).toBe('INK-2026-5000');
    expect(await create()).toBe('INK-2026-5000');
    expect(await create()).toBe('INK-2026-5001');
    await updateOrderSettings(db, userId, { startingNumber: 10 }, new Date());
    expect(await create()).toBe('INK-2026-5002');
  });

  it('skips a number that already exists after the format changed', async () => {
    const { userId, create } = await freshUser();
    expect(await create()).toBe('INK-2026-1001');
    // 'INK-2026' without year meets the earlier format: INK-2026-1001 is taken, so 1002 it is.
    await updateOrderSettings(db, userId, { prefix: 'INK-2026', includeYear: false }, new Date());
    expect(await previewNextOrderNumber(db, userId, JUNE_2026)).toBe('INK-2026-1002');
    expect(await create()).toBe('INK-2026-1002');
  });

  it('a failed save uses no number', async () => {
    const { userId, customer, create } = await freshUser();
    expect(await create()).toBe('INK-2026-1001');
    await expect(
      db.transaction(async (tx) => {
        const o = await createOrder(tx, userId, parsedOrder(customer.id), JUNE_2026);
        expect(o.orderNumber).toBe('INK-2026-1002');
        throw new Error('opslaan mislukt');
      }),
    ).rejects.toThrow('opslaan mislukt');
    expect(await db.$count(orders, eq(orders.organizationId, userId))).toBe(1);
    expect(await create()).toBe('INK-2026-1002');
  });

  it('20 concurrent saves get 20 consecutive, unique numbers', async () => {
    const { userId, customer } = await freshUser();
    const numbers = await Promise.all(
      Array.from(
        { length: 20 },
        async () => (await createOrder(db, userId, parsedOrder(customer.id), new Date())).orderNumber,
      ),
    );
    const year = amsterdamYear(new Date());
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `INK-${year}-${1001 + i}`));
  });

  it('GET|PUT /auth/order-settings and /auth/next-order-number over tRPC', async () => {
    const { token } = await freshUser();
    const caller = await createTestCaller(testDeps(db, createCapturingMailer()), { token });
    const year = amsterdamYear(new Date());
    expect(await caller.orderSettings.nextNumber()).toEqual({ nextNumber: `INK-${year}-1001` });
    expect(await caller.orderSettings.update({ prefix: 'PO-', startingNumber: '2000' })).toEqual({
      format: 'year',
      prefix: 'PO',
      includeYear: true,
      startingNumber: 2000,
    });
    expect(await caller.orderSettings.update({ format: 'sequential' })).toMatchObject({
      format: 'sequential',
      includeYear: false,
      prefix: 'PO',
    });
    expect(await caller.orderSettings.get()).toEqual({
      format: 'sequential',
      prefix: 'PO',
      includeYear: false,
      startingNumber: 2000,
    });
    expect(await caller.orderSettings.nextNumber()).toEqual({ nextNumber: 'PO-2000' });
    const err = await rejectionOf(caller.orderSettings.update({ startingNumber: 0 }));
    expect(err.code).toBe('BAD_REQUEST');
    expect((await caller.orderSettings.get()).startingNumber).toBe(2000);
  });
});
