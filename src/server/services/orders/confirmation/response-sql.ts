import { type SQL, sql } from 'drizzle-orm';
import { orderConfirmations, orders } from '../../../../db/schema';
import type { ResponseFilter } from '../../../../shared/order-confirmation-states';

/**
 * The customer's answer of `orders` rows as SQL, for the lists' second badge, their filter and the
 * dashboard: the order's current link (replaced_at is null; at most one per order) and its answer. The
 * SQL twin of confirmationState (response-wire.ts) seen from the order: an answer is its decision; an
 * unanswered link waits while it is within its days on the app's clock and the order is not
 * cancelled; an order without a link, or whose link ran out, has no badge.
 */

const c = orderConfirmations;

/** The row's current link: order_confirmations_current_idx, one lookup per order. */
const currentLinkOf = sql`${c.orderId} = ${orders.id} and ${c.organizationId} = ${orders.organizationId} and ${c.replacedAt} is null`;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** An unanswered current link that still works (the badge 'Wacht op akkoord'). */
const stillWaiting = (now: Date) =>
  sql`${c.decision} is null and ${c.expiresAt} > ${at(now)} and ${orders.status} <> 'cancelled'`;

/** The badge of the row: one of RESPONSE_FILTERS, or null. */
export function responseStateSql(now: Date): SQL<ResponseFilter | null> {
  return sql<ResponseFilter | null>`(select case when ${c.decision} is not null then ${c.decision}
      when ${stillWaiting(now)} then 'waiting' end
    from ${c} where ${currentLinkOf})`;
}

/**
 * Orders with this badge: a condition for a list's filter. The organisation's current links with
 * this answer come from order_confirmations_org_current_idx (organisation, decision), so the filter
 * reads those links, not every order.
 */
export function responseStateIs(filter: ResponseFilter, now: Date): SQL {
  const answer = filter === 'waiting' ? stillWaiting(now) : sql`${c.decision} = ${filter}`;
  return sql`exists (select 1 from ${c} where ${currentLinkOf} and ${answer})`;
}
