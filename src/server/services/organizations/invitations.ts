import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  type InvitationRow,
  invitations,
  memberships,
  type OrganizationRow,
  organizations,
  sessions,
  type UserRow,
  users,
} from '../../../db/schema';
import {
  INVITATION_OPEN_LIMIT,
  INVITATION_SEND_LIMIT,
  INVITATION_SEND_WINDOW_MINUTES,
  INVITATION_VALID_DAYS,
  type InvitationPublic,
  type InvitationRole,
  type InvitationView,
} from '../../../shared/schemas/invitation';
import { isUniqueViolation, isUuid } from '../../db-helpers';
import type { ServiceDeps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { type AuditActor, type AuditScope, recordAudit } from '../audit/audit-log';
import { assertWithinRateLimit } from '../auth/rate-limit';
import { generateToken, hashToken } from '../auth/session-tokens';
import { type CreatedSession, createSession } from '../auth/sessions';
import { findUserByEmail } from '../auth/users';
import { sendInvitationMail } from './invitation-mail';
import { invitationMessages } from './invitation-messages';
import type { Tenant } from './tenant';

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = INVITATION_VALID_DAYS * DAY_MS;

/**
 * How long an invitation is kept once it is over (accepted, withdrawn, or expired and not resent):
 * long enough for its link to still say what happened to it and for the Team tab to show an expired
 * one to resend, not forever. After that its link is unknown (404).
 */
export const INVITATION_KEEP_DAYS = 90;

/** Neither accepted nor withdrawn: shown in the list, counted against the limit, resendable. */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));

const conflict = (message: string) => new AppError('CONFLICT', message);

type ListedRow = InvitationRow & { inviterName: string | null };

function toView(row: ListedRow, now: Date): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy:
      row.invitedBy && row.inviterName !== null ? { id: row.invitedBy, name: row.inviterName } : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

const listedColumns = { invitation: invitations, inviterName: users.name };

async function listedRows(db: DbOrTx, organizationId: string, id?: string): Promise<ListedRow[]> {
  const rows = await db
    .select(listedColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(eq(invitations.organizationId, organizationId), isOpen, id ? eq(invitations.id, id) : undefined),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((r) => ({ ...r.invitation, inviterName: r.inviterName }));
}

/** The organisation's open invitations (expired ones too, marked so: they can be resent), newest first. */
export async function listInvitations(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<InvitationView[]> {
  return (await listedRows(db, organizationId)).map((row) => toView(row, now));
}

/** Each invitation mail, new or resent, counts against the organisation's budget. */
const assertSendBudget = (db: DbOrTx, organizationId: string, now: Date) =>
  assertWithinRateLimit(db, `invitation-send:org:${organizationId}`, {
    limit: INVITATION_SEND_LIMIT,
    windowMs: INVITATION_SEND_WINDOW_MINUTES * 60 * 1000,
    now,
    message: invitationMessages.tooManySent,
  });

async function inviterAndOrganization(db: DbOrTx, tenant: Tenant) {
  const [row] = await db
    .select({ inviterName: users.name, organizationName: organizations.name })
    .from(organizations)
    .innerJoin(users, eq(users.id, tenant.userId))
    .where(eq(organizations.id, tenant.organizationId));
  if (!row) throw notFound();
  return row;
}

/**
 * Invites `email` with `role` and mails the link. Refused, changing nothing: an address that is
 * already a member, one with an open invitation, or a 51st open invitation; past the send budget a
 * 429. The invitation is stored (in one transaction) before the mail goes: a mail that fails leaves
 * it in the list, to be resent.
 */
export async function createInvitation(
  deps: ServiceDeps,
  tenant: Tenant,
  input: { email: string; role: InvitationRole },
  now: Date,
  audit?: AuditScope,
): Promise<InvitationView> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { id, names } = await deps.db
    .transaction(async (tx) => {
      const [member] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, tenant.organizationId), eq(users.email, input.email)))
        .limit(1);
      if (member) throw conflict(invitationMessages.alreadyMember(input.email));
      const [open] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, tenant.organizationId),
            eq(invitations.email, input.email),
            isOpen,
          ),
        )
        .limit(1);
      if (open) throw conflict(invitationMessages.alreadyInvited(input.email));
      const [counted] = await tx
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.organizationId, tenant.organizationId), isOpen));
      if ((counted?.n ?? 0) >= INVITATION_OPEN_LIMIT) throw conflict(invitationMessages.tooManyOpen);
      await assertSendBudget(tx, tenant.organizationId, now);
      const names = await inviterAndOrganization(tx, tenant);
      const [row] = await tx
        .insert(invitations)
        .values({
          organizationId: tenant.organizationId,
          email: input.email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: tenant.userId,
          createdAt: now,
          sentAt: now,
          expiresAt,
        })
        .returning({ id: invitations.id });
      if (!row) throw new Error('invitation insert returned no row');
      if (audit)
        await recordAudit(
          tx,
          tenant.organizationId,
          audit.actor,
          {
            action: 'invitation.created',
            objectType: 'invitation',
            objectId: row.id,
            fields: ['email', 'role'],
          },
          audit.now(),
        );
      return { id: row.id, names };
    })
    .catch((err: unknown) => {
      // Two admins inviting the same address at once: the second hears what a later one would.
      if (isUniqueViolation(err)) throw conflict(invitationMessages.alreadyInvited(input.email));
      throw err;
    });
  await sendInvitationMail(deps, { ...input, ...names, token, expiresAt });
  const [row] = await listedRows(deps.db, tenant.organizationId, id);
  return toView(row!, now);
}

/** A new link for an open invitation (the old one stops working), valid 7 days from now, mailed again. */
export async function resendInvitation(
  deps: ServiceDeps,
  tenant: Tenant,
  id: string,
  now: Date,
  audit?: AuditScope,
): Promise<InvitationView> {
  if (!isUuid(id)) throw notFound(invitationMessages.notFound);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { row, names } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.organizationId, tenant.organizationId), isOpen))
      .for('update');
    if (!found) throw notFound(invitationMessages.notFound);
    await assertSendBudget(tx, tenant.organizationId, now);
    const [row] = await tx
      .update(invitations)
      .set({ tokenHash: hashToken(token), sentAt: now, expiresAt })
      .where(eq(invitations.id, id))
      .returning();
    if (audit)
      await recordAudit(
        tx,
        tenant.organizationId,
        audit.actor,
        { action: 'invitation.resent', objectType: 'invitation', objectId: id, fields: ['expiresAt'] },
        audit.now(),
      );
    return { row: row!, names: await inviterAndOrganization(tx, tenant) };
  });
  await sendInvitationMail(deps, {
    email: row.email,
    role: row.role,
    ...names,
    token,
    expiresAt,
  });
  const [listed] = await listedRows(deps.db, tenant.organizationId, id);
  return toView(listed!, now);
}

/** Ends an open invitation: its link then says it was withdrawn. Another organisation's: 404. */
export async function withdrawInvitation(
  db: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<void> {
  if (!isUuid(id)) throw notFound(invitationMessages.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ withdrawnAt: now })
      .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), isOpen))
      .returning({ id: invitations.id });
    if (!row) throw notFound(invitationMessages.notFound);
  });
}

type UsableInvitation = { invitation: InvitationRow; organization: OrganizationRow; inviterName: string };

/** The invitation a link opens, with its organisation; refused when unknown, used, withdrawn or expired. */
async function usableInvitation(db: DbOrTx, token: string, now: Date): Promise<UsableInvitation> {
  const [found] = await db
    .select({ invitation: invitations, organization: organizations, inviterName: users.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!found) throw notFound(invitationMessages.linkUnknown);
  const { invitation } = found;
  if (invitation.acceptedAt) throw conflict(invitationMessages.linkUsed);
  if (invitation.withdrawnAt) throw conflict(invitationMessages.linkWithdrawn);
  if (invitation.expiresAt.getTime() <= now.getTime()) throw conflict(invitationMessages.linkExpired);
  return {
    invitation,
    organization: found.organization,
    inviterName: found.inviterName ?? found.organization.name,
  };
}

/** What the invitation page shows; needs only the link. */
export async function describeInvitation(db: DbOrTx, token: string, now: Date): Promise<InvitationPublic> {
  const { invitation, organization, inviterName } = await usableInvitation(db, token, now);
  return {
    organizationName: organization.name,
    email: invitation.email,
    role: invitation.role,
    invitedBy: inviterName,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Uses the invitation, once: only while it is still open and unexpired, in one statement, so of two
 * uses at once exactly one wins (the other hears it was used).
 */
async function consumeInvitation(tx: DbOrTx, invitationId: string, now: Date): Promise<void> {
  const [used] = await tx
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, invitationId), isOpen, gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  if (!used) throw conflict(invitationMessages.linkUsed);
}

/** The new member joining, in the log of the organisation they joined: they are the one who did it. */
function recordAcceptance(
  tx: DbOrTx,
  organizationId: string,
  actor: AuditActor,
  invitation: InvitationRow,
  now: Date,
): Promise<void> {
  return recordAudit(
    tx,
    organizationId,
    actor,
    { action: 'invitation.accepted', objectType: 'invitation', objectId: invitation.id, fields: ['role'] },
    now,
  );
}

/**
 * The signed-in user accepts: their address must be the invited one (else 403 naming it). They join
 * with the invited role and the session moves to that organisation, in one transaction.
 */
export async function acceptInvitation(
  db: DbOrTx,
  who: { userId: string; email: string; sessionId: string },
  token: string,
  now: Date,
  /** Who accepts, for the audit log of the organisation they join. */
  actor?: AuditActor,
): Promise<{ organization: OrganizationRow; role: InvitationRole }> {
  return db.transaction(async (tx) => {
    const { invitation, organization } = await usableInvitation(tx, token, now);
    if (invitation.email !== who.email) {
      throw new AppError('FORBIDDEN', invitationMessages.wrongAccount(invitation.email));
    }
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organization.id), eq(memberships.userId, who.userId)));
    if (member) throw conflict(invitationMessages.memberAlready(organization.name));
    await consumeInvitation(tx, invitation.id, now);
    await tx.insert(memberships).values({
      organizationId: organization.id,
      userId: who.userId,
      role: invitation.role,
      createdAt: now,
    });
    await tx
      .update(sessions)
      .set({ organizationId: organization.id })
      .where(and(eq(sessions.id, who.sessionId), eq(sessions.userId, who.userId)));
    if (actor) await recordAcceptance(tx, organization.id, actor, invitation, now);
    return { organization, role: invitation.role };
  });
}

export type InvitationRegisterParams = {
  name: string;
  email: string;
  passwordHash: string;
  rememberMe?: boolean;
};

/**
 * Registering from an invitation: the link proves the address, so the account is verified at once
 * and no verification mail goes out; it joins the inviting organisation (no own one is made) and
 * gets a session there, as a login would. An address with an account already logs in and accepts.
 */
export async function registerWithInvitation(
  db: DbOrTx,
  params: InvitationRegisterParams,
  token: string,
  now: Date,
  /** The address the registration came from, for the audit log of the organisation joined. */
  ip?: string,
): Promise<{ user: UserRow; session: CreatedSession; organization: OrganizationRow }> {
  try {
    return await db.transaction(async (tx) => {
      const { invitation, organization } = await usableInvitation(tx, token, now);
      if (invitation.email !== params.email) {
        throw new AppError('FORBIDDEN', invitationMessages.wrongEmail(invitation.email), {
          details: { email: invitationMessages.wrongEmail(invitation.email) },
        });
      }
      if (await findUserByEmail(tx, params.email)) throw conflict(invitationMessages.accountExists);
      const [user] = await tx
        .insert(users)
        .values({
          email: params.email,
          name: params.name,
          passwordHash: params.passwordHash,
          isEmailVerified: true,
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await consumeInvitation(tx, invitation.id, now);
      await tx
        .insert(memberships)
        .values({ organizationId: organization.id, userId: user.id, role: invitation.role, createdAt: now });
      const session = await createSession(tx, user.id, params.rememberMe ?? false, now, organization.id);
      if (ip !== undefined) {
        const actor = {
          type: 'member' as const,
          userId: user.id,
          apiKeyId: null,
          name: user.name || user.email,
          ip,
        };
        await recordAcceptance(tx, organization.id, actor, invitation, now);
        // The registration answers like a login: the session it opens is logged as one.
        await recordAudit(
          tx,
          organization.id,
          actor,
          { action: 'auth.signed_in', objectType: 'member', objectId: user.id },
          now,
        );
      }
      return { user, session, organization };
    });
  } catch (err) {
    // The same address registering twice at once: the loser hears what a later attempt would.
    if (isUniqueViolation(err)) throw conflict(invitationMessages.accountExists);
    throw err;
  }
}

/** Removes invitations over for more than INVITATION_KEEP_DAYS, in every organisation (housekeeping). */
export async function pruneInvitations(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - INVITATION_KEEP_DAYS * DAY_MS);
  const removed = await db
    .delete(invitations)
    .where(
      or(
        lt(invitations.acceptedAt, cutoff),
        lt(invitations.withdrawnAt, cutoff),
        and(isOpen, lt(invitations.expiresAt, cutoff)),
      ),
    )
    .returning({ id: invitations.id });
  return removed.length;
}
