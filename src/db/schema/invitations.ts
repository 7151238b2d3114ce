import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invitationRoles } from '../../shared/schemas/invitation';
import { idColumn } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An invitation of an e-mail address into an organisation with a role. The link's token is only
 * stored as its SHA-256 (like the mail tokens): the database alone opens no invitation. One use:
 * accepting sets `accepted_at`, withdrawing sets `withdrawn_at`; either ends it. Such rows are kept so
 * the link can say it was used or withdrawn instead of "unknown".
 */
export const invitations = pgTable(
  'invitations',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Normalised as registering normalises it (trimmed, lower-case). */
    email: text('email').notNull(),
    role: text('role', { enum: invitationRoles }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Null once the inviter's account is gone; the invitation stays valid. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The last time the mail went out (creating or resending); the link works 7 days from then. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_idx').on(t.tokenHash),
    // One open invitation per address and organisation, also when two admins invite at once.
    uniqueIndex('invitations_open_email_idx')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
    index('invitations_org_created_idx').on(t.organizationId, t.createdAt),
    check('invitations_role_check', sql`${t.role} in ('admin', 'member', 'viewer')`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
