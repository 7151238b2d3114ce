import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from '../../db/queue';
import {
  WEBHOOK_LIMIT,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_TEST_WINDOW_MINUTES,
  webhookMessages,
} from '../../shared/schemas/webhook';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';
import { webhookDeliveryQueue } from '../jobs/queues';

describe('webhooks over REST (integration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let alice: { authorization: string };
  let bob: { authorization: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
    alice = { authorization: `Bearer ${(await createSignedInUser(database.db)).token}` };
    bob = { authorization: `Bearer ${(await createSignedInUser(database.db)).token}` };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('creates with the secret once, lists, reads, updates, sends a test and deletes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: alice,
      payload: {
        url: 'https://voorbeeld.nl/hook',
        events: ['order.created', 'order.created', 'customer.deleted'],
      },
    });
    expect(created.statusCode).toBe(200);
    const hook = created.json();
    expect(hook).toMatchObject({
      url: 'https://voorbeeld.nl/hook',
      events: ['order.created', 'customer.deleted'],
      active: true,
      failing: false,
      failingSince: null,
      secret: expect.stringMatching(/^whsec_/),
    });
    const path = `/api/webhooks/${hook._id}`;
    const list = await app.inject({ method: 'GET', url: '/api/webhooks', headers: alice });
    const { secret: _secret, ...shown } = hook;
    expect(list.json()).toEqual([shown]);
    const paused = await app.inject({
      method: 'PUT',
      url: path,
      headers: alice,
      payload: { url: hook.url, events: ['order.sent'], active: false },
    });
    expect(paused.json()).toMatchObject({ events: ['order.sent'], active: false });
    const test = await app.inject({ method: 'POST', url: `${path}/test`, headers: alice });
    expect(test.json()).toMatchObject({ success: true, eventId: expect.stringMatching(/^msg_/) });
    expect((await app.inject({ method: 'GET', url: `${path}/deliveries`, headers: alice })).json()).toEqual(
      [],
    );

    for (const [method, url] of [
      ['GET', path],
      ['PUT', path],
      ['DELETE', path],
      ['GET', `${path}/deliveries`],
      ['POST', `${path}/test`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: bob,
        ...(method === 'PUT'
          ? { payload: { url: 'https://x.nl/', events: ['order.sent'], active: true } }
          : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await app.inject({ method: 'DELETE', url: path, headers: alice })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: path, headers: alice })).statusCode).toBe(404);
  });

  it('answers a private or malformed target with a Dutch 400 and details', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      // IPv6 forms that carry an internal IPv4 address (services/webhooks/address.test.ts has them all).
      'https://[::ffff:0:127.0.0.1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[64:ff9b:1::7f00:1]/hook',
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: alice,
        payload: { url, events: ['order.created'] },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().details).toEqual({ url: webhookMessages.urlPrivate });
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: alice,
      payload: { url: 'geen url', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      url: 'Voer een geldige URL in, bijv. https://voorbeeld.nl/webhook',
      events: 'Kies minstens één gebeurtenis',
    });
  });

  const account = async () => ({
    authorization: `Bearer ${(await createSignedInUser(database.db)).token}`,
  });
  const create = (headers: { authorization: string }, url: string, events = ['order.created']) =>
    app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url, events } });
  const listOf = async (headers: { authorization: string }) =>
    (await app.inject({ method: 'GET', url: '/api/webhooks', headers })).json() as { _id: string }[];

  it(`keeps an account at ${WEBHOOK_LIMIT} webhooks, with a Dutch 409 saying what to do`, async () => {
    const carol = await account();
    for (let i = 0; i < WEBHOOK_LIMIT; i++) {
      const res = await create(carol, `https://voorbeeld.nl/hook/${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await create(carol, 'https://voorbeeld.nl/hook/extra');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: webhookMessages.limitReached, code: 'CONFLICT' });
    expect(webhookMessages.limitReached).toContain(`${WEBHOOK_LIMIT} webhooks`);
    expect(await listOf(carol)).toHaveLength(WEBHOOK_LIMIT);
    // The limit is the account's: another account starts at none.
    expect((await create(await account(), 'https://voorbeeld.nl/hook/extra')).statusCode).toBe(200);
    // One deleted makes room for one.
    const [first] = await listOf(carol);
    await app.inject({ method: 'DELETE', url: `/api/webhooks/${first!._id}`, headers: carol });
    expect((await create(carol, 'https://voorbeeld.nl/hook/extra')).statusCode).toBe(200);
  });

  it('counts saves made at the same moment one after the other', async () => {
    const dave = await account();
    for (let i = 0; i < WEBHOOK_LIMIT - 2; i++)
      expect((await create(dave, `https://voorbeeld.nl/samen/${i}`)).statusCode).toBe(200);
    const at = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(dave, `https://voorbeeld.nl/samen/tegelijk-${i}`)),
    );
    expect(at.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const erin = await account();
    const twice = await Promise.all([0, 1, 2].map(() => create(erin, 'https://voorbeeld.nl/een')));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await listOf(dave)).toHaveLength(WEBHOOK_LIMIT);
    expect(await listOf(erin)).toHaveLength(1);
  });

  it('refuses a second webhook for the same address and events, also when changing one', async () => {
    const frank = await account();
    const first = await create(frank, 'https://voorbeeld.nl/dubbel', ['order.created', 'customer.created']);
    expect(first.statusCode).toBe(200);
    for (const [url, events] of [
      ['https://voorbeeld.nl/dubbel', ['customer.created', 'order.created']],
      ['https://voorbeeld.nl/dubbel', ['order.created', 'customer.created', 'order.created']],
      ['HTTPS://VOORBEELD.nl:443/dubbel#fragment', ['order.created', 'customer.created']],
    ] as const) {
      const res = await create(frank, url, [...events]);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({
        message: webhookMessages.duplicate,
        code: 'CONFLICT',
        details: { url: webhookMessages.duplicate },
      });
    }
    // Other events, or another address, are another webhook.
    const other = await create(frank, 'https://voorbeeld.nl/dubbel', ['order.created']);
    expect(other.statusCode).toBe(200);
    expect((await create(frank, 'https://voorbeeld.nl/dubbel/2', ['order.created'])).statusCode).toBe(200);
    expect(await listOf(frank)).toHaveLength(3);

    const path = `/api/webhooks/${other.json()._id}`;
    const intoDuplicate = await app.inject({
      method: 'PUT',
      url: path,
      headers: frank,
      payload: { url: 'https://voorbeeld.nl/dubbel', events: ['customer.created', 'order.created'] },
    });
    expect(intoDuplicate.statusCode).toBe(409);
    expect(intoDuplicate.json().details).toEqual({ url: webhookMessages.duplicate });
    // Saving a webhook as it is (pausing it, say) is no duplicate of itself.
    const paused = await app.inject({
      method: 'PUT',
      url: path,
      headers: frank,
      payload: { url: 'https://voorbeeld.nl/dubbel', events: ['order.created'], active: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    // Another account may use the same address.
    expect((await create(await account(), 'https://voorbeeld.nl/dubbel', ['order.created'])).statusCode).toBe(
      200,
    );
  });

  it(`sends ${WEBHOOK_TEST_LIMIT} test events per ${WEBHOOK_TEST_WINDOW_MINUTES} minutes per account, then 429 with Retry-After`, async () => {
    const gina = await account();
    const [a, b] = await Promise.all([
      create(gina, 'https://voorbeeld.nl/test/a').then((r) => r.json()._id as string),
      create(gina, 'https://voorbeeld.nl/test/b').then((r) => r.json()._id as string),
    ]);
    const test = (id: string, headers = gina) =>
      app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers });
    /** The test events queued for this account's two webhooks. */
    const jobs = async () => {
      const queued = await database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${webhookDeliveryQueue.name} and data->>'subscriptionId' in (${a}, ${b})`,
      );
      const rows = Array.isArray(queued) ? queued : (queued as unknown as { rows: { n: number }[] }).rows;
      return Number(rows[0]!.n);
    };
    for (let i = 0; i < WEBHOOK_TEST_LIMIT; i++) {
      const res = await test(i % 2 === 0 ? a : b);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await jobs()).toBe(WEBHOOK_TEST_LIMIT);
    const refused = await test(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: webhookMessages.tooManyTests, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WEBHOOK_TEST_WINDOW_MINUTES * 60);
    expect((await test(b)).statusCode).toBe(429);
    expect(await jobs()).toBe(WEBHOOK_TEST_LIMIT);
    // Another account has its own budget.
    const hank = await account();
    const own = (await create(hank, 'https://voorbeeld.nl/test/c')).json()._id as string;
    expect((await test(own, hank)).statusCode).toBe(200);
  });
});
