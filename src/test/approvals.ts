import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { organizations } from '../db/schema';
import type { Approval } from '../shared/schemas/approval';

/**
 * The organisation's approval rule, straight in the database (the settings' own call is not this
 * test's subject): `threshold` in euros excl. VAT as numeric text ('5000.00'), null for never.
 */
export async function setApprovalRule(
  db: DbOrTx,
  organizationId: string,
  rule: { threshold: string | null; forAdmins?: boolean },
): Promise<void> {
  await db
    .update(organizations)
    .set({ approvalThreshold: rule.threshold, approvalForAdmins: rule.forAdmins ?? false })
    .where(eq(organizations.id, organizationId));
}

/** `approval` of an order the rule does not apply to, as GET /orders/{id} answers it. */
export const NO_APPROVAL_NEEDED: Approval = {
  state: 'not_required',
  requestedBy: null,
  requestedAt: null,
  note: null,
  decidedBy: null,
  decidedAt: null,
  reason: null,
};
