import type { Db } from '../db/client';
import { type MembershipRole, memberships, users } from '../db/schema';
import { hashPassword } from '../server/services/auth/passwords';
import { createSession } from '../server/services/auth/sessions';
import { createOrganization } from '../server/services/organizations/memberships';
import { STRONG_PASSWORD, uniqueEmail } from './helpers';

/**
 * A verified account with a live session, straight in the database, owning its company (an
 * organisation under the user's own id, as registering makes it): for tests whose subject is not
 * signing up. (The password hash is a placeholder: such a user cannot log in with a password.) `now`:
 * when the session starts (a test's clock), else real time.
 */
export async function createSignedInUser(
  db: Db,
  fields: { name?: string; company?: string; now?: Date } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      passwordHash: 'not-a-real-hash',
      name: fields.name ?? 'Jan de Vries',
      isEmailVerified: true,
    })
    .returning();
  const organization = await createOrganization(db, user!.id, {
    id: user!.id,
    name: fields.company ?? 'De Vries Installatietechniek',
    profileCompleted: false,
  });
  const { token } = await createSession(db, user!.id, false, fields.now ?? new Date(), organization.id);
  return { user: user!, organization, token };
}

/**
 * An account as registering leaves it (the user, and the organisation it owns under the same id),
 * straight in the database: for tests that sign in with a real password.
 */
export async function insertAccount(
  db: Db,
  fields: { email: string; passwordHash: string; name: string; company: string; isEmailVerified?: boolean },
) {
  const { company, ...person } = fields;
  const [user] = await db.insert(users).values(person).returning();
  await createOrganization(db, user!.id, { id: user!.id, name: company, profileCompleted: false });
  return user!;
}

let strongHash: Promise<string> | undefined;
/**
 * The hash of STRONG_PASSWORD, made once per test process: an argon2 hash costs a core for a while,
 * and accounts that only need to log in with that password can share it (each login still checks it).
 */
export function strongPasswordHash(): Promise<string> {
  strongHash ??= hashPassword(STRONG_PASSWORD);
  return strongHash;
}

/**
 * A person with `role` in an existing organisation, straight in the database, signed in there (the
 * invitation flow is not the subject): their id and session token.
 */
export async function addSignedInMember(
  db: Db,
  organizationId: string,
  role: MembershipRole,
  name = `Lid ${role}`,
): Promise<{ userId: string; email: string; token: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail(), passwordHash: 'not-a-real-hash', name, isEmailVerified: true })
    .returning();
  await db.insert(memberships).values({ organizationId, userId: user!.id, role });
  const { token } = await createSession(db, user!.id, false, new Date(), organizationId);
  return { userId: user!.id, email: user!.email, token };
}
