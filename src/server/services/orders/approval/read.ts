import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import {
  type MembershipRole,
  memberships,
  type OrderApprovalRow,
  orderApprovals,
  organizations,
} from '../../../../db/schema';
import type { OrderRecord, PersonRef } from '../../../../shared/order-record';
import type { ApprovalState } from '../../../../shared/schemas/approval';
import { preparedPerDb } from '../../../prepared-queries';
import { peopleByIds, personOf } from '../../organizations/people';
import { type ApprovalSettings, approvalContentHash, approvalRuleApplies, deriveApprovalState } from './rule';

/** An order's approval as GET /orders/{id} shows it (the wire: order-wire.ts). */
export type ApprovalRecord = {
  state: ApprovalState;
  requestedBy: PersonRef | null;
  requestedAt: Date | null;
  note: string | null;
  decidedBy: PersonRef | null;
  decidedAt: Date | null;
  reason: string | null;
};

/** Everything the rule needs about one order besides its content, in one query. */
export type ApprovalFacts = {
  settings: ApprovalSettings;
  /** The author's role in the organisation now; null when they are no longer a member (or unknown). */
  authorRole: MembershipRole | null;
  /** The stored step, whatever content it was for. */
  step: OrderApprovalRow | null;
};

/** The organisation's rule, the author's role and the stored step: one read, prepared (GET /orders/{id}). */
const factsQuery = preparedPerDb((db) =>
  db
    .select({
      approvalThreshold: organizations.approvalThreshold,
      approvalForAdmins: organizations.approvalForAdmins,
      authorRole: sql<MembershipRole | null>`(select ${memberships.role} from ${memberships}
        where ${memberships.organizationId} = ${organizations.id}
          and ${memberships.userId} = ${sql.placeholder('authorId')}::uuid)`,
      step: orderApprovals,
    })
    .from(organizations)
    .leftJoin(
      orderApprovals,
      and(
        eq(orderApprovals.orderId, sql.placeholder('orderId')),
        eq(orderApprovals.organizationId, organizations.id),
      ),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .prepare('order_approval_facts'),
);

export async function readApprovalFacts(
  db: DbOrTx,
  organizationId: string,
  order: Pick<OrderRecord, 'id' | 'createdBy'>,
): Promise<ApprovalFacts> {
  const [row] = await factsQuery(db).execute({
    organizationId,
    orderId: order.id,
    authorId: order.createdBy?.id ?? null,
  });
  return {
    settings: {
      approvalThreshold: row?.approvalThreshold ?? null,
      approvalForAdmins: row?.approvalForAdmins ?? false,
    },
    authorRole: row?.authorRole ?? null,
    step: row?.step ?? null,
  };
}

/** The state of `order` as it is (its content hashed now) under these facts. */
export function approvalStateOf(order: OrderRecord, facts: ApprovalFacts): ApprovalState {
  const applies = approvalRuleApplies(facts.settings, order, facts.authorRole);
  return deriveApprovalState(applies, facts.step, approvalContentHash(order));
}

const NONE = {
  requestedBy: null,
  requestedAt: null,
  note: null,
  decidedBy: null,
  decidedAt: null,
  reason: null,
} as const;

/**
 * The approval of an order already read whole (getOrder). Only a step that holds for the order as it
 * is shows who asked and who decided; `not_required` and `required` show nobody.
 */
export async function orderApproval(
  db: DbOrTx,
  organizationId: string,
  order: OrderRecord,
  facts?: ApprovalFacts,
): Promise<ApprovalRecord> {
  const known = facts ?? (await readApprovalFacts(db, organizationId, order));
  const state = approvalStateOf(order, known);
  const step = known.step;
  if (state === 'not_required' || state === 'required' || !step) return { state, ...NONE };
  const people = await peopleByIds(db, [step.requestedBy, step.decidedBy]);
  const decided = state !== 'requested';
  return {
    state,
    requestedBy: personOf(people, step.requestedBy),
    requestedAt: step.requestedAt,
    note: step.note,
    decidedBy: decided ? personOf(people, step.decidedBy) : null,
    decidedAt: decided ? step.decidedAt : null,
    reason: state === 'rejected' ? step.reason : null,
  };
}
