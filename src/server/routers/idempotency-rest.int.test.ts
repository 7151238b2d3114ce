import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, idempotencyKeys, orders } from '../../db/schema';
import { IDEMPOTENCY_KEY_MESSAGE } from '../../shared/schemas/idempotency';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { KEY_REUSED_MESSAGE } from '../services/idempotency/idempotency';

describe('Idempotency-Key on the creating and sending REST calls (integration)', () => {
  let database: TestDatabase;
  let mailer: CapturingMailer;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = createCapturingMailer();
    app = await buildTestApp(testDeps(database.db, mailer));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const newAccount = async () => {
    const { user, token } = await createSignedInUser(database.db);
    const customer = await insertCustomer(database.db, user.id);
    return { userId: user.id, customerId: customer.id, authorization: `Bearer ${token}` };
  };
  type Account = Awaited<ReturnType<typeof newAccount>>;

  const post = (account: Account, url: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: account.authorization,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload,
    });

  const orderCount = async (userId: string) =>
    (await database.db.select({ n: count() }).from(orders).where(eq(orders.organizationId, userId)))[0]!.n;
  const customerCount = async (userId: string) =>
    (await database.db.select({ n: count() }).from(customers).where(eq(customers.organizationId, userId)))[0]!
      .n;

  it('answers a repeated order with the first answer, status and body alike, and creates one order', async () => {
    const a = await newAccount();
    const key = randomUUID();
    const first = await post(a, '/api/orders', orderPayload(a.customerId), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(a, '/api/orders', orderPayload(a.customerId), key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await orderCount(a.userId)).toBe(1);

    // Without a key every call is a new order, as the spec's client expects.
    await post(a, '/api/orders', orderPayload(a.customerId));
    await post(a, '/api/orders', orderPayload(a.customerId));
    expect(await orderCount(a.userId)).toBe(3);
  });

  it('takes the same body written another way as the same request (key order, price as text or number)', async () => {
    const a = await newAccount();
    const key = randomUUID();
    const payload = orderPayload(a.customerId);
    const first = await post(a, '/api/orders', payload, key);
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const again = await post(a, '/api/orders', reordered, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await orderCount(a.userId)).toBe(1);
  });

  it('creates one order with one number from 10 concurrent repeats', async () => {
    const a = await newAccount();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(a, '/api/orders', orderPayload(a.customerId), key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().orderNumber)).size).toBe(1);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await orderCount(a.userId)).toBe(1);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const a = await newAccount();
    const key = randomUUID();
    await post(a, '/api/orders', orderPayload(a.customerId), key);
    const other = await post(a, '/api/orders', orderPayload(a.customerId, { project: 'Iets anders' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: KEY_REUSED_MESSAGE, code: 'UNPROCESSABLE_CONTENT' });
    expect(await orderCount(a.userId)).toBe(1);

    // One key on another call is another request too.
    const customer = { name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' };
    const onCustomers = await post(a, '/api/customers', customer, key);
    expect(onCustomers.statusCode).toBe(422);
    expect(await customerCount(a.userId)).toBe(1);
  });

  it('keeps keys per account: the same key in two accounts makes two orders', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const key = randomUUID();
    const fromA = await post(a, '/api/orders', orderPayload(a.customerId), key);
    const fromB = await post(b, '/api/orders', orderPayload(b.customerId), key);
    expect(fromA.statusCode).toBe(200);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.json()._id).not.toBe(fromA.json()._id);
    expect(await orderCount(a.userId)).toBe(1);
    expect(await orderCount(b.userId)).toBe(1);
  });

  it('creates one customer for a repeated POST /api/customers', async () => {
    const a = await newAccount();
    const key = randomUUID();
    const body = { name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(a, '/api/customers', body, key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await customerCount(a.userId)).toBe(2); // the fixture's customer and this one
  });

  it('sends one e-mail for a repeated send, and sends again after a refused first attempt', async () => {
    const a = await newAccount();
    const order = (await post(a, '/api/orders', orderPayload(a.customerId))).json();
    const recipient = `idem-${randomUUID()}@klant.nl`;
    const body = { recipient, subject: 'Order', message: '<p>Hierbij.</p>', includePdf: false };
    const url = `/api/orders/${order._id}/send-email`;

    mailer.failing = true;
    const refused = await post(a, url, body, 'send-1');
    mailer.failing = false;
    expect(refused.statusCode).toBe(503);
    expect(mailer.to(recipient)).toHaveLength(0);

    const first = await post(a, url, body, 'send-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(a, url, body, 'send-1');
    expect(again.body).toBe(first.body);
    expect(mailer.to(recipient)).toHaveLength(1);
  });

  /**
   * The database goes away between a create's work and the bookkeeping of its key — the 503 the
   * README tells clients to repeat with the same key. A trigger fails the key's completion the way a
   * dropped connection fails a statement (admin_shutdown), for keys made for this test only.
   */
  async function withCompletionFailing<T>(run: () => Promise<T>): Promise<T> {
    await database.db.execute(sql`
      create or replace function test_fail_idempotency_completion() returns trigger
      language plpgsql as $$
      begin
        if new.state = 'done' and new.key like 'fail-completion-%' then
          raise exception 'terminating connection (test)' using errcode = '57P01';
        end if;
        return new;
      end $$`);
    await database.db.execute(sql`
      create trigger test_fail_idempotency_completion before insert or update on idempotency_keys
      for each row execute function test_fail_idempotency_completion()`);
    try {
      return await run();
    } finally {
      await database.db.execute(sql`drop trigger test_fail_idempotency_completion on idempotency_keys`);
    }
  }

  it('a create whose key could not be completed (database gone, 503): the retry with the key makes one order or customer, never two', async () => {
    const a = await newAccount();
    const creates = [
      { url: '/api/orders', body: orderPayload(a.customerId), count: orderCount },
      {
        url: '/api/customers',
        body: { name: 'Sara Bakker', company: 'Bakker Advies', email: 'sara@bakker.nl' },
        count: customerCount,
      },
    ];
    for (const { url, body, count } of creates) {
      const key = `fail-completion-${randomUUID()}`;
      const before = await count(a.userId);
      const first = await withCompletionFailing(() => post(a, url, body, key));
      expect(first.statusCode, `${url} ${first.body}`).toBe(503);
      // However long the client waits before it repeats: a claim the first request left behind would
      // by then count as abandoned.
      await database.db
        .update(idempotencyKeys)
        .set({
          createdAt: sql`now() - interval '10 minutes'`,
          heartbeatAt: sql`now() - interval '10 minutes'`,
        })
        .where(and(eq(idempotencyKeys.organizationId, a.userId), eq(idempotencyKeys.key, key)));
      const retry = await post(a, url, body, key);
      expect(retry.statusCode, `${url} ${retry.body}`).toBe(200);
      expect(await count(a.userId), url).toBe(before + 1);
      const again = await post(a, url, body, key);
      expect(again.body, url).toBe(retry.body);
      expect(await count(a.userId), url).toBe(before + 1);
    }
  });

  it('refuses a key that is not 1 to 255 visible characters, with the header named, and creates nothing', async () => {
    const a = await newAccount();
    for (const bad of ['x'.repeat(256), 'met spatie', 'ünïcode']) {
      const res = await post(a, '/api/orders', orderPayload(a.customerId), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        message: IDEMPOTENCY_KEY_MESSAGE,
        code: 'BAD_REQUEST',
        details: { 'Idempotency-Key': IDEMPOTENCY_KEY_MESSAGE },
      });
    }
    expect(await orderCount(a.userId)).toBe(0);
  });

  it('forgets a key after 24 hours: the same key is then a new order', async () => {
    const a = await newAccount();
    const key = randomUUID();
    await post(a, '/api/orders', orderPayload(a.customerId), key);
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(and(eq(idempotencyKeys.organizationId, a.userId), eq(idempotencyKeys.key, key)));
    const later = await post(a, '/api/orders', orderPayload(a.customerId), key);
    expect(later.statusCode).toBe(200);
    expect(await orderCount(a.userId)).toBe(2);
  });

  it('describes the header on the three calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const headerOf = (path: string) =>
      (doc.paths[path].post.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
    for (const path of ['/orders', '/customers', '/orders/{id}/send-email']) {
      const header = headerOf(path);
      expect(header, path).toMatchObject({ in: 'header', schema: { type: 'string' } });
      expect(header.required ?? false, path).toBe(false);
      expect(header.description ?? header.schema.description, path).toMatch(/24 uur/);
    }
  });
});
