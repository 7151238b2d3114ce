import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { apiKeys, type MembershipRole, memberships, sessions, users } from '../../../db/schema';
import { roleRequiredMessage } from '../../../shared/roles';
import type { AssignableRole, Member } from '../../../shared/schemas/members';
import { isUuid } from '../../db-helpers';
import { AppError, notFound } from '../../errors';
import { clearTwoFactor } from '../auth/two-factor/account';
import { twoFactorMessages } from '../auth/two-factor/messages';
import { organizationMessages as messages } from './messages';
import type { Tenant } from './tenant';

/**
 * The members of an organisation and the changes an owner or admin makes to them. Each change runs in
 * one transaction (`tx` below), so what must happen with it — ending access, a line in a log — happens
 * in that same transaction or not at all. What role a caller needs is the router's (src/shared/roles.ts);
 * the rules about the owner, which no role table expresses, are here.
 */

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  lastActiveAt: memberships.lastActiveAt,
  twoFactorEnabled: users.twoFactorEnabled,
};

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: MembershipRole;
  lastActiveAt: Date | null;
  twoFactorEnabled: boolean;
};

const toMember = (row: MemberRow): Member => ({
  ...row,
  lastActiveAt: row.lastActiveAt ? row.lastActiveAt.toISOString() : null,
});

/** Every member of the organisation: the owner first, then by name. */
export async function listMembers(db: DbOrTx, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(
      sql`${memberships.role} = 'owner' desc`,
      sql`lower(${users.name})`,
      asc(users.email),
      asc(users.id),
    );
  return rows.map(toMember);
}

/** One member, locked for the rest of the transaction; 404 for anyone who is not a member here. */
async function lockMember(tx: DbOrTx, organizationId: string, userId: string): Promise<MemberRow> {
  if (!isUuid(userId)) throw notFound(messages.memberNotFound);
  const [row] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  if (!row) throw notFound(messages.memberNotFound);
  return row;
}

/** The owner is changed only by transferring ownership: by themself, never by an admin. */
function refuseOwnerTarget(actor: Tenant, target: MemberRow, whenSelf: string): void {
  if (target.role !== 'owner') return;
  if (actor.userId !== target.userId) throw new AppError('FORBIDDEN', messages.ownerUntouchable);
  throw new AppError('BAD_REQUEST', whenSelf);
}

/**
 * Ends a membership: the person's API keys made in this organisation are revoked, their sessions
 * working in it end (`keepSessionId` moves on to no organisation instead, for someone leaving from
 * that session), and the membership goes. Their sessions in other organisations stay.
 */
async function endMembership(
  tx: DbOrTx,
  organizationId: string,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(
      and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)),
    );
  const inOrganization = and(eq(sessions.userId, userId), eq(sessions.organizationId, organizationId));
  if (keepSessionId) {
    await tx.delete(sessions).where(and(inOrganization, ne(sessions.id, keepSessionId)));
    // The session lookup then goes on in the person's first remaining organisation, if any.
    await tx.update(sessions).set({ organizationId: null }).where(eq(sessions.id, keepSessionId));
  } else {
    await tx.delete(sessions).where(inOrganization);
  }
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

/** PUT /organization/members/{userId}: a new role for a member who is not the owner. */
export async function changeMemberRole(
  db: DbOrTx,
  actor: Tenant,
  userId: string,
  role: AssignableRole,
): Promise<Member> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, actor.organizationId, userId);
    refuseOwnerTarget(actor, target, messages.ownerKeepsRole);
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, userId)));
    return toMember({ ...target, role });
  });
}

/** DELETE /organization/members/{userId}: anyone but the owner. */
export async function removeMember(db: DbOrTx, actor: Tenant, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockMember(tx, actor.organizationId, userId);
    refuseOwnerTarget(actor, target, messages.ownerCannotBeRemoved);
    await endMembership(tx, actor.organizationId, userId, now);
  });
}

/**
 * DELETE /organization/members/{userId}/two-factor: for a member who lost their phone and their
 * recovery codes. Their two-step sign-in goes off with its key and recovery codes; they sign in with
 * the password and can set it up again. Not one's own (that takes the password and a code, in
 * Beveiliging), and never the owner's by an admin. Answers the member's name for the message.
 */
export async function resetMemberTwoFactor(db: DbOrTx, actor: Tenant, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, actor.organizationId, userId);
    if (target.userId === actor.userId) throw new AppError('BAD_REQUEST', twoFactorMessages.resetSelf);
    refuseOwnerTarget(actor, target, twoFactorMessages.resetSelf);
    const name = target.name || target.email;
    if (!target.twoFactorEnabled) throw new AppError('CONFLICT', twoFactorMessages.memberNotOn(name));
    await clearTwoFactor(tx, userId);
    return name;
  });
}

/** POST /organization/leave: the caller ends their own membership; the owner must transfer first. */
export async function leaveOrganization(
  db: DbOrTx,
  actor: Tenant,
  now: Date,
  currentSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const self = await lockMember(tx, actor.organizationId, actor.userId);
    if (self.role === 'owner') throw new AppError('BAD_REQUEST', messages.ownerCannotLeave);
    await endMembership(tx, actor.organizationId, actor.userId, now, currentSessionId);
  });
}

/**
 * POST /organization/transfer-ownership: the owner makes another member the owner and becomes an
 * admin. The old owner's row is demoted before the new one is promoted: the partial unique index
 * allows one owner per organisation at every moment, also inside the transaction.
 */
export async function transferOwnership(db: DbOrTx, actor: Tenant, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const self = await lockMember(tx, actor.organizationId, actor.userId);
    // The role may have changed since the request was let in (another transfer that just finished).
    if (self.role !== 'owner') throw new AppError('FORBIDDEN', roleRequiredMessage('own'));
    if (userId === actor.userId) throw new AppError('BAD_REQUEST', messages.alreadyOwner);
    await lockMember(tx, actor.organizationId, userId);
    const membership = (id: string) =>
      and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, id));
    await tx.update(memberships).set({ role: 'admin' }).where(membership(actor.userId));
    await tx.update(memberships).set({ role: 'owner' }).where(membership(userId));
  });
}
