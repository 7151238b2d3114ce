import { type SQL, sql } from 'drizzle-orm';
import { memberships, orderApprovals, orders, organizations } from '../../../../db/schema';
import type { ApprovalState } from '../../../../shared/schemas/approval';

/**
 * The approval state of `orders` rows as SQL, for the lists, their filter and the dashboard's count:
 * the rule of rule.ts (threshold, subtotal, the author's role) and the stored step. Correlated
 * subqueries on the row's own organisation, membership and step (each a primary-key or unique-index
 * lookup), so it fits into any query that reads `orders`. It trusts the stored step's content hash:
 * updateOrder removes a step in the transaction that changes what it was for; the reads of one whole
 * order compare the hash again (rule.ts).
 */

/** Whether the rule applies to the order: the SQL twin of approvalRuleApplies. */
export const approvalRuleAppliesSql: SQL<boolean> = sql<boolean>`exists (
  select 1 from ${organizations}
  where ${organizations.id} = ${orders.organizationId}
    and ${organizations.approvalThreshold} is not null
    and ${orders.subtotal} >= ${organizations.approvalThreshold}
    and (${organizations.approvalForAdmins} or not exists (
      select 1 from ${memberships}
      where ${memberships.organizationId} = ${orders.organizationId}
        and ${memberships.userId} = ${orders.createdBy}
        and ${memberships.role} in ('owner', 'admin')
    ))
)`;

const ownStep = sql`${orderApprovals.orderId} = ${orders.id} and ${orderApprovals.organizationId} = ${orders.organizationId}`;

/** The state itself, e.g. to show in a list: the SQL twin of deriveApprovalState. */
export const approvalStateSql: SQL<ApprovalState> = sql<ApprovalState>`(case when ${approvalRuleAppliesSql}
  then coalesce((select ${orderApprovals.state} from ${orderApprovals} where ${ownStep}), 'required')
  else 'not_required' end)`;

/** Orders in this state: a condition for a list's filter or a count. */
export function approvalStateIs(state: ApprovalState): SQL {
  if (state === 'not_required') return sql`not ${approvalRuleAppliesSql}`;
  const step =
    state === 'required'
      ? sql`not exists (select 1 from ${orderApprovals} where ${ownStep})`
      : sql`exists (select 1 from ${orderApprovals} where ${ownStep} and ${orderApprovals.state} = ${state})`;
  return sql`(${approvalRuleAppliesSql} and ${step})`;
}
