import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailTokens } from '../../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { createSignedInUser } from '../../../test/users';
import { consumeEmailToken, EMAIL_TOKEN_TTL_MS, type EmailTokenKind, issueEmailToken } from './email-tokens';
import { hashToken } from './session-tokens';

/** Which earlier links a new one leaves working, per kind, and what it clears away. */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const storedIds = async (userId: string, kind: EmailTokenKind) =>
  (
    await database.db
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind)))
  )
    .map((r) => r.id)
    .sort();

it('verification: every unexpired link keeps working; expired unused ones go when a new one is sent', async () => {
  const { user } = await createSignedInUser(database.db);
  const t0 = new Date('2026-11-26T09:00:00Z');
  const first = await issueEmailToken(database.db, user.id, 'verify', t0);
  const second = await issueEmailToken(database.db, user.id, 'verify', new Date(t0.getTime() + 60_000));
  expect(await storedIds(user.id, 'verify')).toEqual(
    [hashToken(first.token), hashToken(second.token)].sort(),
  );

  const later = new Date(t0.getTime() + EMAIL_TOKEN_TTL_MS.verify + 30_000);
  const third = await issueEmailToken(database.db, user.id, 'verify', later);
  // The first had expired and goes; the second is still within its day and stays usable.
  expect(await storedIds(user.id, 'verify')).toEqual(
    [hashToken(second.token), hashToken(third.token)].sort(),
  );
  expect(await consumeEmailToken(database.db, second.token, 'verify', later)).not.toBeNull();
});

it('password reset: only the newest link works', async () => {
  const { user } = await createSignedInUser(database.db);
  const t0 = new Date('2026-11-26T09:00:00Z');
  const first = await issueEmailToken(database.db, user.id, 'reset', t0);
  const second = await issueEmailToken(database.db, user.id, 'reset', new Date(t0.getTime() + 60_000));
  expect(await storedIds(user.id, 'reset')).toEqual([hashToken(second.token)]);
  expect(
    await consumeEmailToken(database.db, first.token, 'reset', new Date(t0.getTime() + 120_000)),
  ).toBeNull();
});
