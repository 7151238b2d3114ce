import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  apiKeys,
  memberships,
  type OrganizationRow,
  organizations,
  type UserRow,
  users,
} from '../../../db/schema';
import type { ApiKeyAccess } from '../../../shared/schemas/api-key';
import { preparedPerDb } from '../../prepared-queries';
import { hitRateLimit } from '../auth/rate-limit';
import { hashToken } from '../auth/session-tokens';
import { lastActiveIsDue, stampLastActive } from '../organizations/memberships';
import type { Tenant } from '../organizations/tenant';

/** The per-key budget's window: API_KEY_RATE_LIMIT requests per minute. */
export const API_KEY_RATE_WINDOW_MS = 60 * 1000;

export type ApiKeyRate = {
  limit: number;
  /** Requests left in this window (0 once spent). */
  remaining: number;
  /** Whole seconds until the window starts again: RateLimit-Reset, and Retry-After on a 429. */
  resetSeconds: number;
  exceeded: boolean;
};

export type AuthenticatedApiKey = {
  /** The key's creator: it acts for them, in the organisation it was made in. */
  user: UserRow;
  tenant: Tenant;
  organization: OrganizationRow;
  apiKey: { id: string; name: string; access: ApiKeyAccess };
  rate: ApiKeyRate;
};

/** The lookup every request with a key makes, prepared as the session lookup is (prepared-queries.ts). */
const apiKeyLookup = preparedPerDb((db) =>
  db
    .select({
      key: apiKeys,
      user: users,
      role: memberships.role,
      lastActiveAt: memberships.lastActiveAt,
      organization: organizations,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    // A key whose creator left the organisation opens nothing there any more.
    .innerJoin(
      memberships,
      and(eq(memberships.userId, apiKeys.userId), eq(memberships.organizationId, apiKeys.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_lookup'),
);

/**
 * The account behind a key, or null when the key is unknown, revoked or expired (no grace: the next
 * request after revoking is refused, on every server copy, since nothing is cached). Each request
 * counts against the key's budget in the database (shared by every server copy, as the sign-in
 * limits are). The first request of a new window also stamps `last_used_at`: one write a minute per
 * key at most, instead of one per request.
 */
export async function authenticateApiKey(
  db: DbOrTx,
  secret: string,
  opts: { limit: number; now: Date },
): Promise<AuthenticatedApiKey | null> {
  const { now } = opts;
  const [row] = await apiKeyLookup(db).execute({ hash: hashToken(secret) });
  if (!row) return null;
  const { key, user, role, organization } = row;
  if (key.revokedAt) return null;
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return null;

  const hit = await hitRateLimit(db, `api-key:${key.id}`, API_KEY_RATE_WINDOW_MS, now);
  if (hit.count === 1) await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
  // The key works for its creator: using it is the creator being active in its organisation.
  if (lastActiveIsDue(row.lastActiveAt, now)) await stampLastActive(db, organization.id, user.id, now);
  return {
    user,
    tenant: { organizationId: organization.id, userId: user.id, role },
    organization,
    apiKey: { id: key.id, name: key.name, access: key.access },
    rate: {
      limit: opts.limit,
      remaining: Math.max(0, opts.limit - hit.count),
      resetSeconds: hit.retryAfterSeconds,
      exceeded: hit.count > opts.limit,
    },
  };
}
