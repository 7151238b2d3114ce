import { eq } from 'drizzle-orm';
import { type UserRow, users } from '../../../db/schema';
import type { ServiceDeps } from '../../deps';
import { AppError } from '../../errors';
import { authMessages } from './messages';
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { type CreatedSession, createSession } from './sessions';
import { findUserByEmail } from './users';

export type LoginParams = { email: string; password: string; rememberMe: boolean };

/** The one answer for an unknown address and for a wrong password. */
export const invalidCredentials = () => new AppError('UNAUTHORIZED', authMessages.invalidCredentials);

/**
 * Checks the password (against a dummy hash when the address is unknown, so both failures take as
 * long), refuses unverified accounts with the fields the login screen needs, and opens a session.
 */
export async function loginUser(
  deps: ServiceDeps,
  params: LoginParams,
  now = new Date(),
): Promise<{ user: UserRow; session: CreatedSession }> {
  const user = await findUserByEmail(deps.db, params.email);
  if (!user) {
    await verifyAgainstDummy(params.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, params.password))) throw invalidCredentials();
  if (!user.isEmailVerified) {
    throw new AppError('FORBIDDEN', authMessages.emailNotVerified, {
      emailVerificationRequired: true,
      userId: user.id,
      email: user.email,
    });
  }
  if (passwordNeedsRehash(user.passwordHash)) {
    // Hashes made with weaker parameters are upgraded while we hold the plain password.
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(params.password) })
      .where(eq(users.id, user.id));
  }
  const session = await createSession(deps.db, user.id, params.rememberMe, now);
  deps.log.info({ userId: user.id }, 'user logged in');
  return { user, session };
}
