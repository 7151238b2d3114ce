import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { ServiceDeps } from '../../deps';
import { AppError } from '../../errors';
import { consumeEmailToken, findEmailToken, issueEmailToken, revokeEmailTokens } from './email-tokens';
import { buildResetMail, sendResetMail } from './mails';
import { authMessages } from './messages';
import { hashPassword } from './passwords';
import { generateToken } from './session-tokens';
import { invalidateUserSessions } from './sessions';
import { endLoginChallenges } from './two-factor/challenges';
import { findUserByEmail } from './users';

const invalidResetToken = () =>
  new AppError('BAD_REQUEST', authMessages.invalidResetToken, { success: false });

/**
 * Mails a 30-minute reset link to an existing account (verified or not); an unknown address gets
 * nothing, but the mail is still rendered so both take similar time. The caller always hears the same.
 */
export async function requestPasswordReset(deps: ServiceDeps, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await buildResetMail(deps.config.appUrl, { email, name: '' }, generateToken());
    return;
  }
  const { token } = await issueEmailToken(deps.db, user.id, 'reset', now);
  await sendResetMail(deps, user, token);
  deps.log.info({ userId: user.id }, 'password reset requested');
}

/**
 * Sets a new password with a reset token: single use, within 30 minutes. It ends every session of
 * the user, drops their other reset links, and marks the address verified (the link proved the
 * user reads that inbox).
 */
export async function resetPassword(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  const row = await findEmailToken(deps.db, token, 'reset');
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalidResetToken();
  // Hash outside the transaction: on PGlite a transaction holds the process-wide queue.
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, token, 'reset', now);
    if (!used) throw invalidResetToken();
    await tx.update(users).set({ passwordHash, isEmailVerified: true }).where(eq(users.id, used.userId));
    await invalidateUserSessions(tx, used.userId);
    await endLoginChallenges(tx, used.userId);
    await revokeEmailTokens(tx, used.userId, 'reset');
    return used.userId;
  });
  deps.log.info({ userId }, 'password reset; all sessions ended');
}
