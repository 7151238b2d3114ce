import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from '../db/queue';
import { apiKeyMessages } from '../shared/schemas/api-key';
import { createTestClock, DAY_MS, MINUTE_MS } from '../test/clock';
import { buildTestApp, testConfig, testDeps } from '../test/context';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { createCapturingMailer } from '../test/mailer';
import { orderPayload } from '../test/orders-fixtures';
import { createSignedInUser } from '../test/users';
import { webhookDeliveryQueue } from './jobs/queues';

/**
 * One clock, seen from outside: over REST and tRPC, with the app's clock (AppDeps.now) set to half
 * past midnight on New Year's Day 2031 in Amsterdam. That is still 2030 in UTC, and years away from
 * the machine's own clock, so anything on these paths that read the process's or the database's
 * clock instead (or took the year in UTC) would answer differently and fail here.
 */

const NEW_YEAR = new Date('2031-01-01T00:30:00+01:00');
const clock = createTestClock(NEW_YEAR);
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer(), testConfig(), clock.now));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A signed-in account whose session began on the app's clock, with one customer. */
async function account() {
  clock.set(NEW_YEAR);
  const { token } = await createSignedInUser(database.db, { now: clock.now() });
  const headers = { authorization: `Bearer ${token}` };
  const customer = await call('POST', '/api/customers', headers, {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    email: 'petra@jansenbouw.nl',
  });
  expect(customer.statusCode, customer.body).toBe(200);
  return { headers, customerId: customer.json()._id as string };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const opts: InjectOptions = { method, url, headers };
  if (payload !== undefined) opts.payload = payload as InjectOptions['payload'];
  return app.inject(opts);
}

describe('the app clock decides every time, not the machine (integration)', () => {
  it("numbers and dates a new order in the app clock's Amsterdam year, and finds it by that year", async () => {
    const { headers, customerId } = await account();
    const preview = await call('GET', '/api/auth/next-order-number', headers);
    expect(preview.json()).toEqual({ nextNumber: 'INK-2031-1001' });

    // Sent, so that the dashboard counts it, whatever its rule for concepts; it looks for it below.
    const created = await call('POST', '/api/orders', headers, orderPayload(customerId, { status: 'sent' }));
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json();
    expect(order.orderNumber).toBe('INK-2031-1001');
    // No date sent: the order is dated now, by the app's clock (2030 in UTC, 2031 in Amsterdam).
    expect(order.date).toBe('2030-12-31T23:30:00.000Z');
    expect(order.createdAt).toBe('2030-12-31T23:30:00.000Z');
    expect(order.updatedAt).toBe('2030-12-31T23:30:00.000Z');

    // A sync asking for what changed since a minute before the app's now finds it.
    const since = encodeURIComponent('2030-12-31T23:29:00.000Z');
    const changed = await call('GET', `/api/orders?updatedSince=${since}`, headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().map((o: { _id: string }) => o._id)).toContain(order._id);

    // The dashboard's 'this year' is 2031 in Amsterdam, and the order is in it.
    const input = encodeURIComponent(JSON.stringify({ period: 'year' }));
    const stats = await call('GET', `/trpc/orders.stats?input=${input}`, headers);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().result.data).toMatchObject({ totalOrders: { value: 1 } });

    // Saved later on the app's clock: updatedAt follows it.
    clock.advance(5 * MINUTE_MS);
    const saved = await call('PUT', `/api/orders/${order._id}`, headers, orderPayload(customerId));
    expect(saved.json().updatedAt).toBe('2030-12-31T23:35:00.000Z');
  });

  it("stamps webhook events with the app's time", async () => {
    const { headers, customerId } = await account();
    const hook = await call('POST', '/api/webhooks', headers, {
      url: 'https://voorbeeld.nl/klok',
      events: ['order.created'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await call('POST', '/api/orders', headers, orderPayload(customerId));
    const queued = await database.db.execute(
      sql`select data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${webhookDeliveryQueue.name} and data->>'subscriptionId' = ${hook.json()._id}`,
    );
    const rows = (Array.isArray(queued) ? queued : (queued as unknown as { rows: unknown[] }).rows) as {
      data: { event: { type: string; createdAt: string } };
    }[];
    expect(rows.map((r) => r.data.event)).toEqual([
      expect.objectContaining({ type: 'order.created', createdAt: '2030-12-31T23:30:00.000Z' }),
    ]);
  });

  it('lets an API key work until its expiry on the app clock, and refuses an expiry already past there', async () => {
    const { headers } = await account();
    // In the future for the machine, but already past for the app.
    const past = await call('POST', '/api/api-keys', headers, {
      name: 'Te laat',
      access: 'read',
      expiresAt: '2030-12-31T12:00:00Z',
    });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().details).toEqual({ expiresAt: apiKeyMessages.expiresAtPast });

    const created = await call('POST', '/api/api-keys', headers, {
      name: 'Boekhouding',
      access: 'read',
      expiresAt: '2031-01-01T01:00:00+01:00',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().createdAt).toBe('2030-12-31T23:30:00.000Z');
    const withKey = { authorization: `Bearer ${created.json().secret}` };
    expect((await call('GET', '/api/customers', withKey)).statusCode).toBe(200);
    clock.advance(30 * MINUTE_MS - 1);
    expect((await call('GET', '/api/customers', withKey)).statusCode).toBe(200);
    clock.advance(1);
    expect((await call('GET', '/api/customers', withKey)).statusCode).toBe(401);
  });

  it('forgets an Idempotency-Key after 24 hours on the app clock: the same key then makes a new order', async () => {
    const { headers, customerId } = await account();
    const withKey = { ...headers, 'idempotency-key': `klok-${crypto.randomUUID()}` };
    const first = await call('POST', '/api/orders', withKey, orderPayload(customerId));
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(DAY_MS - MINUTE_MS);
    const repeat = await call('POST', '/api/orders', withKey, orderPayload(customerId));
    expect(repeat.json()._id).toBe(first.json()._id);
    clock.advance(2 * MINUTE_MS);
    const later = await call('POST', '/api/orders', withKey, orderPayload(customerId));
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()._id).not.toBe(first.json()._id);
    expect(later.json().orderNumber).toBe('INK-2031-1002');
  });
});
