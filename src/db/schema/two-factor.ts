import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { users } from './users';

/**
 * The ten recovery codes of an account with two-step sign-in, stored as the SHA-256 of the code (its
 * ten characters, lower case, without the dash): random enough that a plain hash suffices. Each is
 * used once (`used_at`); enabling again, switching off or an admin's reset replaces or removes them.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * The first step of a sign-in with two-step sign-in on: the password was right, the code is still to
 * come. The id is the SHA-256 (hex) of the challenge token the login answered (160 random bits), so
 * the database alone completes no sign-in. Single use (`used_at`), valid a few minutes, and dead after
 * a few wrong codes (`failed_attempts`, counted before each code is checked).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.userId),
    // The clean-up's range (housekeeping.ts).
    index('login_challenges_expires_idx').on(t.expiresAt),
  ],
);
