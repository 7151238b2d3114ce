import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { orderApprovals, orders } from '../../../../db/schema';
import type { Tenant } from '../../organizations/tenant';
import { isApproverRole } from './rule';
import { approvalStateIs } from './state-sql';

/**
 * The dashboard's 'Wacht op goedkeuring' for the caller: the organisation's orders whose approval was
 * asked and that this person may decide on — not one they wrote or asked for themselves. A member or
 * viewer decides on none: 0, without a query.
 */
export async function approvalsWaitingFor(
  db: DbOrTx,
  tenant: Pick<Tenant, 'organizationId' | 'userId' | 'role'>,
): Promise<number> {
  if (!isApproverRole(tenant.role)) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    // The open requests first (order_approvals_org_state_idx), then their orders.
    .innerJoin(
      orderApprovals,
      and(eq(orderApprovals.orderId, orders.id), eq(orderApprovals.organizationId, orders.organizationId)),
    )
    .where(
      and(
        eq(orderApprovals.organizationId, tenant.organizationId),
        eq(orderApprovals.state, 'requested'),
        approvalStateIs('requested'),
        sql`${orders.createdBy} is distinct from ${tenant.userId}::uuid`,
        sql`${orderApprovals.requestedBy} is distinct from ${tenant.userId}::uuid`,
      ),
    );
  return row?.n ?? 0;
}
