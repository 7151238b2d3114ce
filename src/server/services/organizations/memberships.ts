import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  type MembershipRole,
  memberships,
  type OrganizationRow,
  organizations,
  sessions,
} from '../../../db/schema';
import { isUuid } from '../../db-helpers';
import { notFound } from '../../errors';
import { organizationMessages } from './messages';

/**
 * How often a member's "last active" is stamped at most. Each request would otherwise write a row; at
 * most once a minute per membership, the session and key lookups (which read the stamp anyway) write
 * only when it is due, and the Team tab shows it to the minute.
 */
export const LAST_ACTIVE_EVERY_MS = 60 * 1000;

/** Whether a member last seen at `lastActiveAt` is due a new stamp at `now`. */
export const lastActiveIsDue = (lastActiveAt: Date | null, now: Date) =>
  !lastActiveAt || now.getTime() - lastActiveAt.getTime() >= LAST_ACTIVE_EVERY_MS;

/** Records that the member works in the organisation now (signing in, switching, a request). */
export async function stampLastActive(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(memberships)
    .set({ lastActiveAt: now })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export type OrganizationOfUser = { organization: OrganizationRow; role: MembershipRole };

/** One organisation of a user, with their role in it; null when they are not a member (or it does not exist). */
export async function findMembership(
  db: DbOrTx,
  userId: string,
  organizationId: string,
): Promise<OrganizationOfUser | null> {
  const [row] = await db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/**
 * The organisation a new session of this user works in: the one their most recent session worked in
 * while they still belong to it, else their first membership. Null for a user without any.
 */
export async function defaultOrganizationId(db: DbOrTx, userId: string): Promise<string | null> {
  const [recent] = await db
    .select({ organizationId: memberships.organizationId })
    .from(sessions)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, sessions.organizationId)),
    )
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.organizationId)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (recent) return recent.organizationId;
  return (await firstMembership(db, userId))?.organization.id ?? null;
}

/** The user's oldest membership with its organisation; null for a user without any. */
export async function firstMembership(db: DbOrTx, userId: string): Promise<OrganizationOfUser | null> {
  const [first] = await db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.organizationId))
    .limit(1);
  return first ?? null;
}

/** What GET /auth/organizations answers: every membership of the user, oldest first. */
export async function listOrganizations(
  db: DbOrTx,
  userId: string,
  activeOrganizationId: string | null,
): Promise<{ id: string; name: string; role: MembershipRole; active: boolean }[]> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.id));
  return rows.map((r) => ({ ...r, active: r.id === activeOrganizationId }));
}

/**
 * Makes `organizationId` the session's active organisation. Not a member, or no such organisation:
 * the same 404, so the answer tells nothing about organisations one does not belong to.
 */
export async function activateOrganization(
  db: DbOrTx,
  session: { sessionId: string; userId: string },
  organizationId: string,
  now: Date,
): Promise<OrganizationOfUser> {
  const found = isUuid(organizationId) ? await findMembership(db, session.userId, organizationId) : null;
  if (!found) throw notFound(organizationMessages.notFound);
  await db
    .update(sessions)
    .set({ organizationId })
    .where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId)));
  await stampLastActive(db, organizationId, session.userId, now);
  return found;
}

/**
 * A new organisation with `ownerId` as its owner, in the caller's transaction. Registering passes the
 * new user's id as the organisation's, as the migration to organisations did for every account.
 */
export async function createOrganization(
  tx: DbOrTx,
  ownerId: string,
  fields: { id?: string; name: string; profileCompleted: boolean },
): Promise<OrganizationRow> {
  const [organization] = await tx.insert(organizations).values(fields).returning();
  if (!organization) throw new Error('organization insert returned no row');
  await tx.insert(memberships).values({ organizationId: organization.id, userId: ownerId, role: 'owner' });
  return organization;
}
