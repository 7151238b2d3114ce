import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '../../shared/constants';
import { idColumn, lifecycleDates } from './columns';

/** One user is one company account (spec §3 User/profile). The e-mail is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    website: text('website').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    kvkNumber: text('kvk_number').notNull().default(''),
    btwNumber: text('btw_number').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    ...lifecycleDates(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
