import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from '../../../db/queue';
import { webhookDeliveries } from '../../../db/schema';
import { NO_APPROVAL_NEEDED } from '../../../test/approvals';
import { NO_CONFIRMATION } from '../../../test/confirmations';
import { createTestCaller, testConfig, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { extraOf, rejectionOf } from '../../../test/helpers';
import { createCapturingMailer } from '../../../test/mailer';
import { insertCustomer, orderPayload } from '../../../test/orders-fixtures';
import { createSignedInUser } from '../../../test/users';
import { startWebhookReceiver, waitFor } from '../../../test/webhook-receiver';
import type { AppDeps } from '../../deps';
import type { QueuePolicy } from '../../jobs/queue';
import { webhookDeliveryQueue } from '../../jobs/queues';
import { webhookDeliveryJob } from '../../jobs/registry';
import { type JobRunner, startJobs } from '../../jobs/runner';
import { createCustomer } from '../customers/customers';
import { recordOrderSent } from '../orders/order-emails';
import { REFUSED_NAME } from './deliver';
import { DELIVERY_LOG_LIMIT } from './subscriptions';

/** Retries at once: the back-off is the queue's setting, injected here so the test does not wait. */
const FAST: QueuePolicy & { maintenanceIntervalSeconds: number } = {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 30,
  maintenanceIntervalSeconds: 60,
};
const ALL_EVENTS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'order.sent',
  'customer.created',
  'customer.updated',
  'customer.deleted',
] as const;

/** Standard Webhooks verification, written from the spec (not with the code under test). */
function verify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

type Event = { id: string; type: string; createdAt: string; data: Record<string, unknown> };

describe('webhooks: delivery through the queue (integration)', () => {
  let database: TestDatabase;
  let deps: AppDeps;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let worker: JobRunner | null = null;
  const log = pino({ level: 'silent' });
  const startWorker = async (delivery = { allowPrivate: true, allowHttp: true }, retry = FAST) => {
    worker = await startJobs({
      queueSql: database.queueSql,
      log,
      jobs: [
        webhookDeliveryJob({
          db: database.db,
          log,
          delivery,
          now: () => new Date(),
          policy: retry,
          pollingIntervalSeconds: 0.5,
        }),
      ],
      maintenanceIntervalSeconds: retry.maintenanceIntervalSeconds,
    });
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };

  /** A new account subscribed to every event at `path`. */
  async function subscriber(path: string) {
    const { user, token } = await createSignedInUser(database.db);
    const caller = await createTestCaller(deps, { token });
    const hook = await caller.webhooks.create({ url: receiver.url(path), events: [...ALL_EVENTS] });
    return { user, caller, hook };
  }
  const eventsAt = (path: string) => receiver.at(path).map((r) => JSON.parse(r.body) as Event);

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = testDeps(database.db, createCapturingMailer(), testConfig({ webhookAllowPrivate: true }));
    receiver = await startWebhookReceiver();
    await startWorker();
  });
  afterAll(async () => {
    await stopWorker();
    await receiver.close();
    await database.close();
  });

  it('delivers each event once, signed, with the object in its REST shape', async () => {
    const { user, caller, hook } = await subscriber('/all');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const customer = await caller.customers.create({
      name: 'Petra Jansen',
      company: 'Jansen Bouw B.V.',
      email: 'petra@jansenbouw.nl',
    });
    const updatedCustomer = await caller.customers.update({ ...customer, id: customer._id, city: 'Utrecht' });
    const order = await caller.orders.create(orderPayload(customer._id));
    await caller.orders.update({ ...orderPayload(customer._id, { project: 'Nieuw' }), id: order._id });
    await recordOrderSent(
      database.db,
      user.id,
      order._id,
      {
        recipient: 'petra@jansenbouw.nl',
        cc: null,
        subject: 'Order',
        includePdf: false,
        includeUbl: false,
        templateId: null,
      },
      new Date(),
    );
    const sentOrder = await caller.orders.get({ id: order._id });
    await caller.orders.delete({ id: order._id });
    await caller.customers.delete({ id: customer._id });

    await waitFor('8 events', () => receiver.at('/all').length >= 8);
    await stopWorker(); // nothing more may arrive: the counts below are final
    await startWorker();
    const events = eventsAt('/all');
    // Delivery order is not promised (several at once, retries); each event is there exactly once.
    expect(events.map((e) => e.type).sort()).toEqual([
      'customer.created',
      'customer.deleted',
      'customer.updated',
      'order.created',
      'order.deleted',
      'order.sent',
      'order.updated',
      'order.updated',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(8);
    for (const r of receiver.at('/all')) {
      expect(verify(hook.secret, r.headers, r.body)).toBe(true);
      expect(JSON.parse(r.body).id).toBe(r.headers['webhook-id']);
      expect(Number(r.headers['webhook-timestamp'])).toBeGreaterThan(1_700_000_000);
    }
    const byType = (type: string) => events.filter((e) => e.type === type);
    expect(byType('customer.created')[0]!.data).toEqual(customer);
    expect(byType('customer.updated')[0]!.data).toEqual(updatedCustomer);
    expect(byType('customer.deleted')[0]!.data).toEqual(updatedCustomer);
    expect(byType('order.created')[0]!.data).toMatchObject({ _id: order._id, emails: [] });
    expect(byType('order.created')[0]!.data).toEqual({
      ...order,
      emails: [],
      approval: NO_APPROVAL_NEEDED,
      ...NO_CONFIRMATION,
    });
    expect(byType('order.sent')[0]!.data).toEqual(sentOrder);
    expect(byType('order.deleted')[0]!.data).toEqual(sentOrder);
  });

  it('only sends the events a subscription chose, and nothing while it is paused', async () => {
    const { token } = await createSignedInUser(database.db);
    const caller = await createTestCaller(deps, { token });
    const hook = await caller.webhooks.create({ url: receiver.url('/chosen'), events: ['customer.updated'] });
    const c = await caller.customers.create({ name: 'A', company: 'A BV', email: 'a@a.nl' });
    await caller.webhooks.update({ id: hook._id, url: hook.url, events: hook.events, active: false });
    await caller.customers.update({ ...c, id: c._id, city: 'Gepauzeerd' });
    await caller.webhooks.update({ id: hook._id, url: hook.url, events: hook.events, active: true });
    await caller.customers.update({ ...c, id: c._id, city: 'Hervat' });
    await waitFor('the update after resuming', () => receiver.at('/chosen').length >= 1);
    await caller.webhooks.test({ id: hook._id });
    await waitFor('the test event', () => receiver.at('/chosen').length >= 2);
    const events = eventsAt('/chosen');
    expect(events.map((e) => [e.type, (e.data as { city?: string }).city])).toEqual([
      ['customer.updated', 'Hervat'],
      ['webhook.test', undefined],
    ]);
  });

  it('retries a receiver that fails twice and delivers on the third attempt, logging each', async () => {
    const { caller, hook } = await subscriber('/flaky');
    receiver.failFirst('/flaky', 2);
    await caller.webhooks.test({ id: hook._id });
    await waitFor('three attempts', () => receiver.at('/flaky').length >= 3);
    const ids = receiver.at('/flaky').map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    await waitFor(
      'the third attempt logged',
      async () => (await caller.webhooks.deliveries({ id: hook._id })).length >= 3,
    );
    const log = await caller.webhooks.deliveries({ id: hook._id });
    expect(log.map((d) => [d.attempt, d.statusCode, d.success]).sort()).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(log.find((d) => d.attempt === 1)!.responseExcerpt).toBe('even niet');
    expect((await caller.webhooks.get({ id: hook._id })).failing).toBe(false);
  });

  it('marks the subscription failing after the last attempt fails', async () => {
    const { caller, hook } = await subscriber('/down');
    receiver.failFirst('/down', 100);
    await caller.webhooks.test({ id: hook._id });
    await waitFor('failing', async () => (await caller.webhooks.get({ id: hook._id })).failing);
    expect(receiver.at('/down')).toHaveLength(FAST.retryLimit + 1);
  });

  it("keeps a subscription's log at the newest attempts it shows, and leaves other logs alone", async () => {
    const { caller, hook } = await subscriber('/log-full');
    const other = await subscriber('/log-other');
    const oldRow = (subscriptionId: string, minutesAgo: number) => ({
      subscriptionId,
      eventId: `evt_oud_${minutesAgo}`,
      eventType: 'webhook.test',
      attempt: 1,
      statusCode: 500,
      durationMs: 5,
      success: false,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await database.db
      .insert(webhookDeliveries)
      .values(Array.from({ length: DELIVERY_LOG_LIMIT }, (_, i) => oldRow(hook._id, i + 1)));
    await database.db.insert(webhookDeliveries).values([1, 2, 3].map((i) => oldRow(other.hook._id, i)));

    const { eventId } = await caller.webhooks.test({ id: hook._id });
    await waitFor('the delivery logged', async () =>
      (await caller.webhooks.deliveries({ id: hook._id })).some((d) => d.eventId === eventId),
    );
    const rowsOf = async (id: string) =>
      database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, id));
    const kept = await rowsOf(hook._id);
    expect(kept).toHaveLength(DELIVERY_LOG_LIMIT);
    // The oldest went; the new attempt and the 99 after the oldest stayed.
    expect(kept.map((d) => d.eventId)).not.toContain(`evt_oud_${DELIVERY_LOG_LIMIT}`);
    expect(kept.map((d) => d.eventId)).toContain(`evt_oud_${DELIVERY_LOG_LIMIT - 1}`);
    expect(kept.map((d) => d.eventId)).toContain(eventId);
    expect(await rowsOf(other.hook._id)).toHaveLength(3);
  });

  it('sends nothing for a change that was rolled back', async () => {
    const { user } = await subscriber('/rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await createCustomer(
          tx,
          user.id,
          {
            name: 'Teruggedraaid',
            company: 'Weg BV',
            email: 'weg@weg.nl',
          } as Parameters<typeof createCustomer>[2],
          new Date(),
        );
        throw new Error('terugdraaien');
      }),
    ).rejects.toThrow('terugdraaien');
    await insertCustomer(database.db, user.id); // no event: straight in the table
    const marker = await createCustomer(
      database.db,
      user.id,
      {
        name: 'Markering',
        company: 'Markering BV',
        email: 'm@m.nl',
      } as Parameters<typeof createCustomer>[2],
      new Date(),
    );
    await waitFor('the marker', () => receiver.at('/rollback').length >= 1);
    await stopWorker();
    await startWorker();
    expect(eventsAt('/rollback').map((e) => (e.data as { _id: string })._id)).toEqual([marker._id]);
  });

  it('delivers an event enqueued while no worker ran once a new worker starts', async () => {
    await stopWorker();
    const { caller } = await subscriber('/restart');
    await caller.customers.create({ name: 'Na herstart', company: 'Herstart BV', email: 'h@h.nl' });
    const queued = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and state = 'created'`,
    );
    const rows = Array.isArray(queued) ? queued : (queued as unknown as { rows: { n: number }[] }).rows;
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1);
    expect(receiver.at('/restart')).toHaveLength(0);
    await startWorker();
    await waitFor('the event after the restart', () => receiver.at('/restart').length >= 1);
    expect(eventsAt('/restart')[0]!.type).toBe('customer.created');
  });

  it('delivers an event whose worker died mid-delivery, once the job expires, to a new worker', async () => {
    const quickExpiry = { ...FAST, expireInSeconds: 1, maintenanceIntervalSeconds: 1 };
    await stopWorker();
    await startWorker(undefined, quickExpiry); // the queue's jobs now expire after 1 s
    await stopWorker();
    const { caller, hook } = await subscriber('/died');
    await caller.customers.create({ name: 'Gestorven', company: 'Doorstart BV', email: 'd@d.nl' });
    // A worker takes the job (it is now active) and dies before delivering it.
    const dying = new PgBoss({ db: database.queueSql, schema: QUEUE_SCHEMA });
    const taken = await dying.fetch(webhookDeliveryQueue.name);
    expect(taken).toHaveLength(1);
    try {
      await startWorker(undefined, quickExpiry);
      await waitFor('the event after the expiry', () => receiver.at('/died').length >= 1);
      expect(eventsAt('/died').map((e) => e.type)).toEqual(['customer.created']);
      // The receiver has the event before the worker has written its log row (after the answer).
      await waitFor(
        'the logged delivery',
        async () => (await caller.webhooks.deliveries({ id: hook._id })).length >= 1,
      );
      const log = await caller.webhooks.deliveries({ id: hook._id });
      expect(log.map((d) => [d.attempt, d.success])).toEqual([[2, true]]);
    } finally {
      await stopWorker();
      await startWorker();
    }
  });

  it('refuses a private target at delivery time, after DNS, without WEBHOOK_ALLOW_PRIVATE', async () => {
    await stopWorker();
    await startWorker({ allowPrivate: false, allowHttp: true });
    try {
      // localhost resolves to loopback: only the check after the lookup can refuse it.
      const { user, token } = await createSignedInUser(database.db);
      const caller = await createTestCaller(deps, { token });
      const hook = await caller.webhooks.create({
        url: `http://localhost:${receiver.port}/private`,
        events: ['customer.created'],
      });
      await createCustomer(
        database.db,
        user.id,
        {
          name: 'X',
          company: 'X BV',
          email: 'x@x.nl',
        } as Parameters<typeof createCustomer>[2],
        new Date(),
      );
      await waitFor(
        'a refused attempt',
        async () => (await caller.webhooks.deliveries({ id: hook._id })).length >= 1,
      );
      const [first] = await caller.webhooks.deliveries({ id: hook._id });
      expect(first).toMatchObject({ statusCode: null, success: false });
      // Refused, without telling the account what the name stands for.
      expect(first!.error).toBe(REFUSED_NAME);
      expect(receiver.at('/private')).toHaveLength(0);
    } finally {
      await stopWorker();
      await startWorker();
    }
  });
});

describe('webhooks: subscriptions (integration)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('refuses 127.0.0.1, localhost and http without WEBHOOK_ALLOW_PRIVATE, with a Dutch 400', async () => {
    const deps = testDeps(database.db, createCapturingMailer(), testConfig({ webhookAllowPrivate: false }));
    const caller = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/x',
      'https://169.254.169.254/',
    ]) {
      const err = await rejectionOf(caller.webhooks.create({ url, events: ['order.created'] }));
      expect(extraOf(err).details).toEqual({
        url: expect.stringContaining('niet bereikbaar vanaf internet'),
      });
    }
    const err = await rejectionOf(
      caller.webhooks.create({ url: 'http://voorbeeld.nl/hook', events: ['order.created'] }),
    );
    expect(extraOf(err).details).toEqual({ url: 'De URL moet met https:// beginnen' });
    expect(await caller.webhooks.list()).toEqual([]);
    const ok = await caller.webhooks.create({ url: 'https://voorbeeld.nl/hook', events: ['order.created'] });
    expect(ok).toMatchObject({ url: 'https://voorbeeld.nl/hook', active: true, failing: false });
  });

  it("answers 404 for another account's webhook and never shows the secret again", async () => {
    const deps = testDeps(database.db, createCapturingMailer());
    const alice = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
    const bob = await createTestCaller(deps, { token: (await createSignedInUser(database.db)).token });
    const hook = await alice.webhooks.create({ url: 'https://voorbeeld.nl/a', events: ['customer.created'] });
    expect(await alice.webhooks.get({ id: hook._id })).not.toHaveProperty('secret');
    expect((await alice.webhooks.list())[0]).not.toHaveProperty('secret');
    const input = {
      id: hook._id,
      url: 'https://voorbeeld.nl/b',
      events: ['order.created' as const],
      active: true,
    };
    for (const call of [
      () => bob.webhooks.get({ id: hook._id }),
      () => bob.webhooks.update(input),
      () => bob.webhooks.delete({ id: hook._id }),
      () => bob.webhooks.deliveries({ id: hook._id }),
      () => bob.webhooks.test({ id: hook._id }),
    ])
      expect((await rejectionOf(call())).code).toBe('NOT_FOUND');
    expect(await bob.webhooks.list()).toEqual([]);
    expect((await alice.webhooks.get({ id: hook._id })).url).toBe('https://voorbeeld.nl/a');
  });
});
