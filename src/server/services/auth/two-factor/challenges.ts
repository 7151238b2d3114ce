import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { loginChallenges, users } from '../../../../db/schema';
import { generateToken, hashToken } from '../session-tokens';

/** How long the second step may take after the password. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes a challenge survives; the next attempt finds it dead and the sign-in starts over. */
export const CHALLENGE_ATTEMPTS = 5;

/** A new challenge for a sign-in whose password was right: the token for the answer, its hash stored. */
export async function createLoginChallenge(
  db: DbOrTx,
  userId: string,
  rememberMe: boolean,
  now: Date,
): Promise<string> {
  const token = generateToken();
  await db.insert(loginChallenges).values({
    id: hashToken(token),
    userId,
    rememberMe,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

export type ChallengeAttempt = {
  userId: string;
  rememberMe: boolean;
  /** The account's key as it was when the attempt was taken; null once two-step sign-in is off. */
  secret: string | null;
};

/**
 * Takes one attempt of a live challenge, counted as wrong until the sign-in completes: one statement,
 * so however many requests race with one challenge, no more than CHALLENGE_ATTEMPTS codes are ever
 * checked against it. Null for a challenge that is unknown, used, expired or out of attempts.
 */
export async function takeChallengeAttempt(
  db: DbOrTx,
  challengeId: string,
  now: Date,
): Promise<ChallengeAttempt | null> {
  const [row] = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .from(users)
    .where(
      and(
        eq(loginChallenges.id, challengeId),
        eq(users.id, loginChallenges.userId),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.failedAttempts, CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({
      userId: loginChallenges.userId,
      rememberMe: loginChallenges.rememberMe,
      secret: users.twoFactorSecret,
    });
  return row ?? null;
}

/**
 * Uses the challenge up, once: false when another request used it first or it expired meanwhile.
 * The attempt taken for this code was not a wrong one after all.
 */
export async function consumeChallenge(db: DbOrTx, challengeId: string, now: Date): Promise<boolean> {
  const used = await db
    .update(loginChallenges)
    .set({ usedAt: now, failedAttempts: sql`${loginChallenges.failedAttempts} - 1` })
    .where(
      and(
        eq(loginChallenges.id, challengeId),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .returning({ id: loginChallenges.id });
  return used.length > 0;
}

/**
 * Ends every open challenge of the user: a password that changed, or two-step sign-in switched off,
 * must not leave a half-finished sign-in of before behind.
 */
export async function endLoginChallenges(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/** Challenges past their lifetime, used or not (the scheduled clean-up). */
export async function deleteExpiredLoginChallenges(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, now))
    .returning({ id: loginChallenges.id });
  return removed.length;
}
