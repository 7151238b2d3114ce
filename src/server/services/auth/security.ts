import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { changePasswordMessages } from '../../../shared/schemas/company-profile';
import { AppError, notFound } from '../../errors';
import { hashPassword, verifyPassword } from './passwords';
import { assertWithinRateLimit } from './rate-limit';
import { endLoginChallenges } from './two-factor/challenges';

/** Ends every session of the user except `keepSessionId`; returns how many ended. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** 'Er waren geen andere actieve sessies.' / '1 andere sessie is uitgelogd.' / '3 andere sessies zijn uitgelogd.' */
export function otherSessionsMessage(count: number): string {
  if (count === 0) return 'Er waren geen andere actieve sessies.';
  return count === 1 ? '1 andere sessie is uitgelogd.' : `${count} andere sessies zijn uitgelogd.`;
}

export const securityMessages = {
  passwordChanged: 'Uw wachtwoord is gewijzigd.',
} as const;

export type SessionsEnded = { success: true; message: string; count: number };

export type ChangePasswordParams = {
  currentPassword: string;
  newPassword: string;
  /** The request's session: it stays, every other session of the user ends. */
  currentSessionId: string;
  /** Attempts per user in 15 minutes (RATE_LIMIT_AUTH): guessing the current password stays slow. */
  limit: number;
  now: Date;
};

/**
 * Before a password changes (Beveiliging tab or the profile form): the current one must be given and
 * right, under one budget of `limit` attempts per user in 15 minutes, so that a stolen session cannot
 * become a stolen account and guessing stays slow. Wrong: 400 with `details.currentPassword`.
 */
export async function verifyCurrentPassword(
  db: DbOrTx,
  userId: string,
  params: { currentPassword: string; limit: number; now: Date },
): Promise<void> {
  await assertWithinRateLimit(db, `change-password:user:${userId}`, { limit: params.limit, now: params.now });

  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, params.currentPassword))) {
    throw new AppError('BAD_REQUEST', changePasswordMessages.currentWrong, {
      details: { currentPassword: changePasswordMessages.currentWrong },
    });
  }
}

/**
 * Changes the password of a signed-in user after checking the current one (wrong: 400 with
 * `details.currentPassword`), then ends the user's other sessions in the same transaction.
 */
export async function changePassword(
  db: DbOrTx,
  userId: string,
  params: ChangePasswordParams,
): Promise<SessionsEnded> {
  await verifyCurrentPassword(db, userId, params);
  const passwordHash = await hashPassword(params.newPassword);
  const count = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endLoginChallenges(tx, userId);
    return endOtherSessions(tx, userId, params.currentSessionId);
  });
  return {
    success: true,
    message: `${securityMessages.passwordChanged} ${otherSessionsMessage(count)}`,
    count,
  };
}

/** "Overal anders uitloggen": ends every session of the user but the current one. */
export async function signOutOtherSessions(
  db: DbOrTx,
  userId: string,
  currentSessionId: string,
): Promise<SessionsEnded> {
  const count = await endOtherSessions(db, userId, currentSessionId);
  return { success: true, message: otherSessionsMessage(count), count };
}
