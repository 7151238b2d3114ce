import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

type Caller = Awaited<ReturnType<typeof createTestCaller>>;

// Thursday 26 November 2026, 11:00 in Amsterdam: the fourth quarter, compared with the third.
const NOW = new Date('2026-11-26T10:00:00Z');

describe('orders.stats and orders.revenueByMonth: excl. VAT, every order but the cancelled ones', () => {
  let database: TestDatabase;
  let alice: Caller;
  let customer: string;
  let octoberPaid: string;

  const order = async (
    status: 'concept' | 'sent' | 'paid' | 'cancelled',
    date: string,
    price: string,
    vat: 21 | 9 | 0,
    quantity = 1,
    btwVerlegd = false,
  ) => {
    const o = await alice.orders.create(
      orderPayload(customer, {
        status,
        date,
        btwVerlegd,
        items: [{ description: 'Werk', quantity, unit: 'stuk', price, vat }],
      }),
    );
    return o._id;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const deps = testDeps(database.db, createCapturingMailer(), undefined, () => NOW);
    const a = await createSignedInUser(database.db);
    alice = await createTestCaller(deps, { token: a.token });
    customer = (await insertCustomer(database.db, a.user.id)).id;

    await order('sent', '2026-11-10T09:00:00.000Z', '100.00', 21); // 100,00 + 21,00
    // 00:30 on 1 November in Amsterdam, still 31 October in UTC: a November order.
    await order('sent', '2026-10-31T23:30:00.000Z', '10.01', 21, 1, true); // verlegd: no VAT
    octoberPaid = await order('paid', '2026-10-05T09:00:00.000Z', '33.33', 9, 3); // 99,99 + 9,00
    await order('concept', '2026-11-12T09:00:00.000Z', '1000.00', 21);
    await order('cancelled', '2026-11-13T09:00:00.000Z', '500.00', 21);
    await order('paid', '2026-07-15T09:00:00.000Z', '50.00', 21); // the previous quarter
    await order('sent', '2025-11-20T09:00:00.000Z', '10.10', 0, 2); // a year earlier
    await order('cancelled', '2025-11-21T09:00:00.000Z', '70.00', 0);
  });
  afterAll(() => database.close());

  it('counts and sums the same orders: concept, sent and paid, revenue excl. VAT with the total incl. VAT beside it', async () => {
    const month = await alice.orders.stats({ period: 'month' });
    expect(month.totalOrders).toEqual({ value: 3, previous: 1, growth: 200 });
    expect(month.revenue).toEqual({ value: 1110.01, previous: 99.99, growth: 1010.1, valueInclVat: 1341.01 });

    const quarter = await alice.orders.stats({ period: 'quarter' });
    expect(quarter).toMatchObject({
      from: '2026-09-30T22:00:00.000Z',
      to: '2026-12-31T23:00:00.000Z',
      previousFrom: '2026-06-30T22:00:00.000Z',
    });
    expect(quarter.totalOrders).toEqual({ value: 4, previous: 1, growth: 300 });
    expect(quarter.revenue).toEqual({ value: 1210, previous: 50, growth: 2320, valueInclVat: 1450 });

    const year = await alice.orders.stats({ period: 'year' });
    expect(year.totalOrders).toEqual({ value: 5, previous: 1, growth: 400 });
    expect(year.revenue).toMatchObject({ value: 1260, previous: 20.2, valueInclVat: 1510.5 });
  });

  it('drops a cancelled order from the count and the revenue together', async () => {
    const before = await alice.orders.get({ id: octoberPaid });
    await alice.orders.update({
      id: octoberPaid,
      ...orderPayload(customer, {
        status: 'cancelled',
        date: before.date,
        items: [{ description: 'Werk', quantity: 3, unit: 'stuk', price: '33.33', vat: 9 }],
      }),
    });
    const quarter = await alice.orders.stats({ period: 'quarter' });
    expect(quarter.totalOrders.value).toBe(3);
    expect(quarter.revenue).toMatchObject({ value: 1110.01, valueInclVat: 1341.01 });
  });

  it('gives twelve months up to this one, each beside the same month a year before', async () => {
    const { months } = await alice.orders.revenueByMonth();
    expect(months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months.at(-1)).toEqual({ month: '2026-11', revenue: 1110.01, previousYear: 20.2 });
    expect(months.find((m) => m.month === '2026-07')).toEqual({
      month: '2026-07',
      revenue: 50,
      previousYear: 0,
    });
    // The October order was cancelled above: nothing counts there any more.
    expect(months.find((m) => m.month === '2026-10')).toEqual({
      month: '2026-10',
      revenue: 0,
      previousYear: 0,
    });
  });
});
