import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { emailTokens } from '../../../db/schema';
import { generateToken, hashToken } from './session-tokens';

export type EmailTokenKind = 'verify' | 'reset';

const MINUTE_MS = 60 * 1000;
/** How long a link in a mail works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  verify: 24 * 60 * MINUTE_MS,
  reset: 30 * MINUTE_MS,
};

export type IssuedEmailToken = { token: string; expiresAt: Date };

/**
 * A new single-use token for a mail link. Only its SHA-256 is stored. Earlier unused tokens of the
 * same kind stop working (resending replaces); used verification tokens stay, so a second click on
 * an old link can still answer 'already_verified'.
 */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  kind: EmailTokenKind,
  now: Date,
): Promise<IssuedEmailToken> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[kind]);
  await db.transaction(async (tx) => {
    await tx
      .delete(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({ id: hashToken(token), userId, kind, expiresAt, createdAt: now });
  });
  return { token, expiresAt };
}

export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** The stored row for a token from a link, whatever its state; null when there is none. */
export async function findEmailToken(
  db: DbOrTx,
  token: string,
  kind: EmailTokenKind,
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.id, hashToken(token)), eq(emailTokens.kind, kind)))
    .limit(1);
  return row ?? null;
}

/**
 * Marks a token used, only if it is still unused and unexpired, in one statement: of two concurrent
 * uses exactly one wins. Returns the row when this call used it.
 */
export async function consumeEmailToken(
  db: DbOrTx,
  token: string,
  kind: EmailTokenKind,
  now: Date,
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.id, hashToken(token)),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Drops a user's unused tokens of one kind (e.g. other reset links once the password changed). */
export async function revokeEmailTokens(db: DbOrTx, userId: string, kind: EmailTokenKind): Promise<void> {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}
