import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConfirmationLineStatus, CustomerDecision } from '../../shared/order-confirmation-states';
import { idColumn } from './columns';
import { orderEmails } from './email-templates';
import { orders } from './orders';
import { organizations } from './organizations';

/** One line of a change request, as stored in `response_lines`. */
export type StoredResponseLine = {
  lineIndex: number;
  status: ConfirmationLineStatus;
  /** Decimal text ('2.500') as order_items.quantity; null when unchanged. */
  quantity: string | null;
  deliveryDate: string | null;
};

/**
 * The personal link each order e-mail carries (`/confirm/{token}`), and the customer's answer to the
 * version it was sent with (shared/schemas/order-confirmation.ts). Only a hash of the token is kept.
 * `document` is the order and the seller exactly as sent, so the page, its PDF and its UBL file show
 * that version whatever is edited afterwards. A newer send sets `replaced_at` on the order's current
 * link: at most one link per order is current.
 */
export const orderConfirmations = pgTable(
  'order_confirmations',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The send that carried the link. */
    orderEmailId: uuid('order_email_id').references(() => orderEmails.id, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the token; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 (hex) of the order as printed when it was sent. */
    versionHash: text('version_hash').notNull(),
    /** The order and the seller as sent (the service's own type). */
    document: jsonb('document').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When a newer send replaced this link; null for the order's current link. */
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    decision: text('decision', {
      enum: ['accepted', 'rejected', 'changes_requested'],
    }).$type<CustomerDecision>(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    respondentName: text('respondent_name'),
    responseNote: text('response_note'),
    responseDeliveryDate: date('response_delivery_date', { mode: 'string' }),
    responseLines: jsonb('response_lines').$type<StoredResponseLine[]>(),
    /** When the seller took a change request over into the order ('Wijzigingen overnemen'). */
    changesAppliedAt: timestamp('changes_applied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('order_confirmations_token_idx').on(t.tokenHash),
    uniqueIndex('order_confirmations_current_idx').on(t.orderId).where(sql`${t.replacedAt} is null`),
    // The list filter and the dashboard: the organisation's current links by their answer.
    index('order_confirmations_org_current_idx')
      .on(t.organizationId, t.decision)
      .where(sql`${t.replacedAt} is null`),
    // 'Wacht op akkoord' (the dashboard's count, the list's filter): the unanswered current links that
    // have not run out yet, without reading every unanswered link the organisation ever sent.
    index('order_confirmations_org_waiting_idx')
      .on(t.organizationId, t.expiresAt)
      .where(sql`${t.replacedAt} is null and ${t.decision} is null`),
    index('order_confirmations_order_idx').on(t.orderId, t.sentAt),
    check(
      'order_confirmations_decision_check',
      sql`${t.decision} is null or ${t.decision} in ('accepted', 'rejected', 'changes_requested')`,
    ),
    check(
      'order_confirmations_answer_check',
      sql`(${t.decision} is null) = (${t.respondedAt} is null) and (${t.decision} is null) = (${t.respondentName} is null)`,
    ),
  ],
);

export type OrderConfirmationRow = typeof orderConfirmations.$inferSelect;
