import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '../../shared/constants';
import { organizationRoles } from '../../shared/schemas/organization';
import { idColumn, lifecycleDates } from './columns';
import { users } from './users';

/**
 * The tenant: a company, with the data that goes on its orders and PDFs (spec §3 profile, the company
 * part). Every business table points here, never at a user: the people who work for the company are
 * its members. An organisation made when its owner registered, or by the migration that introduced
 * organisations, carries the same id as that user.
 */
export const organizations = pgTable('organizations', {
  id: idColumn(),
  /** The company name (the profile's `company`). */
  name: text('name').notNull(),
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
  /**
   * Goedkeuring vereist vanaf: an order whose subtotal (excl. VAT) is at or above this amount needs a
   * second person's approval before it is sent (shared/schemas/approval.ts). Null: never.
   */
  approvalThreshold: numeric('approval_threshold', { precision: 12, scale: 2, mode: 'string' }),
  /** Whether the threshold also holds for orders written by admins and the owner (else members only). */
  approvalForAdmins: boolean('approval_for_admins').notNull().default(false),
  /** Tweestapsverificatie verplicht: members without two-step sign-in must enrol before anything else. */
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  ...lifecycleDates(),
});

export const MEMBERSHIP_ROLES = organizationRoles;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/**
 * Who works for which organisation, with one role each. Exactly one owner per organisation: the
 * partial unique index refuses a second, and the owner's row is only ever moved, never removed alone.
 */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull(),
    /**
     * When the member last worked in the organisation: signing in to it, switching to it, or a
     * request with their session or API key there. Stamped at most once a minute (memberships.ts,
     * touchLastActive), so a busy member costs no write per request. Null: not yet.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_org_user_idx').on(t.organizationId, t.userId),
    uniqueIndex('memberships_one_owner_idx').on(t.organizationId).where(sql`${t.role} = 'owner'`),
    index('memberships_user_idx').on(t.userId, t.createdAt),
    check('memberships_role_check', sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
