import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { apiListMessages } from '../../shared/schemas/api-list';
import { buildTestApp, createTestCaller, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { VALIDATION_MESSAGE } from './error-body';

type WireOrder = { _id: string; orderNumber: string; status: string; project: string; updatedAt: string };

describe('GET /api/orders and /api/customers with an integrator’s parameters (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const appUrl = 'http://localhost:3000';

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function accountWithOrders(count: number) {
    const { user, token } = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, user.id);
    const headers = { authorization: `Bearer ${token}` };
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: orderPayload(customer.id, { project: `Project ${i}` }),
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json()._id);
    }
    return { user, token, headers, customerId: customer.id, ids };
  }

  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });

  it('pages with X-Total-Count and Link, and the pages join into the whole list, also for equal dates', async () => {
    const a = await accountWithOrders(7);
    await accountWithOrders(2); // another account's orders are never counted
    // Equal dates: only the id keeps the order stable.
    await database.db
      .update(orders)
      .set({ date: new Date('2026-05-04T10:00:00Z') })
      .where(inArray(orders.id, a.ids));
    const whole = (await get(a.headers, '/api/orders')).json() as WireOrder[];
    expect(whole).toHaveLength(7);

    const seen: WireOrder[] = [];
    for (const offset of [0, 3, 6]) {
      const page = await get(a.headers, `/api/orders?limit=3&offset=${offset}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers['x-total-count']).toBe('7');
      seen.push(...page.json());
    }
    expect(seen).toEqual(whole);

    const first = await get(a.headers, '/api/orders?limit=3');
    expect(first.headers.link).toBe(`<${appUrl}/api/orders?limit=3&offset=3>; rel="next"`);
    const middle = await get(a.headers, '/api/orders?limit=3&offset=3&status=concept');
    expect(middle.headers.link).toBe(
      `<${appUrl}/api/orders?status=concept&limit=3&offset=6>; rel="next", ` +
        `<${appUrl}/api/orders?status=concept&limit=3&offset=0>; rel="prev"`,
    );
    const last = await get(a.headers, '/api/orders?limit=3&offset=6');
    expect(last.headers.link).toBe(`<${appUrl}/api/orders?limit=3&offset=3>; rel="prev"`);
    expect(last.json()).toHaveLength(1);

    // Without limit: no paging headers, as the spec's client knows the call.
    const plain = await get(a.headers, '/api/orders');
    expect(plain.headers['x-total-count']).toBeUndefined();
    expect(plain.headers.link).toBeUndefined();
  });

  it('filters on status, search and Dutch calendar days, the same with and without limit', async () => {
    const a = await accountWithOrders(4);
    const [o1, o2, o3, o4] = a.ids as [string, string, string, string];
    // 29-03-2026 00:30 in Amsterdam is still 28-03 in UTC: the day is the Dutch one.
    await database.db
      .update(orders)
      .set({ date: new Date('2026-03-28T23:30:00Z') })
      .where(eq(orders.id, o1));
    await database.db
      .update(orders)
      .set({ date: new Date('2026-03-29T21:59:00Z') })
      .where(eq(orders.id, o2));
    await database.db
      .update(orders)
      .set({ date: new Date('2026-03-29T22:00:00Z') })
      .where(eq(orders.id, o3));
    await database.db
      .update(orders)
      .set({ date: new Date('2026-04-10T10:00:00Z'), status: 'paid' })
      .where(eq(orders.id, o4));

    const ids = async (query: string) =>
      ((await get(a.headers, `/api/orders?${query}`)).json() as WireOrder[]).map((o) => o._id);

    expect(await ids('from=2026-03-29&to=2026-03-29')).toEqual([o2, o1]);
    expect(await ids('from=2026-03-30')).toEqual([o4, o3]);
    expect(await ids('status=paid')).toEqual([o4]);
    expect(await ids('search=project%202')).toEqual([o3]);
    expect(await ids('from=2026-03-29&to=2026-03-29&limit=1&offset=1')).toEqual([o1]);
    const counted = await get(a.headers, '/api/orders?from=2026-03-29&to=2026-03-30&limit=1');
    expect(counted.headers['x-total-count']).toBe('3');
  });

  it('answers what changed since a moment, least recently changed first, after an edit', async () => {
    const a = await accountWithOrders(3);
    const [o1, , o3] = a.ids as [string, string, string];
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const id of [o3, o1]) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/orders/${id}`,
        headers: a.headers,
        payload: orderPayload(a.customerId, { project: 'Gewijzigd' }),
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const changed = (await get(a.headers, `/api/orders?updatedSince=${encodeURIComponent(since)}`)).json();
    expect(changed.map((o: WireOrder) => o._id)).toEqual([o3, o1]);
    expect(changed.every((o: WireOrder) => o.project === 'Gewijzigd')).toBe(true);
    const paged = await get(a.headers, `/api/orders?updatedSince=${encodeURIComponent(since)}&limit=1`);
    expect(paged.json().map((o: WireOrder) => o._id)).toEqual([o3]);
    expect(paged.headers['x-total-count']).toBe('2');
  });

  it('refuses parameters it cannot read with a Dutch 400 naming each one', async () => {
    const a = await accountWithOrders(0);
    const cases: [string, string, string][] = [
      ['limit=0', 'limit', apiListMessages.limit],
      ['limit=201', 'limit', apiListMessages.limit],
      ['limit=1e2', 'limit', apiListMessages.limit],
      ['limit=10&offset=-1', 'offset', apiListMessages.offset],
      ['updatedSince=gisteren', 'updatedSince', apiListMessages.updatedSince],
      ['updatedSince=2026-11-24T09:00:00', 'updatedSince', apiListMessages.updatedSince],
      ['from=2026-02-30', 'from', apiListMessages.day('from')],
      ['to=24-11-2026', 'to', apiListMessages.day('to')],
      ['from=2026-11-25&to=2026-11-24', 'from', apiListMessages.fromAfterTo],
      ['status=betaald', 'status', apiListMessages.status],
      ['limit=1&limit=2', 'limit', apiListMessages.limit],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(a.headers, `/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        message: VALIDATION_MESSAGE,
        code: 'BAD_REQUEST',
        details: { [field]: message },
      });
    }
    const customers = await get(a.headers, '/api/customers?limit=500');
    expect(customers.statusCode).toBe(400);
    expect(customers.json().details).toEqual({ limit: apiListMessages.limit });
  });

  it('refuses a date outside the years it takes (one the database cannot hold among them) with a Dutch 400', async () => {
    const a = await accountWithOrders(1);
    const cases: [string, string, string][] = [
      ['/api/orders?updatedSince=0000-01-01T00:00:00Z', 'updatedSince', apiListMessages.updatedSinceRange],
      [
        '/api/orders?updatedSince=1949-12-31T23:59:59Z&limit=5',
        'updatedSince',
        apiListMessages.updatedSinceRange,
      ],
      ['/api/orders?updatedSince=2201-01-01T00:00:00Z', 'updatedSince', apiListMessages.updatedSinceRange],
      [
        '/api/orders?updatedSince=9999-12-31T23:00:00-05:00',
        'updatedSince',
        apiListMessages.updatedSinceRange,
      ],
      ['/api/customers?updatedSince=0000-01-01T00:00:00Z', 'updatedSince', apiListMessages.updatedSinceRange],
      [
        '/api/customers?updatedSince=0000-01-01T00:00:00Z&limit=5',
        'updatedSince',
        apiListMessages.updatedSinceRange,
      ],
      ['/api/orders?from=0100-01-01', 'from', apiListMessages.dayRange('from')],
      ['/api/orders?to=9999-12-31', 'to', apiListMessages.dayRange('to')],
      ['/api/orders?from=9999-12-31&limit=5', 'from', apiListMessages.dayRange('from')],
    ];
    for (const [url, field, message] of cases) {
      const res = await get(a.headers, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual({
        message: VALIDATION_MESSAGE,
        code: 'BAD_REQUEST',
        details: { [field]: message },
      });
    }
    // The edges themselves are taken.
    for (const url of [
      '/api/orders?updatedSince=1950-01-01T00:00:00Z',
      '/api/customers?updatedSince=2200-12-31T23:59:59Z&limit=5',
      '/api/orders?from=1950-01-01&to=2200-12-31&limit=5',
    ]) {
      const res = await get(a.headers, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('pages and syncs customers the same way, only the account’s own', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const other = await createSignedInUser(database.db);
    await insertCustomer(database.db, other.user.id, { company: 'Aaa Ander' });
    const headers = { authorization: `Bearer ${token}` };
    for (const company of ['Delta BV', 'alpha BV', 'Charlie BV', 'bravo BV']) {
      await insertCustomer(database.db, user.id, { company, name: 'Contact', city: 'Utrecht' });
    }
    const whole = (await get(headers, '/api/customers')).json();
    expect(whole.map((c: { company: string }) => c.company)).toEqual([
      'alpha BV',
      'bravo BV',
      'Charlie BV',
      'Delta BV',
    ]);

    const page = await get(headers, '/api/customers?limit=2&offset=1');
    expect(page.json()).toEqual(whole.slice(1, 3));
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.headers.link).toBe(
      `<${appUrl}/api/customers?limit=2&offset=3>; rel="next", <${appUrl}/api/customers?limit=2&offset=0>; rel="prev"`,
    );
    expect((await get(headers, '/api/customers?search=charl')).json()).toEqual([whole[2]]);

    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const put = await app.inject({
      method: 'PUT',
      url: `/api/customers/${whole[3]._id}`,
      headers,
      payload: { name: 'Contact', company: 'Delta Groep', email: 'info@delta.nl' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = (await get(headers, `/api/customers?updatedSince=${encodeURIComponent(since)}`)).json();
    expect(changed.map((c: { _id: string; company: string }) => [c._id, c.company])).toEqual([
      [whole[3]._id, 'Delta Groep'],
    ]);
  });

  it('gives tRPC callers the same lists through the same parameters', async () => {
    const a = await accountWithOrders(3);
    const caller = await createTestCaller(testDeps(database.db, createCapturingMailer()), { token: a.token });
    const rest = (await get(a.headers, '/api/orders?limit=2&offset=1')).json();
    expect(await caller.orders.list({ limit: '2', offset: '1' })).toEqual(rest);
    expect(await caller.orders.list()).toEqual((await get(a.headers, '/api/orders')).json());
  });
});
