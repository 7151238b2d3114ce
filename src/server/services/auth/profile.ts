import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type UserRow, users } from '../../../db/schema';
import { profileCompleteness } from '../../../shared/profile-completeness';
import type { Profile, ProfileUpdateParsed } from '../../../shared/schemas/company-profile';
import { notFound } from '../../errors';
import { hashPassword } from './passwords';
import { toProfile } from './profile-view';
import { endOtherSessions, verifyCurrentPassword } from './security';

/** The columns a profile update may write: never the e-mail address, the hash comes from `password`. */
type ProfileColumns = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'company'
    | 'address'
    | 'postalCode'
    | 'city'
    | 'country'
    | 'website'
    | 'phoneNumber'
    | 'kvkNumber'
    | 'btwNumber'
    | 'vatNumber'
    | 'bankAccount'
    | 'accountName'
    | 'bankName'
    | 'passwordHash'
    | 'profileCompleted'
  >
>;

/** The parsed input as columns: only keys that were sent, `bankAccountName` folded into accountName. */
function columnsOf(patch: ProfileUpdateParsed): ProfileColumns {
  const {
    password: _password,
    confirmPassword: _confirm,
    currentPassword: _current,
    bankAccountName,
    ...fields
  } = patch;
  const columns: ProfileColumns = {};
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string | undefined][]) {
    if (value !== undefined) columns[key] = value;
  }
  if (columns.accountName === undefined && bankAccountName !== undefined)
    columns.accountName = bankAccountName;
  return columns;
}

export type UpdateProfileOptions = {
  /**
   * The session the request came with: a new password ends every other session of the user. Absent
   * for a call with an API key, which may not change the password (routers/auth.ts).
   */
  currentSessionId?: string;
  /** Current-password attempts per user in 15 minutes (RATE_LIMIT_AUTH), shared with change-password. */
  passwordAttemptLimit: number;
  /** The request's time (deps.now): that budget's window. */
  now: Date;
};

/**
 * Applies a validated profile update to the user's own row (the id comes from the session). Only the
 * keys the input let through are written; a key left out keeps its value. A new password is hashed and
 * ends the user's other sessions, in the same transaction. `profileCompleted` follows the 8
 * completeness fields (spec §9).
 */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  patch: ProfileUpdateParsed,
  { currentSessionId, passwordAttemptLimit, now }: UpdateProfileOptions,
): Promise<Profile> {
  const columns = columnsOf(patch);
  // Hash outside the transaction: on PGlite a transaction holds the process-wide queue.
  if (patch.password) {
    // The input rule already demands it; the check here keeps the service safe on its own.
    await verifyCurrentPassword(db, userId, {
      currentPassword: patch.currentPassword ?? '',
      limit: passwordAttemptLimit,
      now,
    });
    columns.passwordHash = await hashPassword(patch.password);
  }

  const row = await db.transaction(async (tx) => {
    let [current] = Object.keys(columns).length
      ? await tx.update(users).set(columns).where(eq(users.id, userId)).returning()
      : await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!current) throw notFound();
    const completed = profileCompleteness(current).percent === 100;
    if (current.profileCompleted !== completed) {
      [current] = await tx
        .update(users)
        .set({ profileCompleted: completed })
        .where(eq(users.id, userId))
        .returning();
      if (!current) throw notFound();
    }
    if (columns.passwordHash) await endOtherSessions(tx, userId, currentSessionId ?? '');
    return current;
  });
  return toProfile(row);
}
