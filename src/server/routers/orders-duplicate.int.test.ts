import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orderItems, orders } from '../../db/schema';
import { amsterdamDay } from '../../shared/dates';
import { createTestClock } from '../../test/clock';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';

// Late on New Year's Eve in UTC is already New Year's Day in Amsterdam: the copy is dated by the Dutch
// calendar, and numbered in the Dutch year.
const NOW = new Date('2026-12-31T23:30:00Z');
const ORIGINAL_DAY = new Date('2026-06-15T10:00:00Z');

describe('POST /api/orders/{id}/duplicate (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let customerId: string;
  let original: { _id: string; orderNumber: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    const clock = createTestClock(NOW);
    app = await buildTestApp(testDeps(database.db, createCapturingMailer(), testConfig(), clock.now));
    const a = await createSignedInUser(database.db, { now: NOW });
    const b = await createSignedInUser(database.db, { now: NOW });
    auth = { authorization: `Bearer ${a.token}` };
    otherAuth = { authorization: `Bearer ${b.token}` };
    customerId = (await insertCustomer(database.db, a.user.id)).id;
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderPayload(customerId, {
        date: ORIGINAL_DAY.toISOString(),
        status: 'paid',
        btwVerlegd: true,
        reference: 'REF-77',
        paymentTerm: 60,
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    original = created.json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const duplicate = (id: string, headers: Record<string, string> = auth) =>
    app.inject({ method: 'POST', url: `/api/orders/${id}/duplicate`, headers });

  it('makes a new concept with the next number and today’s Dutch date, the same customer, lines and fields', async () => {
    const res = await duplicate(original._id);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json();
    const source = (
      await app.inject({ method: 'GET', url: `/api/orders/${original._id}`, headers: auth })
    ).json();

    expect(copy._id).not.toBe(original._id);
    expect(original.orderNumber).toBe('INK-2027-1001');
    expect(copy.orderNumber).toBe('INK-2027-1002');
    expect(copy.status).toBe('concept');
    expect(amsterdamDay(copy.date)).toBe('2027-01-01');
    expect(copy.customer).toBe(customerId);
    expect(copy.items).toEqual(source.items);
    for (const field of [
      'project',
      'reference',
      'paymentTerm',
      'btwVerlegd',
      'customerSnapshot',
      'subtotal',
      'vat',
      'total',
    ]) {
      expect(copy[field], field).toEqual(source[field]);
    }

    // The copy is an order like any other: listed, and the original is unchanged.
    const list = (await app.inject({ method: 'GET', url: '/api/orders', headers: auth })).json();
    expect(list.map((o: { _id: string }) => o._id)).toContain(copy._id);
    expect(source.status).toBe('paid');
  });

  it('copies every stored column of the order and its lines but identity, number, date and status', async () => {
    // Read generically, so a column added to orders later is held to the same rule.
    const res = await duplicate(original._id);
    const copyId = res.json()._id as string;
    const [a] = await database.db.select().from(orders).where(eq(orders.id, original._id));
    const [b] = await database.db.select().from(orders).where(eq(orders.id, copyId));
    const fresh = ['id', 'orderNumber', 'date', 'status', 'createdAt', 'updatedAt'];
    const rest = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !fresh.includes(key)));
    expect(rest(b!)).toEqual(rest(a!));

    const lines = async (orderId: string) =>
      (await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))
        .sort((x, y) => x.position - y.position)
        .map(({ id: _id, orderId: _orderId, ...line }) => line);
    expect(await lines(copyId)).toEqual(await lines(original._id));
    expect((await lines(copyId)).length).toBe(3);
  });

  it('takes the customer’s details as they are now', async () => {
    await database.db.update(customers).set({ city: 'Zwolle' }).where(eq(customers.id, customerId));
    const copy = (await duplicate(original._id)).json();
    expect(copy.customerSnapshot.city).toBe('Zwolle');
  });

  it('answers 404 for another account’s order, an unknown id and a malformed id; 401 without a session', async () => {
    const before = (await database.db.select().from(orders)).length;
    for (const [id, headers] of [
      [original._id, otherAuth],
      ['00000000-0000-4000-8000-000000000000', auth],
      ['geen-id', auth],
    ] as const) {
      const res = await duplicate(id, headers);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('Order niet gevonden.');
    }
    expect((await duplicate(original._id, {})).statusCode).toBe(401);
    expect((await database.db.select().from(orders)).length).toBe(before);
  });

  it('is described in the OpenAPI document, with the Idempotency-Key header', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/orders/{id}/duplicate']?.post;
    expect(op?.summary).toBe('Order dupliceren');
    expect(op.requestBody).toBeUndefined();
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'idempotency-key']),
    );
    expect(op.responses['200']).toBeDefined();
  });

  it('with an Idempotency-Key a repeat makes one copy', async () => {
    const headers = { ...auth, 'idempotency-key': 'dupliceer-1' };
    const first = await duplicate(original._id, headers);
    const again = await duplicate(original._id, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
  });
});
