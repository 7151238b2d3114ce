import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { memberships } from '../../../../db/schema';

/**
 * Who may decide on an order: every owner and admin of the organisation but `excluded` (its author,
 * and whoever asked): nobody approves their own order.
 */
export async function approverIds(
  db: DbOrTx,
  organizationId: string,
  excluded: readonly (string | null | undefined)[],
): Promise<string[]> {
  const others = excluded.filter((id): id is string => typeof id === 'string');
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.role, ['owner', 'admin']),
        others.length > 0 ? notInArray(memberships.userId, others) : undefined,
      ),
    )
    .orderBy(memberships.createdAt, memberships.userId);
  return rows.map((r) => r.userId);
}
