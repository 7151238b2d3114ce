import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { idColumn } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The organisation's audit log: one row per change, send or sign-in, written in the same transaction
 * as what it records. The actor's name is kept as it was then, so a row still says who when the member
 * has left or the key is gone (their ids are then cleared, not the row). `fields` holds the names of
 * the changed fields only, never a value: no secret, password or token can end up here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'customer': a customer answering an order on its page (no account; the name they gave). */
    actorType: text('actor_type', { enum: ['member', 'api_key', 'customer'] }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorApiKeyId: uuid('actor_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    ip: text('ip').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    fields: jsonb('fields').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    // The screen's list (newest first) and each of its filters within one organisation.
    index('audit_log_org_at_idx').on(t.organizationId, t.at.desc()),
    index('audit_log_org_user_idx').on(t.organizationId, t.actorUserId, t.at.desc()),
    index('audit_log_org_key_idx').on(t.organizationId, t.actorApiKeyId, t.at.desc()),
    index('audit_log_org_action_idx').on(t.organizationId, t.action, t.at.desc()),
    index('audit_log_org_object_idx').on(t.organizationId, t.objectId, t.at.desc()),
    // The pruning job's range across every organisation.
    index('audit_log_at_idx').on(t.at),
    check('audit_log_actor_type_check', sql`${t.actorType} in ('member', 'api_key', 'customer')`),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
