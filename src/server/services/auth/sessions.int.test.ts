import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { createSignedInUser } from '../../../test/users';
import { hashToken } from './session-tokens';
import { createSession, SESSION_DAYS_DEFAULT, SESSION_DAYS_REMEMBER, validateSessionToken } from './sessions';

/**
 * The session lookup every authenticated request makes is a prepared statement, built once per
 * database handle; these pin down that it still keeps the Lucia rules, on PGlite and on
 * Postgres: sliding expiry in the second half of a session's life, expired sessions deleted.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const storedExpiry = async (token: string) => {
  const [row] = await database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, hashToken(token)));
  return row?.expiresAt ?? null;
};

describe('validateSessionToken (prepared)', () => {
  it('finds the user of a live session, again and again, and nothing for an unknown token', async () => {
    const { user, token } = await createSignedInUser(database.db);
    for (let i = 0; i < 3; i++) {
      const session = await validateSessionToken(database.db, token, new Date());
      expect(session?.user.id).toBe(user.id);
      expect(session?.user.email).toBe(user.email);
      expect(session?.sessionId).toBe(hashToken(token));
    }
    expect(await validateSessionToken(database.db, 'onbekend-token', new Date())).toBeNull();
  });

  it('leaves a session in the first half of its life as it is', async () => {
    const { user } = await createSignedInUser(database.db);
    const created = new Date();
    const { token, expiresAt } = await createSession(database.db, user.id, false, created, user.id);
    const now = new Date(created.getTime() + 0.4 * SESSION_DAYS_DEFAULT * DAY_MS);
    const session = await validateSessionToken(database.db, token, now);
    expect(session?.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect((await storedExpiry(token))?.getTime()).toBe(expiresAt.getTime());
  });

  it('extends a session used in the second half of its life to a full lifetime, stored', async () => {
    const { user } = await createSignedInUser(database.db);
    const created = new Date();
    const { token } = await createSession(database.db, user.id, true, created, user.id);
    const now = new Date(created.getTime() + 0.6 * SESSION_DAYS_REMEMBER * DAY_MS);
    const session = await validateSessionToken(database.db, token, now);
    const full = now.getTime() + SESSION_DAYS_REMEMBER * DAY_MS;
    expect(session?.expiresAt.getTime()).toBe(full);
    expect(session?.rememberMe).toBe(true);
    expect((await storedExpiry(token))?.getTime()).toBe(full);
  });

  it('deletes an expired session and answers null', async () => {
    const { user } = await createSignedInUser(database.db);
    const created = new Date();
    const { token } = await createSession(database.db, user.id, false, created, user.id);
    const later = new Date(created.getTime() + SESSION_DAYS_DEFAULT * DAY_MS + 1000);
    expect(await validateSessionToken(database.db, token, later)).toBeNull();
    expect(await storedExpiry(token)).toBeNull();
  });

  it('works on a transaction handle too, and sees what that transaction wrote', async () => {
    const { user } = await createSignedInUser(database.db);
    const found = await database.db.transaction(async (tx) => {
      const { token } = await createSession(tx, user.id, false, new Date(), user.id);
      return validateSessionToken(tx, token, new Date());
    });
    expect(found?.user.id).toBe(user.id);
  });
});
