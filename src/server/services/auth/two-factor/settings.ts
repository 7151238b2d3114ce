import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { users } from '../../../../db/schema';
import type { TwoFactorEnableResult, TwoFactorSetup } from '../../../../shared/schemas/two-factor';
import { AppError, notFound } from '../../../errors';
import type { AuditActor } from '../../audit/audit-log';
import { verifyPassword } from '../passwords';
import { assertWithinRateLimit, twoFactorBudgets } from '../rate-limit';
import { acceptStep, clearTwoFactor, recordForAccount, replaceRecoveryCodes } from './account';
import { twoFactorMessages as messages } from './messages';
import { newRecoveryCodes } from './recovery-codes';
import { acceptedStep, newTotpSecret, otpauthUrl } from './totp';

/**
 * Two-step sign-in in Beveiliging: set up (a new key, not yet in use), enable with one code of it
 * (which gives the recovery codes, once), disable with the password and a code. Only the person
 * themself, with a session (the router refuses API keys). Wrong codes count against the account's
 * budget of code checks, shared with the second step of signing in.
 */

/** A key set up but not confirmed is forgotten after this long. */
export const SETUP_LIFETIME_MS = 15 * 60 * 1000;

export type TwoFactorScope = {
  userId: string;
  /** Who acts, for the audit log. */
  actor: AuditActor;
  now: Date;
  /** Code checks per account in the rate-limit window (RATE_LIMIT_AUTH). */
  limit: number;
};

const badField = (field: 'code' | 'password', message: string) =>
  new AppError('BAD_REQUEST', message, { details: { [field]: message } });

/** POST /auth/two-factor/setup: a new key for the app, waiting for its first code. */
export async function setupTwoFactor(
  db: DbOrTx,
  user: { id: string; email: string },
  now: Date,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const [pending] = await db
    .update(users)
    .set({ twoFactorPendingSecret: secret, twoFactorPendingAt: now })
    .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
    .returning({ id: users.id });
  if (!pending) throw new AppError('CONFLICT', messages.alreadyOn);
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** POST /auth/two-factor/enable: the set-up key becomes the account's once one of its codes is right. */
export async function enableTwoFactor(
  db: DbOrTx,
  scope: TwoFactorScope,
  code: string,
): Promise<TwoFactorEnableResult> {
  const { userId, now } = scope;
  const [user] = await db
    .select({
      enabled: users.twoFactorEnabled,
      pending: users.twoFactorPendingSecret,
      pendingAt: users.twoFactorPendingAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.enabled) throw new AppError('CONFLICT', messages.alreadyOn);
  const { pending, pendingAt } = user;
  if (!pending || !pendingAt || pendingAt.getTime() <= now.getTime() - SETUP_LIFETIME_MS)
    throw new AppError('CONFLICT', messages.setupFirst);
  await assertWithinRateLimit(db, twoFactorBudgets.account(userId), { limit: scope.limit, now });
  const step = acceptedStep(pending, code, now);
  if (step === null) throw badField('code', messages.enableCodeWrong);
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({
        twoFactorEnabled: true,
        twoFactorSecret: pending,
        twoFactorPendingSecret: null,
        twoFactorPendingAt: null,
        twoFactorLastStep: step,
      })
      .where(
        and(
          eq(users.id, userId),
          eq(users.twoFactorEnabled, false),
          eq(users.twoFactorPendingSecret, pending),
        ),
      )
      .returning({ id: users.id });
    // Another request enabled it, or set up a new key, in the meantime.
    if (!enabled) throw new AppError('CONFLICT', messages.setupFirst);
    await replaceRecoveryCodes(tx, userId, recoveryCodes, now);
    await recordForAccount(
      tx,
      userId,
      scope.actor,
      { action: 'auth.two_factor_enabled', objectType: 'member', objectId: userId },
      now,
    );
  });
  return { recoveryCodes };
}

/** POST /auth/two-factor/disable: with the password and a code, both checked; everything of it is forgotten. */
export async function disableTwoFactor(
  db: DbOrTx,
  scope: TwoFactorScope,
  input: { password: string; code: string },
): Promise<void> {
  const { userId, now } = scope;
  const [user] = await db
    .select({
      passwordHash: users.passwordHash,
      enabled: users.twoFactorEnabled,
      secret: users.twoFactorSecret,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const { secret } = user;
  if (!user.enabled || !secret) throw new AppError('CONFLICT', messages.notOn);
  // One budget for the password and the code: a borrowed session guesses neither for long.
  await assertWithinRateLimit(db, twoFactorBudgets.account(userId), { limit: scope.limit, now });
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw badField('password', messages.passwordWrong);
  const step = acceptedStep(secret, input.code, now);
  if (step === null) throw badField('code', messages.codeWrong);
  await db.transaction(async (tx) => {
    // The code is spent like any other: its step must be later than the last one accepted.
    if (!(await acceptStep(tx, userId, secret, step))) throw badField('code', messages.codeWrong);
    await clearTwoFactor(tx, userId);
    await recordForAccount(
      tx,
      userId,
      scope.actor,
      { action: 'auth.two_factor_disabled', objectType: 'member', objectId: userId },
      now,
    );
  });
}
