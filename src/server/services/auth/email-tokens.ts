import { and, eq, gt, isNull, lte } from 'drizzle-orm';
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
 * Whether a new link makes the earlier unused ones of its kind stop working. A verification link
 * only proves the address, so every unexpired one sent keeps working: people click the first mail
 * after asking for a second. A reset link sets a password, so only the newest one counts.
 */
const NEW_LINK_REPLACES_EARLIER: Record<EmailTokenKind, boolean> = { verify: false, reset: true };

/**
 * A new single-use token for a mail link. Only its SHA-256 is stored. Unused tokens of the same kind
 * that expired go (and unexpired ones too where a new link replaces them); used verification tokens
 * stay, so a second click on an old link can still answer 'already_verified'.
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
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.kind, kind),
          isNull(emailTokens.usedAt),
          NEW_LINK_REPLACES_EARLIER[kind] ? undefined : lte(emailTokens.expiresAt, now),
        ),
      );
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
