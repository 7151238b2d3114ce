import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  memberships,
  type OrganizationRow,
  organizations,
  sessions,
  type UserRow,
  users,
} from '../../../db/schema';
import { preparedPerDb } from '../../prepared-queries';
import { firstMembership, lastActiveIsDue, stampLastActive } from '../organizations/memberships';
import type { Tenant } from '../organizations/tenant';
import { generateToken, hashToken } from './session-tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_DAYS_REMEMBER = 30;
export const SESSION_DAYS_DEFAULT = 1;

export const sessionLifetimeMs = (rememberMe: boolean) =>
  (rememberMe ? SESSION_DAYS_REMEMBER : SESSION_DAYS_DEFAULT) * DAY_MS;

export type CreatedSession = { token: string; expiresAt: Date };

export async function createSession(
  db: DbOrTx,
  userId: string,
  rememberMe: boolean,
  now: Date,
  /** The organisation the session works in (login picks it: memberships.ts, defaultOrganizationId). */
  organizationId: string | null,
): Promise<CreatedSession> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(rememberMe));
  await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, organizationId, expiresAt, rememberMe: rememberMe ? 1 : 0 });
  return { token, expiresAt };
}

export type ValidSession = {
  user: UserRow;
  sessionId: string;
  expiresAt: Date;
  rememberMe: boolean;
  /** The active organisation and the user's role in it; null for a user who belongs to none. */
  tenant: Tenant | null;
  organization: OrganizationRow | null;
};

/** The lookup every authenticated request makes, prepared (see preparedPerDb for what it saves). */
const sessionLookup = preparedPerDb((db) =>
  db
    .select({
      session: sessions,
      user: users,
      role: memberships.role,
      lastActiveAt: memberships.lastActiveAt,
      organization: organizations,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, sessions.organizationId)),
    )
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_lookup'),
);

/**
 * Looks a token up by its hash. Expired sessions are deleted; a session used in the second half of
 * its life is extended to a full lifetime again (the Lucia guide's sliding expiry).
 */
export async function validateSessionToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<ValidSession | null> {
  const id = hashToken(token);
  const [row] = await sessionLookup(db).execute({ id });
  if (!row) return null;
  const rememberMe = row.session.rememberMe === 1;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.session.expiresAt;
  const lifetime = sessionLifetimeMs(rememberMe);
  if (expiresAt.getTime() - now.getTime() < lifetime / 2) {
    expiresAt = new Date(now.getTime() + lifetime);
    await db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
  }
  let { role, organization } = row;
  let lastActiveAt = row.lastActiveAt;
  if (!role || !organization) {
    // The session's organisation is gone, or the user no longer belongs to it: go on in their first
    // remaining membership, and remember that for the next request.
    const fallback = await firstMembership(db, row.user.id);
    role = fallback?.role ?? null;
    organization = fallback?.organization ?? null;
    lastActiveAt = null;
    if (organization)
      await db.update(sessions).set({ organizationId: organization.id }).where(eq(sessions.id, id));
  }
  const tenant = role && organization ? { organizationId: organization.id, userId: row.user.id, role } : null;
  if (tenant && lastActiveIsDue(lastActiveAt, now))
    await stampLastActive(db, tenant.organizationId, tenant.userId, now);
  return { user: row.user, sessionId: id, expiresAt, rememberMe, tenant, organization };
}

export async function invalidateSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every session expired at `now` (the scheduled clean-up): a lookup deletes only the one it finds expired. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return removed.length;
}
