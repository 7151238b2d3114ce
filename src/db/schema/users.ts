import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, lifecycleDates } from './columns';

/**
 * A person who signs in: their own name, e-mail and password. The company they work for is an
 * organisation (organizations.ts); a membership says in which ones and as what. The e-mail is stored
 * lower-cased.
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
    ...lifecycleDates(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
