import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, lifecycleDates } from './columns';

/**
 * A person who signs in: their own name, e-mail and password. The company they work for is an
 * organisation (organizations.ts); a membership says in which ones and as what. The e-mail is stored
 * lower-cased.
 *
 * Two-step sign-in (services/auth/two-factor): the TOTP key (base32) while it is on, null while it is
 * off; a key being set up waits in `two_factor_pending_secret` until one code confirms it. The last
 * time step a code was accepted for is kept, so no code counts twice. None of these ever leaves the
 * server: answers pick their fields (profile-view.ts), logs and the audit log name no value.
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorPendingAt: timestamp('two_factor_pending_at', { withTimezone: true, mode: 'date' }),
    /** The TOTP time step (Unix time / 30 s) of the last accepted code; a code of that step or earlier is refused. */
    twoFactorLastStep: integer('two_factor_last_step'),
    ...lifecycleDates(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
