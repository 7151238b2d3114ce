import { createHash } from 'node:crypto';
import type { MembershipRole } from '../../../../db/schema';
import { decimalToCents } from '../../../../shared/money';
import type { OrderRecord } from '../../../../shared/order-record';
import { quantityToThousandths } from '../../../../shared/rules/quantity';
import type { ApprovalState } from '../../../../shared/schemas/approval';

/**
 * The four-eyes rule itself, without the database (shared/schemas/approval.ts says what it is for).
 * state-sql.ts writes the same rule as SQL for the lists and counts; a test holds the two together.
 */

/** What the rule reads of the organisation. */
export type ApprovalSettings = {
  /** numeric(12,2) as Postgres returns it, e.g. '5000.00'; null: the rule never applies. */
  approvalThreshold: string | null;
  approvalForAdmins: boolean;
};

/** The roles whose orders need approval only when the organisation says so. */
const APPROVER_ROLES: readonly MembershipRole[] = ['owner', 'admin'];

/** Whether `role` may approve others' orders: the owner and the admins. */
export const isApproverRole = (role: MembershipRole | null | undefined): boolean =>
  role != null && APPROVER_ROLES.includes(role);

/**
 * Whether the order needs a second person's approval: a threshold is set, the subtotal (excl. VAT, in
 * cents, so exact) is at or above it, and the author's role is one the rule covers. An author who is
 * no longer a member, or unknown (`null`), counts as a member: the safe side.
 */
export function approvalRuleApplies(
  settings: ApprovalSettings,
  order: { subtotalCents: number },
  authorRole: MembershipRole | null,
): boolean {
  if (settings.approvalThreshold === null) return false;
  if (order.subtotalCents < decimalToCents(settings.approvalThreshold)) return false;
  return settings.approvalForAdmins || !isApproverRole(authorRole);
}

/** The material content of an order: what an approval is for, and what voids it when it changes. */
export type ApprovalContent = Pick<OrderRecord, 'customerId' | 'btwVerlegd' | 'items'>;

/**
 * SHA-256 (hex) of a canonical JSON of the customer, the lines in their order (description, quantity,
 * unit, price, VAT rate) and verlegd; project, reference, notes, dates, delivery, status and payment
 * term are not in it, so changing them keeps an approval. Quantities in thousandths and prices in
 * cents: integers, so the text never depends on how a float is written.
 */
export function approvalContentHash(order: ApprovalContent): string {
  const canonical = JSON.stringify([
    'approval-content-v1',
    order.customerId,
    order.btwVerlegd,
    order.items.map((line) => [
      line.description,
      quantityToThousandths(line.quantity),
      line.unit,
      line.priceCents,
      String(line.vat),
    ]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The stored step (table order_approvals) as the rule reads it. */
export type StoredApprovalStep = { state: 'requested' | 'approved' | 'rejected'; contentHash: string };

/**
 * The state of an order as it is now. A stored step counts only for the content it was taken for:
 * updateOrder removes a step whose content changed, and the hash is compared here again, so a step
 * can never carry over to other content.
 */
export function deriveApprovalState(
  applies: boolean,
  step: StoredApprovalStep | null,
  currentHash: string,
): ApprovalState {
  if (!applies) return 'not_required';
  if (!step || step.contentHash !== currentHash) return 'required';
  return step.state;
}
