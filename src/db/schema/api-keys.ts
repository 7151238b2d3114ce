import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * API keys for integrators. Only the SHA-256 of the secret is stored (hex): the secret
 * carries 190 random bits, so a fast hash is as safe as a slow one and lets every request look its
 * key up by index. `prefix` is the secret's first characters, to tell keys apart in the list.
 * Revoking sets `revokedAt` (the row stays, so the list can show it and a lookup answers 401).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who made the key: it acts in the organisation, for that member. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    access: text('access', { enum: ['read', 'write'] }).notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    index('api_keys_org_idx').on(t.organizationId, t.createdAt),
    index('api_keys_user_idx').on(t.userId),
    check('api_keys_access_check', sql`${t.access} in ('read', 'write')`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
