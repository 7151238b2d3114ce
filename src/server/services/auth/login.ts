import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OrganizationRow, type UserRow, users } from '../../../db/schema';
import type { ServiceDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { defaultOrganizationId, findMembership, stampLastActive } from '../organizations/memberships';
import { authMessages } from './messages';
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { type CreatedSession, createSession } from './sessions';
import { createLoginChallenge } from './two-factor/challenges';
import { findUserByEmail } from './users';

export type LoginParams = { email: string; password: string; rememberMe: boolean };

/**
 * Runs `work` only if the password just checked is still the account's. The check takes a while
 * (argon2, queued): a reset or a change that lands meanwhile ends every session (and every challenge
 * of a sign-in halfway), and a session made after it from the old password would outlive it. The row
 * lock orders the two: a change that came first is seen here (the old password no longer counts:
 * 401), one that comes after waits for this work and ends what it made with the rest.
 */
async function ifPasswordStands<T>(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  checkedHash: string,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (current?.passwordHash !== checkedHash) throw invalidCredentials();
    return work(tx);
  });
}

/**
 * Opens a session in the organisation the user last worked in (else their first), stamps them active
 * there and records the sign-in in its audit log: the one way a sign-in ends, with or without a
 * second step. `tx`: the transaction that decided the sign-in may go on.
 */
export async function openSession(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  rememberMe: boolean,
  now: Date,
  ip: string | undefined,
): Promise<CreatedSession & { organization: OrganizationRow | null }> {
  const userId = user.id;
  const organizationId = await defaultOrganizationId(tx, userId);
  const session = await createSession(tx, userId, rememberMe, now, organizationId);
  const found = organizationId ? await findMembership(tx, userId, organizationId) : null;
  if (found) await stampLastActive(tx, found.organization.id, userId, now);
  // The sign-in joins the organisation's audit log with the session it opened.
  if (found && ip !== undefined)
    await recordAudit(
      tx,
      found.organization.id,
      { type: 'member', userId, apiKeyId: null, name: user.name || user.email, ip },
      { action: 'auth.signed_in', objectType: 'member', objectId: userId },
      now,
    );
  return { ...session, organization: found?.organization ?? null };
}

/** A sign-in that is complete: the session and the organisation it works in. */
export type SignedIn = { user: UserRow; session: CreatedSession; organization: OrganizationRow | null };
/** A sign-in whose password was right and whose second step is still to come. */
export type SecondStepNeeded = { user: UserRow; challenge: string };

/** The one answer for an unknown address and for a wrong password. */
export const invalidCredentials = () => new AppError('UNAUTHORIZED', authMessages.invalidCredentials);

/**
 * Checks the password (against a dummy hash when the address is unknown, so both failures take as
 * long), refuses unverified accounts with the fields the login screen needs, and opens a session in
 * the organisation the user last worked in (else their first). With two-step sign-in on there is no
 * session yet: a challenge, which the second step (two-factor/second-step.ts) completes with a code.
 */
export async function loginUser(
  deps: ServiceDeps,
  params: LoginParams,
  now: Date,
  /** The client's address, for the audit log's entry of this sign-in. */
  ip?: string,
): Promise<SignedIn | SecondStepNeeded> {
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
  let checkedHash = user.passwordHash;
  if (passwordNeedsRehash(user.passwordHash)) {
    // Hashes made with weaker parameters are upgraded while we hold the plain password.
    const upgraded = await hashPassword(params.password);
    const [row] = await deps.db
      .update(users)
      .set({ passwordHash: upgraded })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (row) checkedHash = upgraded;
  }
  if (user.twoFactorEnabled) {
    const challenge = await ifPasswordStands(deps, user.id, checkedHash, (tx) =>
      createLoginChallenge(tx, user.id, params.rememberMe, now),
    );
    deps.log.info({ userId: user.id }, 'password accepted; second step asked');
    return { user, challenge };
  }
  const { organization, ...session } = await ifPasswordStands(deps, user.id, checkedHash, (tx) =>
    openSession(tx, user, params.rememberMe, now, ip),
  );
  // Someone who left or was removed from their last organisation still signs in: the app then tells
  // them they belong to none and what to do, where a refused sign-in would only confuse them.
  deps.log.info({ userId: user.id, organizationId: organization?.id ?? null }, 'user logged in');
  return { user, session, organization };
}
