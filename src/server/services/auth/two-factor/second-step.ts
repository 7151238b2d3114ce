import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema';
import type { ServiceDeps } from '../../../deps';
import { AppError } from '../../../errors';
import { openSession, type SignedIn } from '../login';
import { assertWithinRateLimit, twoFactorBudgets } from '../rate-limit';
import { hashToken } from '../session-tokens';
import { acceptStep, redeemRecoveryCode } from './account';
import { consumeChallenge, takeChallengeAttempt } from './challenges';
import { twoFactorMessages } from './messages';
import { hashRecoveryCode } from './recovery-codes';
import { acceptedStep, DUMMY_TOTP_SECRET } from './totp';

/**
 * The second step of a sign-in: the challenge of the first, with a code of the app or a recovery
 * code. Whatever is wrong — a challenge that is unknown, used, expired or dead, a wrong code, a code
 * used before, a recovery code used before — the answer is the same 401, after the same work, so it
 * tells nothing about which it was.
 */

/** A code or a recovery code (the input rule, loginTwoFactorInput, asks exactly one). */
export type SecondStepInput = {
  challenge: string;
  code?: string | undefined;
  recoveryCode?: string | undefined;
};

/** No user has it: what an unknown challenge's recovery code is looked up under. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

const failed = () => new AppError('UNAUTHORIZED', twoFactorMessages.secondStepFailed);

/**
 * Completes the sign-in of `input.challenge`: the session is opened exactly as a sign-in without a
 * second step opens it (login.ts, openSession). `limit`: attempts per IP and per account in the
 * rate-limit window; past it 429 with Retry-After.
 */
export async function completeSecondStep(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  input: SecondStepInput,
  opts: { now: Date; ip: string; limit: number },
): Promise<SignedIn> {
  const { db } = deps;
  const { now, ip, limit } = opts;
  await assertWithinRateLimit(db, twoFactorBudgets.ip(ip), { limit, now });
  const challengeId = hashToken(input.challenge);
  const attempt = await takeChallengeAttempt(db, challengeId, now);
  const accountBudget = attempt
    ? twoFactorBudgets.account(attempt.userId)
    : twoFactorBudgets.unknownChallenge(challengeId);
  await assertWithinRateLimit(db, accountBudget, { limit, now });

  // A code is checked here, against a dummy key when there is no account to check it against; a
  // recovery code is looked up in the transaction below, for an unknown challenge under no user.
  let step: number | null = null;
  if (input.code !== undefined) {
    step = acceptedStep(attempt?.secret ?? DUMMY_TOTP_SECRET, input.code, now);
    if (step === null || !attempt?.secret) throw failed();
  }
  const recoveryCodeHash = input.code === undefined ? hashRecoveryCode(input.recoveryCode ?? '') : null;

  const signedIn = await db.transaction(async (tx) => {
    const userId = attempt?.userId ?? NO_USER;
    // Locked first: concurrent second steps of one account take their turns, in the order the
    // password's changes (which end the challenges) take theirs.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const redeemed =
      recoveryCodeHash !== null
        ? await redeemRecoveryCode(tx, userId, recoveryCodeHash, now)
        : await acceptStep(tx, userId, attempt?.secret ?? '', step ?? 0);
    if (!attempt || !user?.twoFactorEnabled || !redeemed) throw failed();
    if (!(await consumeChallenge(tx, challengeId, now))) throw failed();
    const { organization, ...session } = await openSession(tx, user, attempt.rememberMe, now, ip);
    return { user, session, organization };
  });
  deps.log.info(
    {
      userId: signedIn.user.id,
      organizationId: signedIn.organization?.id ?? null,
      with: recoveryCodeHash === null ? 'code' : 'recovery code',
    },
    'user logged in with a second step',
  );
  return signedIn;
}
