import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_FILTERS, type ResponseFilter } from '../../shared/order-confirmation-states';
import { apiListMessages } from '../../shared/schemas/api-list';
import type { OrderInput } from '../../shared/schemas/order';
import type { OrderWithEmails } from '../../shared/schemas/order-email';
import { createTestClock, DAY_MS } from '../../test/clock';
import { answeredConfirmation, insertConfirmation } from '../../test/confirmations';
import { buildTestApp, createTestCaller, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { createSignedInUser } from '../../test/users';
import { createSession } from '../services/auth/sessions';

/**
 * What the seller sees of the customer's answers: GET /orders/{id} (`customerResponse`, `confirmation`
 * and the answer under each send), the lists' filter `response` and badge, and the dashboard's counts.
 * Links are put in the database directly (test/confirmations.ts): sending and answering are not the
 * subject here. Every state is on the app's clock.
 */

const NOW = new Date('2026-05-15T12:00:00Z');
const clock = createTestClock(NOW);
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

type Org = { organizationId: string; userId: string; token: string; customerId: string };
let database: TestDatabase;
let app: FastifyInstance;
let a: Org;
let b: Org;
/** Org A's orders by what their links are. */
const orderOf: Record<string, { _id: string; orderNumber: string }> = {};
const bOrders: { _id: string; orderNumber: string }[] = [];

const call = (who: Org, url: string, method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url, headers: { authorization: `Bearer ${who.token}` } });
const ok = async <T>(res: Promise<LightMyRequestResponse>): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};

async function newOrder(who: Org, overrides: Partial<OrderInput> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: `Bearer ${who.token}` },
    payload: orderPayload(who.customerId, { status: 'sent', ...overrides }) as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; orderNumber: string };
}

const link = (who: Org, orderId: string, sentAt: Date, expiresAt?: Date) =>
  insertConfirmation(database.db, { organizationId: who.organizationId, orderId, sentAt, expiresAt });

const CHANGE_LINES = [
  { lineIndex: 0, status: 'changed' as const, quantity: '2.500', deliveryDate: '2026-06-10' },
  { lineIndex: 1, status: 'rejected' as const, quantity: null, deliveryDate: null },
  { lineIndex: 2, status: 'accepted' as const, quantity: null, deliveryDate: null },
];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer(), testConfig(), clock.now));
  const setUp = async (company: string): Promise<Org> => {
    const u = await createSignedInUser(database.db, { company, now: NOW });
    const customerId = (await insertCustomer(database.db, u.organization.id)).id;
    return { organizationId: u.organization.id, userId: u.user.id, token: u.token, customerId };
  };
  a = await setUp('Antwoord A B.V.');
  b = await setUp('Antwoord B B.V.');

  const answered = (
    who: Org,
    orderId: string,
    sentAt: Date,
    answer: Parameters<typeof answeredConfirmation>[2],
  ) => answeredConfirmation(database.db, { organizationId: who.organizationId, orderId, sentAt }, answer);

  orderOf.waiting = await newOrder(a);
  await link(a, orderOf.waiting._id, daysAgo(2));
  orderOf.accepted = await newOrder(a);
  await answered(a, orderOf.accepted._id, daysAgo(5), { decision: 'accepted', respondedAt: daysAgo(4) });
  orderOf.changes = await newOrder(a);
  await answered(a, orderOf.changes._id, daysAgo(3), {
    decision: 'changes_requested',
    respondedAt: daysAgo(1),
    name: 'Petra Jansen',
    note: 'Minder stoelen graag',
    deliveryDate: null,
    lines: CHANGE_LINES,
  });
  // Declined just after midnight on 1 May in Amsterdam (22:30 UTC the day before): this month.
  orderOf.rejected = await newOrder(a);
  await answered(a, orderOf.rejected._id, daysAgo(20), {
    decision: 'rejected',
    respondedAt: new Date('2026-04-30T22:30:00Z'),
    note: 'Te duur',
  });
  // Declined at 23:30 on 30 April in Amsterdam: last month, this quarter.
  orderOf.rejectedApril = await newOrder(a);
  await answered(a, orderOf.rejectedApril._id, daysAgo(20), {
    decision: 'rejected',
    respondedAt: new Date('2026-04-30T21:30:00Z'),
    note: 'Andere leverancier',
  });
  orderOf.expired = await newOrder(a);
  await link(a, orderOf.expired._id, daysAgo(91));
  // Declined on an older version; the newer send waits.
  orderOf.replaced = await newOrder(a);
  await answered(a, orderOf.replaced._id, daysAgo(10), {
    decision: 'rejected',
    respondedAt: daysAgo(9),
    note: 'Nee',
  });
  await link(a, orderOf.replaced._id, daysAgo(8));
  orderOf.cancelled = await newOrder(a, { status: 'cancelled' });
  await link(a, orderOf.cancelled._id, daysAgo(2));
  orderOf.none = await newOrder(a);

  for (const decision of ['accepted', 'changes_requested', 'rejected'] as const) {
    const order = await newOrder(b);
    await answered(b, order._id, daysAgo(3), { decision, respondedAt: daysAgo(1), note: 'B', lines: [] });
    bOrders.push(order);
  }
  const waitingB = await newOrder(b);
  await insertConfirmation(database.db, {
    organizationId: b.organizationId,
    orderId: waitingB._id,
    sentAt: daysAgo(1),
  });
  bOrders.push(waitingB);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const getOrder = (id: string, who: Org = a) => ok<OrderWithEmails>(call(who, `/api/orders/${id}`));

/**
 * Org A as seen at `at`: the clock moves there, with a session of that moment (a session of NOW has
 * long expired then, and an expired session is removed when it is used).
 */
async function atMoment<T>(at: Date, work: (who: Org) => Promise<T>): Promise<T> {
  clock.set(at);
  try {
    const { token } = await createSession(database.db, a.userId, false, at, a.organizationId);
    return await work({ ...a, token });
  } finally {
    clock.set(NOW);
  }
}

describe('GET /orders/{id}: the answer and the link', () => {
  it('a change request: the answer with its lines, the link answered, and the same answer under the send that carried it', async () => {
    const order = await getOrder(orderOf.changes!._id);
    const answer = {
      decision: 'changes_requested',
      respondedAt: daysAgo(1).toISOString(),
      respondentName: 'Petra Jansen',
      note: 'Minder stoelen graag',
      deliveryDate: null,
      lines: [
        { lineIndex: 0, status: 'changed', quantity: 2.5, deliveryDate: '2026-06-10' },
        { lineIndex: 1, status: 'rejected', quantity: null, deliveryDate: null },
        { lineIndex: 2, status: 'accepted', quantity: null, deliveryDate: null },
      ],
    };
    expect(order.customerResponse).toEqual(answer);
    expect(order.confirmation).toEqual({
      sentAt: daysAgo(3).toISOString(),
      expiresAt: new Date(daysAgo(3).getTime() + 90 * DAY_MS).toISOString(),
      state: 'answered',
      changesAppliedAt: null,
    });
    expect(order.emails.map((e) => e.customerResponse)).toEqual([answer]);
    // The order's own status is its own dimension.
    expect(order.status).toBe('sent');
  });

  it('waiting until its 90 days are over on the app’s clock, then expired', async () => {
    const id = orderOf.waiting!._id;
    expect((await getOrder(id)).confirmation?.state).toBe('waiting');
    const expiresAt = new Date(daysAgo(2).getTime() + 90 * DAY_MS);
    const before = await atMoment(new Date(expiresAt.getTime() - 1), (who) => getOrder(id, who));
    expect(before.confirmation?.state).toBe('waiting');
    const order = await atMoment(expiresAt, (who) => getOrder(id, who));
    expect(order.confirmation?.state).toBe('expired');
    expect(order.customerResponse).toBeNull();
    expect((await getOrder(orderOf.expired!._id)).confirmation?.state).toBe('expired');
  });

  it('a newer send: the order shows the new link waiting, the older answer stays under its own send', async () => {
    const order = await getOrder(orderOf.replaced!._id);
    expect(order.customerResponse).toBeNull();
    expect(order.confirmation?.state).toBe('waiting');
    expect(order.confirmation?.sentAt).toBe(daysAgo(8).toISOString());
    expect(order.emails.map((e) => e.customerResponse?.decision ?? null)).toEqual([null, 'rejected']);
  });

  it('a cancelled order’s link no longer works; an order never sent with a link has neither', async () => {
    expect((await getOrder(orderOf.cancelled!._id)).confirmation?.state).toBe('expired');
    const none = await getOrder(orderOf.none!._id);
    expect(none.customerResponse).toBeNull();
    expect(none.confirmation).toBeNull();
    expect(none.emails).toEqual([]);
  });

  it('another organisation’s order stays 404', async () => {
    expect((await call(b, `/api/orders/${orderOf.changes!._id}`)).statusCode).toBe(404);
  });
});

const EXPECTED: Record<ResponseFilter, string[]> = {
  waiting: ['waiting', 'replaced'],
  accepted: ['accepted'],
  changes_requested: ['changes'],
  rejected: ['rejected', 'rejectedApril'],
};
const numbersOf = (keys: string[]) => keys.map((k) => orderOf[k]!.orderNumber).sort();

describe('the filter `response` and the badge', () => {
  it('GET /api/orders?response=…: each value, only the organisation’s own, streamed and paged alike', async () => {
    for (const filter of RESPONSE_FILTERS) {
      const all = await ok<{ orderNumber: string }[]>(call(a, `/api/orders?response=${filter}`));
      expect({ filter, numbers: all.map((o) => o.orderNumber).sort() }).toEqual({
        filter,
        numbers: numbersOf(EXPECTED[filter]),
      });
      const res = await call(a, `/api/orders?response=${filter}&limit=1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(EXPECTED[filter].length));
      const fromB = await ok<{ orderNumber: string }[]>(call(b, `/api/orders?response=${filter}`));
      expect(fromB).toHaveLength(1);
      expect(fromB[0]!.orderNumber).not.toBe(undefined);
    }
  });

  it('`waiting` follows the app’s clock: a link past its days waits no more', async () => {
    // The newer link of `replaced` was sent 8 days ago, that of `waiting` 2 days ago.
    const all = await atMoment(new Date(daysAgo(8).getTime() + 90 * DAY_MS), (who) =>
      ok<{ orderNumber: string }[]>(call(who, '/api/orders?response=waiting')),
    );
    expect(all.map((o) => o.orderNumber)).toEqual([orderOf.waiting!.orderNumber]);
  });

  it('an unknown value is refused in Dutch', async () => {
    const res = await call(a, '/api/orders?response=ja');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ response: apiListMessages.response });
  });

  it('orders.page: each filter, and every row with its badge', async () => {
    const caller = await createTestCaller(
      testDeps(database.db, createCapturingMailer(), testConfig(), clock.now),
      {
        token: a.token,
      },
    );
    for (const filter of RESPONSE_FILTERS) {
      const page = await caller.orders.page({ response: filter });
      expect({ filter, numbers: page.items.map((o) => o.orderNumber).sort(), total: page.total }).toEqual({
        filter,
        numbers: numbersOf(EXPECTED[filter]),
        total: EXPECTED[filter].length,
      });
      expect(page.items.every((row) => row.response === filter)).toBe(true);
    }
    const badges = Object.fromEntries(
      (await caller.orders.page({ pageSize: 100 })).items.map((row) => [row.orderNumber, row.response]),
    );
    expect(badges).toEqual({
      [orderOf.waiting!.orderNumber]: 'waiting',
      [orderOf.accepted!.orderNumber]: 'accepted',
      [orderOf.changes!.orderNumber]: 'changes_requested',
      [orderOf.rejected!.orderNumber]: 'rejected',
      [orderOf.rejectedApril!.orderNumber]: 'rejected',
      [orderOf.expired!.orderNumber]: null,
      [orderOf.replaced!.orderNumber]: 'waiting',
      [orderOf.cancelled!.orderNumber]: null,
      [orderOf.none!.orderNumber]: null,
    });
  });
});

describe('the dashboard’s counts', () => {
  it('waiting now; declined and changes asked in the period by the moment of the answer (Amsterdam), current links only, own organisation', async () => {
    const caller = await createTestCaller(
      testDeps(database.db, createCapturingMailer(), testConfig(), clock.now),
      {
        token: a.token,
      },
    );
    const month = await caller.orders.stats({ period: 'month' });
    expect(month).toMatchObject({ responsesWaiting: 2, responsesRejected: 1, responsesChangesRequested: 1 });
    const quarter = await caller.orders.stats({ period: 'quarter' });
    expect(quarter).toMatchObject({
      responsesWaiting: 2,
      responsesRejected: 2,
      responsesChangesRequested: 1,
    });
    const callerB = await createTestCaller(
      testDeps(database.db, createCapturingMailer(), testConfig(), clock.now),
      {
        token: b.token,
      },
    );
    expect(await callerB.orders.stats({ period: 'month' })).toMatchObject({
      responsesWaiting: 1,
      responsesRejected: 1,
      responsesChangesRequested: 1,
    });
  });
});
