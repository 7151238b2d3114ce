import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../server/services/auth/sessions';
import { uniqueEmail } from './helpers';

/**
 * A verified account with a live session, straight in the database: for tests whose subject is not
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
      company: fields.company ?? 'De Vries Installatietechniek',
      isEmailVerified: true,
    })
    .returning();
  const { token } = await createSession(db, user!.id, false, fields.now ?? new Date());
  return { user: user!, token };
}
