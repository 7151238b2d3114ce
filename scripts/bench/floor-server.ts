/**
 * The floor of the API benchmark: a bare Fastify process that answers what the app's
 * authenticated queries answer, with nothing in between — no tRPC, no ORM, no global hooks, just
 * postgres.js (which prepares every statement once per connection and reuses it).
 *
 *   GET /bare                 {"status":"ok"}, no database
 *   GET /bare/profile         Bearer token → SHA-256 → session + user → the app's profile shape; 401 without
 *   GET /bare/orders/:id      the same session lookup, then the user's own order with its lines, send
 *                             history and approval → the app's GET /api/orders/{id} shape; 404 for a
 *                             missing or foreign one
 *
 * The session lookup keeps the app's rules (services/auth/sessions.ts): an expired session is deleted,
 * one in the second half of its life is extended, so the floor does the work the app must do.
 *
 * Run: DATABASE_URL=postgres://… PORT=4401 HOST=127.0.0.1 node --import tsx scripts/bench/floor-server.ts
 * It prints `listening <url>` once it listens and closes on SIGTERM. scripts/bench/api-overhead.ts and
 * the bench helper start it exactly so.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';
import type { MembershipRole, OrderItemRow, OrderRow } from '../../src/db/schema';
import {
  type ProfileCompany,
  type ProfilePerson,
  toProfile,
} from '../../src/server/services/auth/profile-view';
import type { ApprovalRecord } from '../../src/server/services/orders/approval/read';
import {
  type ApprovalSettings,
  approvalContentHash,
  approvalRuleApplies,
  deriveApprovalState,
  type StoredApprovalStep,
} from '../../src/server/services/orders/approval/rule';
import type { AnswerFields } from '../../src/server/services/orders/confirmation/response-wire';
import type { CurrentConfirmationRecord } from '../../src/server/services/orders/order-reads';
import { toOrderRecord } from '../../src/server/services/orders/order-records';
import { orderWithEmailsToWire } from '../../src/server/services/orders/order-wire';
import type { OrderEmailRecord, OrderRecord, PersonRef } from '../../src/shared/order-record';

const DAY_MS = 24 * 60 * 60 * 1000;
const UNAUTHORIZED = {
  message: 'U bent niet ingelogd of uw sessie is verlopen. Log opnieuw in.',
  code: 'UNAUTHORIZED',
};
const NOT_FOUND = { message: 'Order niet gevonden.', code: 'NOT_FOUND' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is nodig (postgres://…)');
  process.exit(1);
}
const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });

// The profile's columns, read by hand; the JSON comes from the app's own mapping (toProfile).
type SessionUser = ProfilePerson &
  Omit<ProfileCompany, 'name'> & {
    companyName: string;
    organizationId: string;
    expiresAt: Date;
    rememberMe: number;
  };

/** The session's user, or null; the app's sliding expiry and deletion of expired sessions included. */
async function sessionUser(authorization: string | undefined): Promise<SessionUser | null> {
  if (!authorization?.startsWith('Bearer ')) return null;
  const token = authorization.slice(7).trim();
  if (!token) return null;
  const id = createHash('sha256').update(token).digest('hex');
  const [row] = await sql<SessionUser[]>`
    select s.expires_at as "expiresAt", s.remember_me as "rememberMe",
      u.id, u.name, u.email, o.name as "companyName", o.id as "organizationId",
      u.is_email_verified as "isEmailVerified",
      u.two_factor_enabled as "twoFactorEnabled", o.profile_completed as "profileCompleted",
      o.address, o.postal_code as "postalCode", o.city, o.country, o.website,
      o.phone_number as "phoneNumber", o.kvk_number as "kvkNumber", o.btw_number as "btwNumber",
      o.vat_number as "vatNumber", o.bank_account as "bankAccount", o.account_name as "accountName",
      o.bank_name as "bankName", o.two_factor_required as "twoFactorRequired",
      u.created_at as "createdAt"
    from sessions s join users u on u.id = s.user_id
      join memberships m on m.user_id = s.user_id and m.organization_id = s.organization_id
      join organizations o on o.id = m.organization_id
    where s.id = ${id}`;
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await sql`delete from sessions where id = ${id}`;
    return null;
  }
  const lifetime = (row.rememberMe === 1 ? 30 : 1) * DAY_MS;
  if (row.expiresAt.getTime() - now < lifetime / 2) {
    await sql`update sessions set expires_at = ${new Date(now + lifetime)}
      where id = ${id} and expires_at > ${new Date(now)}`;
  }
  return row;
}

/** The order, its lines and its send history, owner-scoped; null for a missing or foreign order. */
async function ownedOrder(organizationId: string, orderId: string) {
  if (!UUID.test(orderId)) return null;
  const [order] = await sql<OrderRow[]>`
    select id, organization_id as "organizationId", order_number as "orderNumber", customer_id as "customerId",
      customer_snapshot as "customerSnapshot", customer_search as "customerSearch", date, project,
      reference, payment_term as "paymentTerm", status, btw_verlegd as "btwVerlegd", subtotal, vat, total,
      delivery_date::text as "deliveryDate", delivery_address as "deliveryAddress", notes,
      created_at as "createdAt", updated_at as "updatedAt", created_by as "createdBy", updated_by as "updatedBy"
    from orders where id = ${orderId} and organization_id = ${organizationId}`;
  if (!order) return null;
  const actors = [order.createdBy, order.updatedBy].filter((id): id is string => id !== null);
  const [items, emailRows, people, [facts], [link]] = await Promise.all([
    sql<OrderItemRow[]>`
      select id, order_id as "orderId", position, description, quantity, unit, price, vat, total
      from order_items where order_id = ${orderId} order by position`,
    sql<(OrderEmailRecord & { answer: AnswerFields | null })[]>`
      select e.sent_at as "sentAt", e.recipient, e.cc, e.subject, e.include_pdf as "includePdf",
        e.include_ubl as "includeUbl", e.template_id as "templateId",
        case when c.decision is not null then json_build_object('decision', c.decision,
          'respondedAt', c.responded_at, 'respondentName', c.respondent_name, 'responseNote', c.response_note,
          'responseDeliveryDate', c.response_delivery_date, 'responseLines', c.response_lines) end as answer
      from order_emails e
        left join order_confirmations c on c.order_id = e.order_id and c.order_email_id = e.id
      where e.order_id = ${orderId} and e.organization_id = ${organizationId}
      order by e.sent_at desc, e.id desc`,
    actors.length === 0
      ? []
      : sql<PersonRef[]>`select id, name from users where id in ${sql([...new Set(actors)])}`,
    sql<ApprovalFloorFacts[]>`
      select o.approval_threshold::text as "approvalThreshold", o.approval_for_admins as "approvalForAdmins",
        (select role from memberships m where m.organization_id = o.id and m.user_id = ${order.createdBy})
          as "authorRole",
        a.state, a.content_hash as "contentHash", a.note, a.requested_at as "requestedAt",
        a.decided_at as "decidedAt", a.reason,
        (select json_build_object('id', id, 'name', name) from users where id = a.requested_by) as "requestedBy",
        (select json_build_object('id', id, 'name', name) from users where id = a.decided_by) as "decidedBy"
      from organizations o left join order_approvals a on a.order_id = ${orderId} and a.organization_id = o.id
      where o.id = ${organizationId}`,
    sql<CurrentConfirmationRecord[]>`
      select sent_at as "sentAt", expires_at as "expiresAt", replaced_at as "replacedAt",
        changes_applied_at as "changesAppliedAt", decision, responded_at as "respondedAt",
        respondent_name as "respondentName", response_note as "responseNote",
        response_delivery_date::text as "responseDeliveryDate", response_lines as "responseLines"
      from order_confirmations
      where order_id = ${orderId} and organization_id = ${organizationId} and replaced_at is null`,
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const record = toOrderRecord(order, items, byId);
  // json_build_object hands the answer's moment back as text.
  const emails = emailRows.map((e) => ({
    ...e,
    answer: e.answer && { ...e.answer, respondedAt: e.answer.respondedAt && new Date(e.answer.respondedAt) },
  }));
  return orderWithEmailsToWire(record, emails, approvalOf(record, facts), link ?? null, new Date());
}

/** The approval's facts as the app reads them (services/orders/approval/read.ts), in one statement. */
type ApprovalFloorFacts = ApprovalSettings & {
  authorRole: MembershipRole | null;
  state: StoredApprovalStep['state'] | null;
  contentHash: string | null;
  note: string | null;
  requestedAt: Date | null;
  decidedAt: Date | null;
  reason: string | null;
  requestedBy: PersonRef | null;
  decidedBy: PersonRef | null;
};

/** The app's rule (approval/rule.ts) over those facts: what `approval` of GET /api/orders/{id} says. */
function approvalOf(order: OrderRecord, f: ApprovalFloorFacts | undefined): ApprovalRecord {
  const none = {
    requestedBy: null,
    requestedAt: null,
    note: null,
    decidedBy: null,
    decidedAt: null,
    reason: null,
  };
  if (!f) return { state: 'not_required', ...none };
  const step = f.state && f.contentHash ? { state: f.state, contentHash: f.contentHash } : null;
  const applies = approvalRuleApplies(f, order, f.authorRole);
  const state = deriveApprovalState(applies, step, approvalContentHash(order));
  if (state === 'not_required' || state === 'required') return { state, ...none };
  const decided = state !== 'requested';
  return {
    state,
    requestedBy: f.requestedBy,
    requestedAt: f.requestedAt,
    note: f.note,
    decidedBy: decided ? f.decidedBy : null,
    decidedAt: decided ? f.decidedAt : null,
    reason: state === 'rejected' ? f.reason : null,
  };
}

const app = Fastify({ logger: false });

app.get('/bare', async () => ({ status: 'ok' }));

app.get('/bare/profile', async (req, reply) => {
  const user = await sessionUser(req.headers.authorization);
  if (!user) return reply.code(401).send(UNAUTHORIZED);
  return toProfile(user, { ...user, name: user.companyName });
});

app.get<{ Params: { id: string } }>('/bare/orders/:id', async (req, reply) => {
  const user = await sessionUser(req.headers.authorization);
  if (!user) return reply.code(401).send(UNAUTHORIZED);
  const order = await ownedOrder(user.organizationId, req.params.id);
  if (!order) return reply.code(404).send(NOT_FOUND);
  return order;
});

const close = async () => {
  await app.close();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
console.log(`listening ${url}`);
