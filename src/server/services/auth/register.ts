import { users } from '../../../db/schema';
import { isUniqueViolation } from '../../db-helpers';
import type { ServiceDeps } from '../../deps';
import { createOrganization } from '../organizations/memberships';
import { issueEmailToken } from './email-tokens';
import { sendAccountExistsMail, sendVerificationMail } from './mails';
import { authMessages } from './messages';
import { hashPassword } from './passwords';
import { findUserByEmail } from './users';

export type RegisterParams = {
  name: string;
  /** Lower-cased and trimmed by the input schema. */
  email: string;
  password: string;
  company: string;
  profileCompleted: boolean;
};

/**
 * Creates an unverified account, and its organisation with the account as owner, and mails the verification link; no session. An address that
 * already has an account gets the same answer, in about the same time (the password is hashed and
 * one mail is sent either way): its owner receives a new verification link (still unverified) or a
 * notice that someone tried to register (verified). The caller cannot tell the two apart.
 *
 * If the mail cannot be sent the account still exists and the call fails with a 503 that tells the
 * user to ask for a new verification mail later; a second register of the same address resends it.
 */
export async function registerUser(deps: ServiceDeps, params: RegisterParams, now: Date): Promise<void> {
  const passwordHash = await hashPassword(params.password);
  const existing = await findUserByEmail(deps.db, params.email);
  if (existing) return notifyExistingOwner(deps, existing, now);

  let created: { id: string; token: string } | null = null;
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: params.email,
          passwordHash,
          name: params.name,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      // Their company, with them as its owner, under the same id (as the migration to organisations
      // gave every account before it).
      await createOrganization(tx, user.id, {
        id: user.id,
        name: params.company,
        profileCompleted: params.profileCompleted,
      });
      const { token } = await issueEmailToken(tx, user.id, 'verify', now);
      return { id: user.id, token };
    });
  } catch (err) {
    // Two registrations of one address at once: the loser answers as for an existing address.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findUserByEmail(deps.db, params.email);
    if (!winner) throw err;
    return notifyExistingOwner(deps, winner, now);
  }
  deps.log.info({ userId: created.id }, 'user registered');
  await sendVerificationMail(deps, params, created.token, authMessages.registerMailFailed);
}

async function notifyExistingOwner(
  deps: ServiceDeps,
  user: { id: string; email: string; name: string; isEmailVerified: boolean },
  now: Date,
): Promise<void> {
  deps.log.info({ userId: user.id }, 'register attempt for an existing address');
  if (user.isEmailVerified) {
    await sendAccountExistsMail(deps, user, authMessages.registerMailFailed);
    return;
  }
  const { token } = await issueEmailToken(deps.db, user.id, 'verify', now);
  await sendVerificationMail(deps, user, token, authMessages.registerMailFailed);
}
