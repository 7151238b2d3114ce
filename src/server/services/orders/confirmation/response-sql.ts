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
 * Orders with this badge: a condition for a list's filter. The organisation's current links with this
 * answer come first, from their own index (order_confirmations_org_waiting_idx for the waiting ones,
 * order_confirmations_org_current_idx for an answer), and their orders are then looked up by id. As
 * a correlated EXISTS, Postgres read every order of a 100 000-order account to join them (60–80 ms
 * where this takes 14–26; docs/decisions/order-lists.md).
 */
export function responseStateIs(filter: ResponseFilter, organizationId: string, now: Date): SQL {
  const answer =
    filter === 'waiting'
      ? sql`${c.decision} is null and ${c.expiresAt} > ${at(now)}`
      : sql`${c.decision} = ${filter}`;
  const ids = sql`array(select ${c.orderId} from ${c}
    where ${c.organizationId} = ${organizationId} and ${c.replacedAt} is null and ${answer})`;
  const linked = sql`${orders.id} = any(${ids})`;
  return filter === 'waiting' ? sql`(${linked} and ${orders.status} <> 'cancelled')` : linked;
}
