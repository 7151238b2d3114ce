import { eq } from 'drizzle-orm';
import { type UserRow, users } from '../../../db/schema';
import type { ServiceDeps } from '../../deps';
import { AppError } from '../../errors';
import { consumeEmailToken, findEmailToken, issueEmailToken } from './email-tokens';
import { buildVerificationMail, sendVerificationMail } from './mails';
import { authMessages } from './messages';
import { generateToken } from './session-tokens';
import { findUserByEmail, findUserById } from './users';

export type VerifyResult = { email: string; status: 'verified' | 'already_verified' };

/**
 * Uses a verification token. First use verifies; a used token (or one of an account that is already
 * verified) answers already_verified; an expired one is a 400 expired_token; an unknown one a 404
 * invalid_token. The error bodies carry `success`, `status` (and `email` when known) as fields.
 */
export async function verifyEmailToken(
  deps: Pick<ServiceDeps, 'db'>,
  token: string,
  now: Date,
): Promise<VerifyResult> {
  const row = await findEmailToken(deps.db, token, 'verify');
  const user = row ? await findUserById(deps.db, row.userId) : null;
  if (!row || !user) {
    throw new AppError('NOT_FOUND', authMessages.verifyInvalid, { success: false, status: 'invalid_token' });
  }
  if (row.usedAt || user.isEmailVerified) return { email: user.email, status: 'already_verified' };
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('BAD_REQUEST', authMessages.verifyExpired, {
      success: false,
      status: 'expired_token',
      email: user.email,
    });
  }
  const used = await deps.db.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx, token, 'verify', now);
    if (consumed) await tx.update(users).set({ isEmailVerified: true }).where(eq(users.id, consumed.userId));
    return consumed;
  });
  // Another click won the race between our read and our update: it verified, we answer as a second use.
  return { email: user.email, status: used ? 'verified' : 'already_verified' };
}

/** The logged-in user's resend: a new link replacing the old one; 400 when already verified. */
export async function resendVerification(deps: ServiceDeps, user: UserRow, now: Date): Promise<void> {
  if (user.isEmailVerified) throw new AppError('BAD_REQUEST', authMessages.alreadyVerified);
  const { token } = await issueEmailToken(deps.db, user.id, 'verify', now);
  await sendVerificationMail(deps, user, token);
}

/**
 * The login screen's resend: the caller hears the same whether or not the address is known or
 * verified. An address that needs no mail still gets one rendered, so both take similar time.
 */
export async function resendVerificationPublic(deps: ServiceDeps, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.isEmailVerified) {
    await buildVerificationMail(deps.config.appUrl, { email, name: '' }, generateToken());
    return;
  }
  const { token } = await issueEmailToken(deps.db, user.id, 'verify', now);
  await sendVerificationMail(deps, user, token);
}
