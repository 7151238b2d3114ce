import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The last approval step of an order that needs one (shared/schemas/approval.ts): asked, approved or
 * rejected, for the version whose material content hashes to `content_hash`. No row, or a row whose
 * hash is not that of the order as it now is, means `required`: a change to what the customer is
 * asked to pay voids the request or decision, so the row is removed when such a change is saved.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['requested', 'approved', 'rejected'] }).notNull(),
    /** SHA-256 (hex) of the order's customer, lines, VAT and verlegd when it was requested. */
    contentHash: text('content_hash').notNull(),
    note: text('note'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
  },
  (t) => [
    // The list filter and the dashboard's count: the organisation's open requests.
    index('order_approvals_org_state_idx').on(t.organizationId, t.state),
    check('order_approvals_state_check', sql`${t.state} in ('requested', 'approved', 'rejected')`),
  ],
);

export type OrderApprovalRow = typeof orderApprovals.$inferSelect;
