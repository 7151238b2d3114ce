import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, memberships, orderApprovals, orders, rateLimits } from '../../db/schema';
import { formatEuro } from '../../shared/format';
import { roleRequiredMessage } from '../../shared/roles';
import { apiListMessages } from '../../shared/schemas/api-list';
import {
  APPROVAL_REQUIRED_CODE,
  type Approval,
  type ApprovalState,
  approvalMessages,
} from '../../shared/schemas/approval';
import type { OrderInput } from '../../shared/schemas/order';
import { approvalMailJobs, setApprovalRule, webhookEventsAbout } from '../../test/approvals';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { addSignedInMember, createSignedInUser } from '../../test/users';
import { apiKeyServiceMessages } from '../services/api-keys/messages';
import { approvalRequestMailOf, deliverApprovalMailJob } from '../services/orders/approval/request-mail';

/**
 * Four eyes on large orders, over REST and tRPC: when an order needs approval (threshold in cents,
 * excl. VAT; the author's role), who may ask and who may decide (nobody on their own order, no API
 * key), that an approval holds only for the content it was given for, that nothing that needs it is
 * sent without it (every path, idempotent repeats included), and what each step leaves behind: the
 * approvers' mails, the webhook events, the audit entries.
 */

type Person = { userId: string; token: string; email: string };
type WireOrder = { _id: string; orderNumber: string; subtotal: number; total: number };
type WireOrderWithApproval = WireOrder & { approval: Approval };

const LINE = { description: 'Serverkast', quantity: 1, unit: 'stuk', vat: 21 } as const;
const silent = pino({ level: 'silent' });

let database: TestDatabase;
let app: FastifyInstance;
let mailer: CapturingMailer;
let organizationId: string;
let owner: Person;
let admin: Person;
let member: Person;
let colleague: Person;
let viewer: Person;
let customerId: string;
let otherCustomerId: string;

const call = (
  who: Pick<Person, 'token'> | string,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${typeof who === 'string' ? who : who.token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const ok = async <T = unknown>(res: Promise<LightMyRequestResponse>): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};

/** An order of `who` with one line of `price` (euros excl. VAT, as text) and whatever else is given. */
const newOrder = (who: Person, price: string, overrides: Partial<OrderInput> = {}) =>
  ok<WireOrder>(
    call(who, 'POST', '/api/orders', orderPayload(customerId, { items: [{ ...LINE, price }], ...overrides })),
  );

const getOrder = (who: Pick<Person, 'token'>, id: string) =>
  ok<WireOrderWithApproval>(call(who, 'GET', `/api/orders/${id}`));
const stateOf = async (id: string) => (await getOrder(owner, id)).approval.state;

const request = (who: Person | string, id: string, note?: string) =>
  call(who, 'POST', `/api/orders/${id}/approval/request`, note === undefined ? {} : { note });
const approve = (who: Person | string, id: string) =>
  call(who, 'POST', `/api/orders/${id}/approval/approve`, {});
const reject = (who: Person | string, id: string, reason: unknown = 'Te duur; vraag een tweede offerte.') =>
  call(who, 'POST', `/api/orders/${id}/approval/reject`, { reason });

const SEND = {
  recipient: 'inkoop@klant.nl',
  subject: 'Inkooporder {{order.orderNumber}}',
  message: '<p>Hierbij onze order.</p>',
  includePdf: false,
};
const send = (who: Person | string, id: string, headers: Record<string, string> = {}) =>
  call(who, 'POST', `/api/orders/${id}/send-email`, SEND, headers);

/** A refusal: its status and Dutch message. */
const refusal = async (res: Promise<LightMyRequestResponse>) => {
  const r = await res;
  return { status: r.statusCode, message: r.json().message as string };
};

/** The order's put-forward version of `who`'s order, asked and approved by the others. */
async function approvedOrder(author: Person, price = '2000.00', overrides: Partial<OrderInput> = {}) {
  const order = await newOrder(author, price, overrides);
  await ok(request(author, order._id));
  await ok(approve(author === owner ? admin : owner, order._id));
  return order;
}

const writeKey = async (who: Person) =>
  (await ok<{ secret: string }>(call(who, 'POST', '/api/api-keys', { name: 'Koppeling', access: 'write' })))
    .secret;

beforeAll(async () => {
  database = await openTestDatabase();
  mailer = createCapturingMailer();
  app = await buildTestApp(testDeps(database.db, mailer));
  const o = await createSignedInUser(database.db, { name: 'Olga Eigenaar', company: 'Vier Ogen B.V.' });
  organizationId = o.organization.id;
  owner = { userId: o.user.id, token: o.token, email: o.user.email };
  admin = await addSignedInMember(database.db, organizationId, 'admin', 'Bram Beheerder');
  member = await addSignedInMember(database.db, organizationId, 'member', 'Mila Medewerker');
  colleague = await addSignedInMember(database.db, organizationId, 'member', 'Kees Collega');
  viewer = await addSignedInMember(database.db, organizationId, 'viewer', 'Vera Lezer');
  customerId = (await insertCustomer(database.db, organizationId)).id;
  otherCustomerId = (
    await insertCustomer(database.db, organizationId, { name: 'Anna Anders', company: 'Anders B.V.' })
  ).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  await setApprovalRule(database.db, organizationId, { threshold: '1000.00', forAdmins: false });
  // The organisation's send budget (30 per 10 minutes) is not this file's subject: each test starts afresh.
  await database.db.delete(rateLimits).where(eq(rateLimits.key, `send-email:organization:${organizationId}`));
  mailer.clear();
});

describe('when an order needs approval', () => {
  it('from the threshold on, in cents and excluding VAT: exactly at it yes, one cent below no', async () => {
    const cases: [string, Partial<OrderInput>, ApprovalState][] = [
      ['1000.00', {}, 'required'],
      ['999.99', {}, 'not_required'],
      // 999.99 + 21 % VAT is 1 209.99 incl.: VAT does not count.
      ['999.99', { btwVerlegd: false }, 'not_required'],
      ['1000.00', { btwVerlegd: true }, 'required'],
      ['999.99', { btwVerlegd: true }, 'not_required'],
      ['1000.01', {}, 'required'],
    ];
    for (const [price, overrides, expected] of cases) {
      const order = await newOrder(member, price, overrides);
      expect({ price, overrides, state: await stateOf(order._id) }).toEqual({
        price,
        overrides,
        state: expected,
      });
      expect(await stateOf(order._id)).toBe(expected);
    }
    // A subtotal of parts: 2,5 × 400,00 = 1 000,00; 0,333 × 3 003,00 = 999,999 → 1 000,00 by the rounding rule.
    const parts = await newOrder(member, '400.00', {
      items: [{ ...LINE, quantity: '2,5', price: '400.00' }],
    });
    expect(parts.subtotal).toBe(1000);
    expect(await stateOf(parts._id)).toBe('required');
    const nine = await newOrder(member, '300.00', {
      items: [
        { ...LINE, price: '300.00', vat: 9 },
        { ...LINE, price: '699.99', vat: 0 },
      ],
    });
    expect(nine.subtotal).toBe(999.99);
    expect(await stateOf(nine._id)).toBe('not_required');
  });

  it('never without a threshold; the threshold counts in cents both ways', async () => {
    await setApprovalRule(database.db, organizationId, { threshold: null });
    expect(await stateOf((await newOrder(member, '9999999.99'))._id)).toBe('not_required');
    await setApprovalRule(database.db, organizationId, { threshold: '0.01' });
    expect(await stateOf((await newOrder(member, '0.01'))._id)).toBe('required');
    await setApprovalRule(database.db, organizationId, { threshold: '250.50' });
    expect(await stateOf((await newOrder(member, '250.49'))._id)).toBe('not_required');
    expect(await stateOf((await newOrder(member, '250.50'))._id)).toBe('required');
  });

  it('for members’ orders always; for the owner’s and admins’ only when the organisation says so', async () => {
    const ofOwner = await newOrder(owner, '5000.00');
    const ofAdmin = await newOrder(admin, '5000.00');
    const ofMember = await newOrder(member, '5000.00');
    expect(await Promise.all([ofOwner, ofAdmin, ofMember].map((o) => stateOf(o._id)))).toEqual([
      'not_required',
      'not_required',
      'required',
    ]);
    await setApprovalRule(database.db, organizationId, { threshold: '1000.00', forAdmins: true });
    expect(await Promise.all([ofOwner, ofAdmin, ofMember].map((o) => stateOf(o._id)))).toEqual([
      'required',
      'required',
      'required',
    ]);
  });

  it('counts an author who is now a viewer, no longer a member, or unknown as a member: the safe side', async () => {
    const author = await addSignedInMember(database.db, organizationId, 'admin', 'Tijdelijk Beheerder');
    const order = await newOrder(author, '5000.00');
    expect(await stateOf(order._id)).toBe('not_required');
    const ofAuthor = and(
      eq(memberships.organizationId, organizationId),
      eq(memberships.userId, author.userId),
    );
    await database.db.update(memberships).set({ role: 'viewer' }).where(ofAuthor);
    expect(await stateOf(order._id)).toBe('required');
    await database.db.delete(memberships).where(ofAuthor);
    expect(await stateOf(order._id)).toBe('required');
    await database.db.update(orders).set({ createdBy: null }).where(eq(orders.id, order._id));
    expect(await stateOf(order._id)).toBe('required');
  });
});

describe('asking for approval', () => {
  it('is the author’s: anyone else is refused, whatever their role', async () => {
    const order = await newOrder(member, '2000.00');
    for (const other of [colleague, admin, owner])
      expect(await refusal(request(other, order._id))).toEqual({
        status: 403,
        message: approvalMessages.onlyAuthorRequests,
      });
    expect(await refusal(request(viewer, order._id))).toEqual({
      status: 403,
      message: roleRequiredMessage('work'),
    });
    expect(await stateOf(order._id)).toBe('required');
    const asked = await ok<{ success: true; message: string; approval: Approval }>(
      request(member, order._id, '  Spoed: de klant wacht.  '),
    );
    expect(asked).toEqual({
      success: true,
      message: approvalMessages.requested,
      approval: {
        state: 'requested',
        requestedBy: { id: member.userId, name: 'Mila Medewerker' },
        requestedAt: expect.any(String),
        note: 'Spoed: de klant wacht.',
        decidedBy: null,
        decidedAt: null,
        reason: null,
      },
    });
    expect((await getOrder(member, order._id)).approval).toEqual(asked.approval);
  });

  it('only when the order needs it and has no request or approval already', async () => {
    expect(await refusal(request(member, (await newOrder(member, '10.00'))._id))).toEqual({
      status: 409,
      message: approvalMessages.notRequired,
    });
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    expect(await refusal(request(member, order._id))).toEqual({
      status: 409,
      message: approvalMessages.alreadyRequested,
    });
    await ok(approve(admin, order._id));
    expect(await refusal(request(member, order._id))).toEqual({
      status: 409,
      message: approvalMessages.alreadyApproved,
    });
  });

  it('needs another owner or admin to decide: the only approver cannot put forward their own order', async () => {
    const solo = await createSignedInUser(database.db, { company: 'Eenmanszaak' });
    await setApprovalRule(database.db, solo.organization.id, { threshold: '100.00', forAdmins: true });
    const customer = await insertCustomer(database.db, solo.organization.id);
    const order = await ok<WireOrder>(
      call(
        solo.token,
        'POST',
        '/api/orders',
        orderPayload(customer.id, { items: [{ ...LINE, price: '500.00' }] }),
      ),
    );
    expect((await getOrder(solo, order._id)).approval.state).toBe('required');
    expect(await refusal(request(solo.token, order._id))).toEqual({
      status: 409,
      message: approvalMessages.noApprovers,
    });
    expect((await getOrder(solo, order._id)).approval.state).toBe('required');
    expect(await approvalMailJobs(database.db, order._id)).toEqual([]);
  });

  it('when the author has left, someone who may work on orders asks in their place, and may not decide', async () => {
    const leaver = await addSignedInMember(database.db, organizationId, 'member', 'Vertrokken Lid');
    const order = await newOrder(leaver, '2000.00');
    await database.db
      .delete(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, leaver.userId)));
    await ok(request(admin, order._id));
    expect(await refusal(approve(admin, order._id))).toEqual({
      status: 403,
      message: approvalMessages.ownOrder,
    });
    await ok(approve(owner, order._id));
    expect(await stateOf(order._id)).toBe('approved');
  });
});

describe('deciding', () => {
  it('nobody approves or rejects their own order, whatever their role', async () => {
    await setApprovalRule(database.db, organizationId, { threshold: '1000.00', forAdmins: true });
    for (const author of [owner, admin]) {
      const order = await newOrder(author, '3000.00');
      await ok(request(author, order._id));
      expect(await refusal(approve(author, order._id))).toEqual({
        status: 403,
        message: approvalMessages.ownOrder,
      });
      expect(await refusal(reject(author, order._id))).toEqual({
        status: 403,
        message: approvalMessages.ownOrder,
      });
      expect(await stateOf(order._id)).toBe('requested');
      await ok(approve(author === owner ? admin : owner, order._id));
      expect(await stateOf(order._id)).toBe('approved');
      // Also afterwards, in any state: the author hears why first.
      expect(await refusal(reject(author, order._id))).toEqual({
        status: 403,
        message: approvalMessages.ownOrder,
      });
    }
  });

  it('is for the owner and admins: a member or viewer is refused by role', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    for (const who of [colleague, viewer, member]) {
      expect(await refusal(approve(who, order._id))).toEqual({
        status: 403,
        message: roleRequiredMessage('manage'),
      });
      expect(await refusal(reject(who, order._id))).toEqual({
        status: 403,
        message: roleRequiredMessage('manage'),
      });
    }
    expect(await stateOf(order._id)).toBe('requested');
  });

  it('never with an API key, whatever its creator’s role or the key’s access, over REST and tRPC', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    const keys = [await writeKey(owner), await writeKey(admin)];
    for (const key of keys) {
      expect(await refusal(approve(key, order._id))).toEqual({
        status: 403,
        message: approvalMessages.apiKeyNoDecision,
      });
      expect(await refusal(reject(key, order._id))).toEqual({
        status: 403,
        message: approvalMessages.apiKeyNoDecision,
      });
      const trpc = await call(
        key,
        'POST',
        '/trpc/orderApprovals.approve',
        { id: order._id },
        {
          'content-type': 'application/json',
        },
      );
      expect(trpc.statusCode).toBe(403);
      expect(trpc.json().error.message).toBe(approvalMessages.apiKeyNoDecision);
    }
    const readKey = (
      await ok<{ secret: string }>(call(owner, 'POST', '/api/api-keys', { name: 'Lezen', access: 'read' }))
    ).secret;
    expect(await refusal(approve(readKey, order._id))).toEqual({
      status: 403,
      message: apiKeyServiceMessages.readOnly,
    });
    expect(await stateOf(order._id)).toBe('requested');
  });

  it('only what was asked: 409 before a request, after an approval, and for an order that needs none', async () => {
    const order = await newOrder(member, '2000.00');
    expect(await refusal(approve(owner, order._id))).toEqual({
      status: 409,
      message: approvalMessages.notRequested,
    });
    expect(await refusal(reject(owner, order._id))).toEqual({
      status: 409,
      message: approvalMessages.notRequested,
    });
    await ok(request(member, order._id));
    const approved = await ok<{ message: string; approval: Approval }>(approve(admin, order._id));
    expect(approved.message).toBe(approvalMessages.approved);
    expect(approved.approval).toMatchObject({
      state: 'approved',
      requestedBy: { id: member.userId, name: 'Mila Medewerker' },
      decidedBy: { id: admin.userId, name: 'Bram Beheerder' },
      decidedAt: expect.any(String),
      reason: null,
    });
    expect(await refusal(approve(owner, order._id))).toEqual({
      status: 409,
      message: approvalMessages.alreadyApproved,
    });
    expect(await refusal(reject(owner, order._id))).toEqual({
      status: 409,
      message: approvalMessages.alreadyApproved,
    });
    const small = await newOrder(member, '5.00');
    expect(await refusal(approve(owner, small._id))).toEqual({
      status: 409,
      message: approvalMessages.notRequired,
    });
  });

  it('a rejection needs a reason, which the author sees; then the order can be changed and asked again', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    for (const reason of [undefined, '', '   ']) {
      const res = await call(
        owner,
        'POST',
        `/api/orders/${order._id}/approval/reject`,
        reason === undefined ? {} : { reason },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ reason: approvalMessages.reasonRequired });
    }
    const long = await call(owner, 'POST', `/api/orders/${order._id}/approval/reject`, {
      reason: 'x'.repeat(1001),
    });
    expect(long.json().details).toEqual({ reason: approvalMessages.reasonMax });
    expect(await stateOf(order._id)).toBe('requested');

    const rejected = await ok<{ message: string; approval: Approval }>(
      reject(owner, order._id, '  Te duur.  '),
    );
    expect(rejected.message).toBe(approvalMessages.rejected);
    expect((await getOrder(member, order._id)).approval).toMatchObject({
      state: 'rejected',
      decidedBy: { id: owner.userId, name: 'Olga Eigenaar' },
      reason: 'Te duur.',
    });
    expect(await refusal(send(member, order._id))).toMatchObject({ status: 409 });

    // Changed (cheaper, still above the threshold) and asked again: a new request, the old decision gone.
    await ok(
      call(
        member,
        'PUT',
        `/api/orders/${order._id}`,
        orderPayload(customerId, { items: [{ ...LINE, price: '1500.00' }] }),
      ),
    );
    expect(await stateOf(order._id)).toBe('required');
    const again = await ok<{ approval: Approval }>(request(member, order._id, 'Nu met korting.'));
    expect(again.approval).toMatchObject({
      state: 'requested',
      note: 'Nu met korting.',
      decidedBy: null,
      decidedAt: null,
      reason: null,
    });
    await ok(approve(owner, order._id));
    expect(await stateOf(order._id)).toBe('approved');
  });

  it('a rejected order may also be asked again unchanged', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    await ok(reject(admin, order._id));
    expect((await ok<{ approval: Approval }>(request(member, order._id))).approval.state).toBe('requested');
  });
});

describe('an approval holds for the version approved', () => {
  const base = () =>
    orderPayload(customerId, {
      items: [
        { ...LINE, price: '2000.00' },
        { ...LINE, description: 'Montage', unit: 'uur', price: '100.00' },
      ],
    });
  const changes: [string, (p: OrderInput) => OrderInput][] = [
    ['the customer', (p) => ({ ...p, customer: otherCustomerId })],
    [
      'a line’s quantity',
      (p) => ({ ...p, items: p.items.map((i, n) => (n === 1 ? { ...i, quantity: 2 } : i)) }),
    ],
    [
      'a line’s price',
      (p) => ({ ...p, items: p.items.map((i, n) => (n === 1 ? { ...i, price: '100.01' } : i)) }),
    ],
    ['a line’s VAT rate', (p) => ({ ...p, items: p.items.map((i, n) => (n === 1 ? { ...i, vat: 9 } : i)) })],
    ['verlegd', (p) => ({ ...p, btwVerlegd: true })],
    [
      'a line added',
      (p) => ({ ...p, items: [...p.items, { ...LINE, description: 'Kabels', price: '1.00' }] }),
    ],
    ['a line removed', (p) => ({ ...p, items: p.items.slice(0, 1) })],
    [
      'a line’s description',
      (p) => ({ ...p, items: p.items.map((i, n) => (n === 1 ? { ...i, description: 'Installatie' } : i)) }),
    ],
    ['the lines’ order', (p) => ({ ...p, items: [...p.items].reverse() })],
  ];

  it.each(changes)(
    'a change of %s sets it back to required, and sending is refused again',
    async (_what, change) => {
      const order = await ok<WireOrder>(call(member, 'POST', '/api/orders', base()));
      await ok(request(member, order._id));
      await ok(approve(owner, order._id));
      expect(await stateOf(order._id)).toBe('approved');
      const updated = await call(member, 'PUT', `/api/orders/${order._id}`, change(base()));
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await getOrder(member, order._id)).approval).toEqual({
        state: 'required',
        requestedBy: null,
        requestedAt: null,
        note: null,
        decidedBy: null,
        decidedAt: null,
        reason: null,
      });
      expect(
        await database.db.select().from(orderApprovals).where(eq(orderApprovals.orderId, order._id)),
      ).toEqual([]);
      expect((await send(member, order._id)).statusCode).toBe(409);
    },
  );

  it('a change of reference, project, notes, delivery, payment term, date or status keeps it', async () => {
    const order = await ok<WireOrder>(call(member, 'POST', '/api/orders', base()));
    await ok(request(member, order._id));
    await ok(approve(owner, order._id));
    const kept = {
      ...base(),
      reference: 'PO-ANDERS',
      project: 'Ander project',
      notes: 'Achterom leveren.',
      deliveryDate: '2026-12-24',
      paymentTerm: 60,
      date: '2026-11-02',
      status: 'paid',
      // The same content, sent as other spellings of the same numbers.
      items: [
        { ...LINE, quantity: '1,000', price: '2.000,00' },
        { ...LINE, description: 'Montage', unit: 'uur', price: 100 },
      ],
    } as OrderInput;
    await ok(call(member, 'PUT', `/api/orders/${order._id}`, kept));
    expect(await stateOf(order._id)).toBe('approved');
    // A requested one is kept by such a change too.
    const asked = await ok<WireOrder>(call(member, 'POST', '/api/orders', base()));
    await ok(request(member, asked._id));
    await ok(call(member, 'PUT', `/api/orders/${asked._id}`, { ...base(), reference: 'Nieuw' }));
    expect(await stateOf(asked._id)).toBe('requested');
  });

  it('a requested or rejected one lapses with a change too', async () => {
    for (const decided of [false, true]) {
      const order = await ok<WireOrder>(call(member, 'POST', '/api/orders', base()));
      await ok(request(member, order._id));
      if (decided) await ok(reject(owner, order._id));
      await ok(call(member, 'PUT', `/api/orders/${order._id}`, { ...base(), btwVerlegd: true }));
      expect(await stateOf(order._id)).toBe('required');
    }
  });

  it('a stored step for other content never counts, even when it was not removed', async () => {
    const order = await approvedOrder(member);
    await database.db
      .update(orderApprovals)
      .set({ contentHash: '0'.repeat(64) })
      .where(eq(orderApprovals.orderId, order._id));
    expect(await stateOf(order._id)).toBe('required');
    expect((await send(member, order._id)).statusCode).toBe(409);
    expect(mailer.messages).toEqual([]);
  });

  it('an approval racing a change of the content never approves the changed version', async () => {
    for (let round = 0; round < 6; round++) {
      const order = await ok<WireOrder>(call(member, 'POST', '/api/orders', base()));
      await ok(request(member, order._id));
      const changed = { ...base(), items: [{ ...LINE, price: `${3000 + round}.00` }] };
      const [approved, updated] = await Promise.all([
        approve(owner, order._id),
        call(member, 'PUT', `/api/orders/${order._id}`, changed),
      ]);
      expect(updated.statusCode, updated.body).toBe(200);
      // Either the approval came first (and the change voided it) or the change did (and there was
      // nothing asked to approve): the order as it now is is never approved.
      expect([200, 409]).toContain(approved.statusCode);
      expect(await stateOf(order._id)).toBe('required');
      expect((await send(member, order._id)).statusCode).toBe(409);
    }
  });
});

describe('sending an order that needs approval', () => {
  const expectApprovalRequired = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: approvalMessages.required, code: APPROVAL_REQUIRED_CODE });
  };

  it('is refused with 409 APPROVAL_REQUIRED over REST while required, requested or rejected, and works once approved', async () => {
    const order = await newOrder(member, '2000.00');
    expectApprovalRequired(await send(member, order._id));
    await ok(request(member, order._id));
    expectApprovalRequired(await send(member, order._id));
    await ok(reject(owner, order._id));
    expectApprovalRequired(await send(owner, order._id));
    await ok(request(member, order._id));
    await ok(approve(owner, order._id));
    expect(mailer.messages).toEqual([]);
    const sent = await ok<{ orderStatus: string }>(send(member, order._id));
    expect(sent.orderStatus).toBe('sent');
    expect(mailer.messages.map((m) => m.to)).toEqual(['inkoop@klant.nl']);
    // An order that needs none is sent as before.
    await ok(send(member, (await newOrder(member, '999.99'))._id));
  });

  it('is refused over tRPC, alone and in a batch, with the code in data.domainCode', async () => {
    const order = await newOrder(member, '2000.00');
    const single = await call(
      member,
      'POST',
      '/trpc/orders.sendEmail',
      { id: order._id, ...SEND },
      {
        'content-type': 'application/json',
      },
    );
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toMatchObject({
      message: approvalMessages.required,
      data: { code: 'CONFLICT', httpStatus: 409, domainCode: APPROVAL_REQUIRED_CODE },
    });
    const small = await newOrder(member, '10.00');
    const batch = await call(
      member,
      'POST',
      '/trpc/orders.sendEmail,orders.sendEmail?batch=1',
      { 0: { id: small._id, ...SEND }, 1: { id: order._id, ...SEND } },
      { 'content-type': 'application/json' },
    );
    expect(batch.statusCode).toBe(207);
    const [first, second] = batch.json() as [
      { result: { data: { orderStatus: string } } },
      { error: { message: string; data: { domainCode?: string } } },
    ];
    expect(first.result.data.orderStatus).toBe('sent');
    expect(second.error).toMatchObject({
      message: approvalMessages.required,
      data: { domainCode: APPROVAL_REQUIRED_CODE },
    });
    expect(mailer.messages).toHaveLength(1);
    expect((await getOrder(member, order._id)).approval.state).toBe('required');
  });

  it('is refused with an API key, whoever made it', async () => {
    const order = await newOrder(member, '2000.00');
    expectApprovalRequired(await send(await writeKey(owner), order._id));
    expect(mailer.messages).toEqual([]);
  });

  it('a repeat with the same Idempotency-Key never sends it unapproved, and sends it once it is approved', async () => {
    const order = await newOrder(member, '2000.00');
    const key = { 'idempotency-key': `goedkeuring-${order._id}` };
    expectApprovalRequired(await send(member, order._id, key));
    // The refusal was not kept as the key's answer: the repeat is judged again, and refused again.
    expectApprovalRequired(await send(member, order._id, key));
    await ok(request(member, order._id));
    expectApprovalRequired(await send(member, order._id, key));
    expect(mailer.messages).toEqual([]);
    await ok(approve(admin, order._id));
    const first = await ok(send(member, order._id, key));
    const repeat = await ok(send(member, order._id, key));
    expect(repeat).toEqual(first);
    expect(mailer.messages).toHaveLength(1);
  });

  it('assertOrderSendable answers 404 for another organisation’s order', async () => {
    const { assertOrderSendable } = await import('../services/orders/approval/sendable');
    const stranger = await createSignedInUser(database.db, { company: 'Vreemd B.V.' });
    const order = await newOrder(member, '2000.00');
    await expect(assertOrderSendable(database.db, stranger.organization.id, order._id)).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    await expect(assertOrderSendable(database.db, organizationId, order._id)).rejects.toMatchObject({
      code: 'CONFLICT',
      domainCode: APPROVAL_REQUIRED_CODE,
    });
    const approved = await approvedOrder(member);
    expect((await assertOrderSendable(database.db, organizationId, approved._id)).id).toBe(approved._id);
  });
});

describe('what each step leaves behind', () => {
  it('a request mails every owner and admin but the author, with the note and a link to the order', async () => {
    await setApprovalRule(database.db, organizationId, { threshold: '1000.00', forAdmins: true });
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id, 'Graag vandaag: <b>spoed</b>.'));
    const jobs = await approvalMailJobs(database.db, order._id);
    const members = await database.db
      .select({ userId: memberships.userId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId));
    const approvers = members.filter((m) => m.role === 'owner' || m.role === 'admin').map((m) => m.userId);
    expect(jobs.map((j) => j.data.recipientId).sort()).toEqual(approvers.sort());
    expect(jobs.map((j) => j.data.recipientId)).not.toContain(member.userId);

    const deps = { db: database.db, mailer, log: silent, config: { appUrl: 'https://app.voorbeeld.nl' } };
    for (const job of jobs) expect(await deliverApprovalMailJob(deps, job)).toBe('done');
    const link = `https://app.voorbeeld.nl/inkooporders/${order._id}/edit`;
    for (const to of [owner.email, admin.email]) {
      const [mail] = mailer.to(to);
      expect(mail?.subject).toBe(`Goedkeuring gevraagd: order ${order.orderNumber} van Mila Medewerker`);
      expect(mailer.lastLink(to, '/inkooporders/')).toBe(link);
      expect(mail?.text).toContain('Graag vandaag: <b>spoed</b>.');
      expect(mail?.html).toContain('Graag vandaag: &lt;b&gt;spoed&lt;/b&gt;.');
      expect(mail?.text).toContain(formatEuro(200_000));
    }
    expect(mailer.to(member.email)).toEqual([]);
    expect(mailer.to(colleague.email)).toEqual([]);
    expect(mailer.to(viewer.email)).toEqual([]);
  });

  it('a mail still queued when the order was decided on, changed, or the recipient left is not sent', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    const [job] = await approvalMailJobs(database.db, order._id);
    const deps = { db: database.db, config: { appUrl: 'https://app.voorbeeld.nl' } };
    expect(await approvalRequestMailOf(deps, job!.data)).not.toBeNull();
    await ok(approve(owner, order._id));
    expect(await approvalRequestMailOf(deps, job!.data)).toBeNull();
    expect(await approvalRequestMailOf(deps, { ...job!.data, recipientId: member.userId })).toBeNull();
  });

  it('a mail server that is away fails the job (to be tried again), and the request stands', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    const [job] = await approvalMailJobs(database.db, order._id);
    mailer.failing = true;
    try {
      await expect(
        deliverApprovalMailJob(
          { db: database.db, mailer, log: silent, config: { appUrl: 'https://app.voorbeeld.nl' } },
          job!,
        ),
      ).rejects.toThrow();
    } finally {
      mailer.failing = false;
    }
    expect(await stateOf(order._id)).toBe('requested');
  });

  it('each step sends its webhook with the order as GET answers it, and writes its audit entry', async () => {
    await ok(
      call(owner, 'POST', '/api/webhooks', {
        url: 'https://boekhouding.voorbeeld.nl/hook',
        events: ['order.approval_requested', 'order.approved', 'order.approval_rejected'],
      }),
    );
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id, 'Graag snel.'));
    const afterRequest = await getOrder(member, order._id);
    await ok(reject(admin, order._id, 'Nee.'));
    const afterReject = await getOrder(member, order._id);
    await ok(request(member, order._id));
    await ok(approve(owner, order._id));
    const afterApprove = await getOrder(member, order._id);

    const events = await webhookEventsAbout(database.db, order._id);
    expect(events.map((e) => e.type)).toEqual([
      'order.approval_requested',
      'order.approval_rejected',
      'order.approval_requested',
      'order.approved',
    ]);
    expect(events[0]!.data).toEqual(afterRequest);
    expect(events[1]!.data).toEqual(afterReject);
    expect(events[3]!.data).toEqual(afterApprove);

    const entries = await database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, fields: auditLog.fields })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.objectId, order._id)))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.filter((e) => e.action !== 'order.created')).toEqual([
      { action: 'order.approval_requested', actor: member.userId, fields: ['note'] },
      { action: 'order.approval_rejected', actor: admin.userId, fields: ['reason'] },
      { action: 'order.approval_requested', actor: member.userId, fields: [] },
      { action: 'order.approved', actor: owner.userId, fields: [] },
    ]);
  });

  it('a refused step leaves nothing: no entry, no event, no mail, no step', async () => {
    const order = await newOrder(member, '2000.00');
    await refusal(request(colleague, order._id));
    await refusal(approve(owner, order._id));
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, order._id), eq(auditLog.action, 'order.approval_requested')));
    expect(entries).toEqual([]);
    expect(await approvalMailJobs(database.db, order._id)).toEqual([]);
    expect(
      await database.db.select().from(orderApprovals).where(eq(orderApprovals.orderId, order._id)),
    ).toEqual([]);
  });
});

describe('tenants', () => {
  it('another organisation’s order is not found on every approval path, and nothing changes', async () => {
    const order = await newOrder(member, '2000.00');
    await ok(request(member, order._id));
    const stranger = await createSignedInUser(database.db, { company: 'Buren B.V.' });
    const them = { userId: stranger.user.id, token: stranger.token, email: stranger.user.email };
    for (const res of [request(them, order._id), approve(them, order._id), reject(them, order._id)])
      expect(await refusal(res)).toEqual({ status: 404, message: 'Order niet gevonden.' });
    expect(await stateOf(order._id)).toBe('requested');
  });
});

describe('the lists and the dashboard', () => {
  it('the screens’ list filters on “Wacht op goedkeuring” and shows each row’s state', async () => {
    const fresh = await createSignedInUser(database.db, { company: 'Lijsten B.V.' });
    const org = fresh.organization.id;
    const boss: Person = { userId: fresh.user.id, token: fresh.token, email: fresh.user.email };
    const second = await addSignedInMember(database.db, org, 'admin', 'Tweede Beheerder');
    const worker = await addSignedInMember(database.db, org, 'member', 'Werker');
    const looker = await addSignedInMember(database.db, org, 'viewer', 'Kijker');
    await setApprovalRule(database.db, org, { threshold: '1000.00' });
    const customer = (await insertCustomer(database.db, org)).id;
    // A day each, so newest first is one order whatever the ids.
    const make = (who: Person, price: string, date: string) =>
      ok<WireOrder>(
        call(who, 'POST', '/api/orders', orderPayload(customer, { date, items: [{ ...LINE, price }] })),
      );
    const small = await make(worker, '10.00', '2026-11-01');
    const required = await make(worker, '2000.00', '2026-11-02');
    const waiting = await make(worker, '3000.00', '2026-11-03');
    const waitingToo = await make(worker, '4000.00', '2026-11-04');
    const approved = await make(worker, '5000.00', '2026-11-05');
    const ofAdmin = await make(second, '6000.00', '2026-11-06');
    for (const o of [waiting, waitingToo, approved]) await ok(request(worker, o._id));
    await ok(approve(boss, approved._id));
    await setApprovalRule(database.db, org, { threshold: '1000.00', forAdmins: true });
    await ok(request(second, ofAdmin._id));

    const page = (who: Person, input: object) =>
      ok<{ result: { data: { items: { _id: string; approvalState: ApprovalState }[]; total: number } } }>(
        call(who, 'GET', `/trpc/orders.page?input=${encodeURIComponent(JSON.stringify(input))}`),
      ).then((r) => r.result.data);
    const all = await page(worker, {});
    expect(Object.fromEntries(all.items.map((o) => [o._id, o.approvalState]))).toEqual({
      [small._id]: 'not_required',
      [required._id]: 'required',
      [waiting._id]: 'requested',
      [waitingToo._id]: 'requested',
      [approved._id]: 'approved',
      [ofAdmin._id]: 'requested',
    });
    const filtered = await page(worker, { approval: 'requested', pageSize: 2 });
    expect(filtered.total).toBe(3);
    expect(filtered.items.map((o) => o._id)).toEqual([ofAdmin._id, waitingToo._id]);
    expect((await page(worker, { approval: 'requested', search: 'nergens' })).total).toBe(0);
    const wrong = await call(
      worker,
      'GET',
      `/trpc/orders.page?input=${encodeURIComponent('{"approval":"approved"}')}`,
    );
    expect(wrong.statusCode).toBe(400);

    // The dashboard: the requests each person may decide on (not their own).
    const waitingFor = async (who: Person) =>
      (
        await ok<{ result: { data: { approvalsWaiting: number } } }>(
          call(who, 'GET', `/trpc/orders.stats?input=${encodeURIComponent('{}')}`),
        )
      ).result.data.approvalsWaiting;
    expect(await waitingFor(boss)).toBe(3);
    expect(await waitingFor(second)).toBe(2);
    expect(await waitingFor(worker)).toBe(0);
    expect(await waitingFor(looker)).toBe(0);

    // REST: the derived state as a filter, streamed and paged alike, in Dutch when wrong.
    const rest = async (query: string) => {
      const res = await call(boss, 'GET', `/api/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: (res.json() as { _id: string }[]).map((o) => o._id),
        total: res.headers['x-total-count'],
      };
    };
    expect((await rest('approval=requested')).ids).toEqual([ofAdmin._id, waitingToo._id, waiting._id]);
    expect(await rest('approval=requested&limit=1')).toEqual({ ids: [ofAdmin._id], total: '3' });
    expect((await rest('approval=approved')).ids).toEqual([approved._id]);
    expect((await rest('approval=required')).ids).toEqual([required._id]);
    expect((await rest('approval=not_required')).ids).toEqual([small._id]);
    const bad = await call(boss, 'GET', '/api/orders?approval=wacht');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      approval: apiListMessages.approval,
    });
  });

  it('the lists’ state (SQL) is the one GET answers (JS), for every author, amount, rule and step', async () => {
    const fresh = await createSignedInUser(database.db, { company: 'Tweelingen B.V.' });
    const org = fresh.organization.id;
    const boss: Person = { userId: fresh.user.id, token: fresh.token, email: fresh.user.email };
    const second = await addSignedInMember(database.db, org, 'admin', 'Tweede');
    const worker = await addSignedInMember(database.db, org, 'member', 'Werker');
    const customer = (await insertCustomer(database.db, org)).id;
    await setApprovalRule(database.db, org, { threshold: '500.00', forAdmins: true });
    const ids: string[] = [];
    for (const author of [boss, second, worker])
      for (const price of ['499.99', '500.00'])
        for (const step of ['none', 'requested', 'approved', 'rejected'] as const) {
          const order = await ok<WireOrder>(
            call(author, 'POST', '/api/orders', orderPayload(customer, { items: [{ ...LINE, price }] })),
          );
          ids.push(order._id);
          if (step === 'none' || price === '499.99') continue;
          await ok(request(author, order._id));
          const decider = author === boss ? second : boss;
          if (step === 'approved') await ok(approve(decider, order._id));
          if (step === 'rejected') await ok(reject(decider, order._id));
        }
    // The owner's first order above the threshold, now of an author of whom nothing is known.
    await database.db.update(orders).set({ createdBy: null }).where(eq(orders.id, ids[4]!));

    for (const rule of [
      { threshold: '500.00', forAdmins: true },
      { threshold: '500.00', forAdmins: false },
      { threshold: '500.01', forAdmins: true },
      { threshold: null },
    ]) {
      await setApprovalRule(database.db, org, rule);
      const byGet = new Map<string, ApprovalState>();
      for (const id of ids) byGet.set(id, (await getOrder(boss, id)).approval.state);
      const page = await ok<{ result: { data: { items: { _id: string; approvalState: ApprovalState }[] } } }>(
        call(boss, 'GET', `/trpc/orders.page?input=${encodeURIComponent('{"pageSize":100}')}`),
      );
      expect(new Map(page.result.data.items.map((o) => [o._id, o.approvalState]))).toEqual(byGet);
      for (const state of ['not_required', 'required', 'requested', 'approved', 'rejected'] as const) {
        const listed = await ok<{ _id: string }[]>(call(boss, 'GET', `/api/orders?approval=${state}`));
        expect({ rule, state, ids: listed.map((o) => o._id).sort() }).toEqual({
          rule,
          state,
          ids: ids.filter((id) => byGet.get(id) === state).sort(),
        });
      }
    }
  });
});
