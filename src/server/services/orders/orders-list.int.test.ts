import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import type { Period } from '../../../shared/constants';
import type { OrderInput } from '../../../shared/schemas/order';
import { createTestCaller, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { createCapturingMailer } from '../../../test/mailer';
import { insertCustomer, parsedOrder } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { orderStats } from './dashboard-stats';
import { orderPageToWire, orderStatsToWire } from './order-wire';
import { createOrder } from './orders';
import { listOrdersPage } from './orders-list';

const NOW = new Date('2026-05-15T12:00:00Z');
/** One line at 0 % VAT, so an order's total is exactly `euros`. */
const plain = (euros: number, overrides: Partial<OrderInput> = {}): Partial<OrderInput> => ({
  items: [{ description: 'Regel', quantity: 1, price: euros, vat: 0 }],
  ...overrides,
});

describe('orders list and dashboard stats (integration)', () => {
  let database: TestDatabase;
  let db: Db;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    ({
      user: { id: userId },
      token,
    } = await createSignedInUser(db));
    const at = (iso: string) => new Date(iso);
    const jansen = await insertCustomer(db, userId, {
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      createdAt: at('2026-05-02T09:00:00Z'),
    });
    const devries = await insertCustomer(db, userId, {
      name: 'Kees de Vries',
      company: '100%_Installatie',
      createdAt: at('2026-05-03T09:00:00Z'),
    });
    await insertCustomer(db, userId, {
      name: 'Inactief',
      company: 'Oud BV',
      active: false,
      createdAt: at('2026-05-04T09:00:00Z'),
    });
    await insertCustomer(db, userId, {
      name: 'April',
      company: 'April BV',
      createdAt: at('2026-04-10T09:00:00Z'),
    });
    await insertCustomer(db, userId, {
      name: 'Vorig jaar',
      company: 'Oudgediende BV',
      createdAt: at('2025-03-01T09:00:00Z'),
    });

    const save = (customer: string, date: string, o: Partial<OrderInput>) =>
      createOrder(db, userId, parsedOrder(customer, { ...o, date }), at(date));
    // March (Q1), April, and three in May (one cancelled); numbers in date order.
    await save(jansen.id, '2026-03-10T10:00:00Z', plain(100, { project: 'Dakkapel', status: 'paid' }));
    await save(devries.id, '2026-04-20T10:00:00Z', plain(100, { project: 'Badkamer', status: 'sent' }));
    await save(
      jansen.id,
      '2026-05-05T10:00:00Z',
      plain(100, { project: 'Keuken renovatie', status: 'paid' }),
    );
    await save(
      devries.id,
      '2026-05-06T10:00:00Z',
      plain(100, { project: 'Zonnepanelen', status: 'concept' }),
    );
    await save(
      jansen.id,
      '2026-05-07T10:00:00Z',
      plain(50, { project: 'Geannuleerd werk', status: 'cancelled' }),
    );
    // 30 April 23:30 in Amsterdam is still April (UTC 21:30).
    await save(jansen.id, '2026-04-30T21:30:00Z', plain(10, { project: 'Laat in april', status: 'concept' }));
  });
  afterAll(() => database.close());

  // Asserted as the screens receive it (order-wire.ts): euros and ISO strings.
  const page = async (params: Omit<Parameters<typeof listOrdersPage>[2], 'now' | 'userId'>) =>
    orderPageToWire(await listOrdersPage(db, userId, { ...params, now: NOW, userId }));
  const stats = async (period: Period) => orderStatsToWire(await orderStats(db, userId, period, NOW), 0);
  const projects = async (params: Omit<Parameters<typeof listOrdersPage>[2], 'now' | 'userId'>) =>
    (await page(params)).items.map((o) => o.project);

  it('lists newest first with the total count, paged', async () => {
    const first = await page({ pageSize: 4 });
    expect(first.total).toBe(6);
    expect(first.items.map((o) => o.project)).toEqual([
      'Geannuleerd werk',
      'Zonnepanelen',
      'Keuken renovatie',
      'Laat in april',
    ]);
    expect(first.items[0]).toMatchObject({
      customerCompany: 'Jansen Bouw B.V.',
      total: 50,
      vat: 0,
      subtotal: 50,
    });
    const second = await page({ pageSize: 4, page: 2 });
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.items.map((o) => o.project)).toEqual(['Badkamer', 'Dakkapel']);
    expect((await page({ pageSize: 4, page: 3 })).items).toEqual([]);
  });

  it('searches order number, customer name, company and project, case-insensitively', async () => {
    expect(await projects({ search: 'keuken' })).toEqual(['Keuken renovatie']);
    expect(await projects({ search: 'KEES' })).toEqual(['Zonnepanelen', 'Badkamer']);
    expect(await projects({ search: 'jansen bouw' })).toHaveLength(4);
    expect(await projects({ search: '2026-1002' })).toEqual(['Badkamer']);
    expect((await page({ search: 'bestaat niet' })).total).toBe(0);
    // Past the last page of a search the total is still known.
    expect(await page({ search: 'jansen bouw', pageSize: 3, page: 2 })).toMatchObject({ total: 4, page: 2 });
    expect(await page({ search: 'jansen bouw', pageSize: 4, page: 2 })).toMatchObject({
      items: [],
      total: 4,
    });
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect(await projects({ search: '100%_' })).toEqual(['Zonnepanelen', 'Badkamer']);
    expect(await projects({ search: '%' })).toEqual(['Zonnepanelen', 'Badkamer']);
    expect(await projects({ search: '_' })).toEqual(['Zonnepanelen', 'Badkamer']);
  });

  it('filters on status and period (calendar periods in Amsterdam time)', async () => {
    expect(await projects({ status: 'paid' })).toEqual(['Keuken renovatie', 'Dakkapel']);
    expect(await projects({ period: 'month' })).toEqual([
      'Geannuleerd werk',
      'Zonnepanelen',
      'Keuken renovatie',
    ]);
    expect((await page({ period: 'quarter' })).total).toBe(5);
    expect((await page({ period: 'year' })).total).toBe(6);
    expect(await projects({ period: 'month', status: 'concept', search: 'zon' })).toEqual(['Zonnepanelen']);
  });

  it('isolates accounts', async () => {
    const other = await createSignedInUser(db);
    expect((await listOrdersPage(db, other.user.id, { now: NOW, userId: other.user.id })).total).toBe(0);
  });

  it('answers in cents and Dates (the read model), not in wire euros', async () => {
    const [newest] = (await listOrdersPage(db, userId, { now: NOW, pageSize: 1, userId })).items;
    expect(newest).toMatchObject({
      project: 'Geannuleerd werk',
      date: new Date('2026-05-07T10:00:00Z'),
      subtotalCents: 5000,
      vatCents: 0,
      totalCents: 5000,
    });
    const month = await orderStats(db, userId, 'month', NOW);
    expect(month.from).toEqual(new Date('2026-04-30T22:00:00.000Z'));
    expect(month.revenue).toEqual({
      valueCents: 20000,
      previousCents: 11000,
      growth: 81.8,
      valueInclVatCents: 20000,
    });
  });

  it('dashboard: this month against last month', async () => {
    expect(await stats('month')).toEqual({
      period: 'month',
      from: '2026-04-30T22:00:00.000Z',
      to: '2026-05-31T22:00:00.000Z',
      previousFrom: '2026-03-31T22:00:00.000Z',
      // Every order but the cancelled ones: May's paid 100 and concept 100 (not the cancelled 50);
      // April's sent 100 and concept 10. Every order here is without VAT: incl. equals excl.
      totalOrders: { value: 2, previous: 2, growth: 0 },
      revenue: { value: 200, previous: 110, growth: 81.8, valueInclVat: 200 },
      // Active now: 4 of 5. Created in May and active: 2; in April: 1.
      activeCustomers: { value: 4, newInPeriod: 2, newInPreviousPeriod: 1, growth: 100 },
      approvalsWaiting: 0,
      responsesWaiting: 0,
      responsesRejected: 0,
      responsesChangesRequested: 0,
    });
  });

  it('dashboard: quarter and year, +100 % from zero', async () => {
    const quarter = await stats('quarter');
    expect(quarter.totalOrders).toEqual({ value: 4, previous: 1, growth: 300 });
    expect(quarter.revenue).toEqual({ value: 310, previous: 100, growth: 210, valueInclVat: 310 });
    expect(quarter.activeCustomers).toMatchObject({ newInPeriod: 3, newInPreviousPeriod: 0, growth: 100 });
    const year = await stats('year');
    expect(year.totalOrders).toEqual({ value: 5, previous: 0, growth: 100 });
    expect(year.revenue).toEqual({ value: 410, previous: 0, growth: 100, valueInclVat: 410 });
    expect(year.activeCustomers).toMatchObject({
      value: 4,
      newInPeriod: 3,
      newInPreviousPeriod: 1,
      growth: 200,
    });
  });

  it('dashboard: all zero for an account without data, over tRPC', async () => {
    const other = await createSignedInUser(db);
    const caller = await createTestCaller(testDeps(db, createCapturingMailer()), { token: other.token });
    const stats = await caller.orders.stats({ period: 'month' });
    expect(stats.totalOrders).toEqual({ value: 0, previous: 0, growth: 0 });
    expect(stats.revenue).toEqual({ value: 0, previous: 0, growth: 0, valueInclVat: 0 });
    expect(stats.activeCustomers).toEqual({ value: 0, newInPeriod: 0, newInPreviousPeriod: 0, growth: 0 });
    const mine = await createTestCaller(testDeps(db, createCapturingMailer()), { token });
    expect((await mine.orders.page({ search: 'keuken' })).items.map((o) => o.project)).toEqual([
      'Keuken renovatie',
    ]);
  });
});
