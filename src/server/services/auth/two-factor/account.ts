import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { memberships, twoFactorRecoveryCodes, users } from '../../../../db/schema';
import { type AuditActor, type AuditEntry, recordAudit } from '../../audit/audit-log';
import { endLoginChallenges } from './challenges';
import { hashRecoveryCode } from './recovery-codes';

/**
 * The stored state of an account's two-step sign-in, changed only by single conditional statements:
 * whatever runs at the same time, a code is accepted once and a recovery code works once.
 */

/**
 * Accepts the code of time step `step` for the key `secret`: only while that is still the account's
 * key and the step is later than the last one accepted (one statement, so of two requests with one
 * code at most one gets through). False: refused.
 */
export async function acceptStep(db: DbOrTx, userId: string, secret: string, step: number): Promise<boolean> {
  const accepted = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.twoFactorEnabled, true),
        eq(users.twoFactorSecret, secret),
        or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return accepted.length > 0;
}

/** Uses one recovery code of the user, once (`codeHash`: hashRecoveryCode). False: unknown or used. */
export async function redeemRecoveryCode(
  db: DbOrTx,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

/** The user's recovery codes become `codes` (stored hashed); the old ones stop working. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codes: string[], now: Date) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
}

/**
 * Switches two-step sign-in off and forgets all of it: the key, one being set up, the last step,
 * the recovery codes and any sign-in halfway through its second step.
 */
export async function clearTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorPendingAt: null,
      twoFactorLastStep: null,
    })
    .where(eq(users.id, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await endLoginChallenges(db, userId);
}

/**
 * An entry about the account itself in the log of every organisation the person works in: two-step
 * sign-in guards their access to each of them, and each one's owners and admins see it in the team.
 */
export async function recordForAccount(
  db: DbOrTx,
  userId: string,
  actor: AuditActor,
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  const rows = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  for (const { organizationId } of rows) await recordAudit(db, organizationId, actor, entry, now);
}
