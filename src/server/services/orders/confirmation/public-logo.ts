import { eq } from 'drizzle-orm';
import { orderConfirmations, orders } from '../../../../db/schema';
import type { ServiceDeps } from '../../../deps';
import { hashToken } from '../../auth/session-tokens';
import { findLogo, type StoredLogo } from '../../logo/logos';
import { confirmationState } from './response-wire';

/**
 * The seller's logo for the public order page: the app's own logo route needs a login, the customer has
 * only the link. Given for a link that still opens its order (waiting or answered), like the page
 * itself; null for an unknown, replaced or expired link, a cancelled order, or a seller without a logo.
 */
export async function confirmationLogo(
  deps: ServiceDeps<'db' | 'now'>,
  token: string,
): Promise<StoredLogo | null> {
  const [link] = await deps.db
    .select({
      organizationId: orderConfirmations.organizationId,
      replacedAt: orderConfirmations.replacedAt,
      decision: orderConfirmations.decision,
      expiresAt: orderConfirmations.expiresAt,
      orderStatus: orders.status,
    })
    .from(orderConfirmations)
    .innerJoin(orders, eq(orders.id, orderConfirmations.orderId))
    .where(eq(orderConfirmations.tokenHash, hashToken(token)))
    .limit(1);
  if (!link || link.orderStatus === 'cancelled') return null;
  const state = confirmationState(link, link.orderStatus, deps.now());
  if (state !== 'waiting' && state !== 'answered') return null;
  return findLogo(deps.db, link.organizationId);
}
