import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { Profile, ProfileUpdate } from '../../shared/schemas/profile';
import { notFound } from '../errors';
import { toProfile } from './profile-view';

/**
 * Applies a profile update to the user's own row. Only the keys the input schema let through are
 * written (the e-mail address is never one of them); a key left out keeps its value.
 */
export async function updateProfile(db: DbOrTx, userId: string, patch: ProfileUpdate): Promise<Profile> {
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw notFound();
    return toProfile(row);
  }
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!row) throw notFound();
  return toProfile(row);
}
