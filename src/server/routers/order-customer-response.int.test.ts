import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orderConfirmations, type StoredResponseLine } from '../../db/schema';
import { takeOverMessages } from '../../shared/order-confirmation-states';
import { roleRequiredMessage } from '../../shared/roles';
import type { OrderInput } from '../../shared/schemas/order';
import type { OrderWithEmails } from '../../shared/schemas/order-email';
import { setApprovalRule, webhookEventsAbout } from '../../test/approvals';
import { answeredConfirmation, insertConfirmation } from '../../test/confirmations';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createCapturingMailer } from '../../test/mailer';
import { insertCustomer, orderPayload } from '../../test/orders-fixtures';
import { addSignedInMember, createSignedInUser } from '../../test/users';

/**
 * 'Wijzigingen overnemen' over REST and tRPC's paths alike (POST /orders/{id}/customer-response/apply):
 * only a change request on the order's current link, only once, by whoever may edit orders; the
 * order's new version is an ordinary save (totals, approval, webhook, audit).
 */

type Person = { token: string; userId: string };
let database: TestDatabase;
let app: FastifyInstance;
let organizationId: string;
let owner: Person;
let member: Person;
let viewer: Person;
let admin: Person;
let outsider: Person;
let customerId: string;

const call = (who: Person, method: InjectOptions['method'], url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async <T>(res: Promise<LightMyRequestResponse>): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};
const apply = (who: Person, id: string) => call(who, 'POST', `/api/orders/${id}/customer-response/apply`, {});
const refusal = async (res: Promise<LightMyRequestResponse>) => {
  const r = await res;
  return { status: r.statusCode, message: r.json().message as string };
};

/** Three lines: 3 × 199,99 (21 %), 2 × 45,50 (21 %), 1 × 12,50 (9 %); delivery on 1 June. */
const newOrder = (who: Person = member, overrides: Partial<OrderInput> = {}) =>
  ok<OrderWithEmails>(
    call(
      who,
      'POST',
      '/api/orders',
      orderPayload(customerId, { status: 'sent', deliveryDate: '2026-06-01', ...overrides }),
    ),
  );
const getOrder = (id: string) => ok<OrderWithEmails>(call(owner, 'GET', `/api/orders/${id}`));

const CHANGES: StoredResponseLine[] = [
  { lineIndex: 0, status: 'changed', quantity: '2.000', deliveryDate: '2026-06-12' },
  { lineIndex: 1, status: 'rejected', quantity: null, deliveryDate: null },
  { lineIndex: 2, status: 'changed', quantity: null, deliveryDate: '2026-06-20' },
];

const sentAt = () => new Date(Date.now() - 60_000);

async function changeRequested(lines: StoredResponseLine[] = CHANGES, deliveryDate: string | null = null) {
  const order = await newOrder();
  const inserted = await answeredConfirmation(
    database.db,
    { organizationId, orderId: order._id, sentAt: sentAt() },
    { decision: 'changes_requested', respondedAt: new Date(), note: 'Graag aanpassen', deliveryDate, lines },
  );
  return { order, linkId: inserted.id };
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
  const o = await createSignedInUser(database.db, { company: 'Overnemen B.V.' });
  organizationId = o.organization.id;
  owner = { token: o.token, userId: o.user.id };
  member = await addSignedInMember(database.db, organizationId, 'member', 'Mila Medewerker');
  viewer = await addSignedInMember(database.db, organizationId, 'viewer', 'Vera Lezer');
  admin = await addSignedInMember(database.db, organizationId, 'admin', 'Bram Beheerder');
  const other = await createSignedInUser(database.db, { company: 'Ander B.V.' });
  outsider = { token: other.token, userId: other.user.id };
  customerId = (await insertCustomer(database.db, organizationId)).id;
}, 120_000);

beforeEach(async () => {
  await setApprovalRule(database.db, organizationId, { threshold: null });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /orders/{id}/customer-response/apply', () => {
  it('takes the request over: quantities, unwanted lines gone, the latest line date, new totals; recorded once', async () => {
    const { order, linkId } = await changeRequested();
    const after = await ok<OrderWithEmails>(apply(member, order._id));
    expect(after.items.map((i) => [i.description, i.quantity])).toEqual([
      ['Bureaustoel', 2],
      ['Handboek', 1],
    ]);
    // 2 × 199,99 = 399,98 (21 %: 84,00) + 12,50 (9 %: 1,13).
    expect({ subtotal: after.subtotal, vat: after.vat, total: after.total }).toEqual({
      subtotal: 412.48,
      vat: 85.13,
      total: 497.61,
    });
    expect(after.deliveryDate).toBe('2026-06-20');
    expect(after.orderNumber).toBe(order.orderNumber);
    expect(after.status).toBe('sent');
    expect(after.confirmation?.changesAppliedAt).toEqual(expect.any(String));
    // The answer stays what the customer said.
    expect(after.customerResponse?.decision).toBe('changes_requested');
    expect(await getOrder(order._id)).toEqual(after);

    const [link] = await database.db
      .select({ changesAppliedAt: orderConfirmations.changesAppliedAt })
      .from(orderConfirmations)
      .where(eq(orderConfirmations.id, linkId));
    expect(link?.changesAppliedAt).toBeInstanceOf(Date);
    expect(await refusal(apply(member, order._id))).toEqual({
      status: 409,
      message: takeOverMessages.alreadyApplied,
    });
  });

  it('the delivery date asked for the whole order goes before the lines’ dates', async () => {
    const { order } = await changeRequested(CHANGES, '2026-07-01');
    expect((await ok<OrderWithEmails>(apply(owner, order._id))).deliveryDate).toBe('2026-07-01');
  });

  it('without any date asked the order keeps its own', async () => {
    const { order } = await changeRequested([
      { lineIndex: 1, status: 'changed', quantity: '5.000', deliveryDate: null },
    ]);
    const after = await ok<OrderWithEmails>(apply(owner, order._id));
    expect(after.deliveryDate).toBe('2026-06-01');
    expect(after.items.map((i) => i.quantity)).toEqual([3, 5, 1]);
  });

  it('refuses with 409 in Dutch, and changes nothing, when there is nothing to take over', async () => {
    const none = await newOrder();
    expect(await refusal(apply(owner, none._id))).toEqual({
      status: 409,
      message: takeOverMessages.noChangeRequest,
    });

    for (const decision of ['accepted', 'rejected'] as const) {
      const order = await newOrder();
      await answeredConfirmation(
        database.db,
        { organizationId, orderId: order._id, sentAt: sentAt() },
        { decision, respondedAt: new Date(), note: 'x' },
      );
      expect(await refusal(apply(owner, order._id))).toEqual({
        status: 409,
        message: takeOverMessages.noChangeRequest,
      });
    }

    const waiting = await newOrder();
    await insertConfirmation(database.db, { organizationId, orderId: waiting._id, sentAt: sentAt() });
    expect((await apply(owner, waiting._id)).statusCode).toBe(409);

    // A request on an older send: a newer send replaced it, and that link waits.
    const { order: resent } = await changeRequested();
    await insertConfirmation(database.db, { organizationId, orderId: resent._id, sentAt: new Date() });
    expect(await refusal(apply(owner, resent._id))).toEqual({
      status: 409,
      message: takeOverMessages.noChangeRequest,
    });

    const allRejected = CHANGES.map((line) => ({ ...line, status: 'rejected' as const, quantity: null }));
    const { order: empty } = await changeRequested(allRejected);
    const before = await getOrder(empty._id);
    expect(await refusal(apply(owner, empty._id))).toEqual({
      status: 409,
      message: takeOverMessages.noLinesLeft,
    });
    expect(await getOrder(empty._id)).toEqual(before);

    const { order: unknownLine } = await changeRequested([
      { lineIndex: 7, status: 'changed', quantity: '1.000', deliveryDate: null },
    ]);
    expect(await refusal(apply(owner, unknownLine._id))).toEqual({
      status: 409,
      message: takeOverMessages.linesChanged,
    });
  });

  it('is for whoever may edit orders: a viewer gets 403, another organisation 404', async () => {
    const { order } = await changeRequested();
    expect(await refusal(apply(viewer, order._id))).toEqual({
      status: 403,
      message: roleRequiredMessage('work'),
    });
    expect((await apply(outsider, order._id)).statusCode).toBe(404);
    expect((await apply(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getOrder(order._id)).confirmation?.changesAppliedAt).toBeNull();
    await ok(apply(admin, order._id));
  });

  it('is an ordinary save: an approval for the old content lapses, order.updated goes out, the audit log names it', async () => {
    await ok(
      call(owner, 'POST', '/api/webhooks', {
        url: 'https://boekhouding.voorbeeld.nl/hook',
        events: ['order.updated'],
      }),
    );
    await setApprovalRule(database.db, organizationId, { threshold: '100.00' });
    const { order } = await changeRequested();
    await ok(call(member, 'POST', `/api/orders/${order._id}/approval/request`, {}));
    await ok(call(owner, 'POST', `/api/orders/${order._id}/approval/approve`, {}));
    expect((await getOrder(order._id)).approval.state).toBe('approved');

    const after = await ok<OrderWithEmails>(apply(member, order._id));
    expect(after.approval.state).toBe('required');

    const events = (await webhookEventsAbout(database.db, order._id)).filter(
      (e) => e.type === 'order.updated',
    );
    expect(events.at(-1)?.data).toEqual(after);

    const entries = await database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, fields: auditLog.fields })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.objectId, order._id)))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.at(-1)).toEqual({
      action: 'order.customer_changes_applied',
      actor: member.userId,
      fields: expect.arrayContaining(['items', 'subtotal', 'total', 'deliveryDate']),
    });
  });
});
