import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * One row per `Idempotency-Key` an organisation's callers sent with a create or a send (scoped to the organisation, so one answer never reaches another tenant): the first request claims
 * the key ('pending'), does its work and keeps its answer ('done'); a repeat within 24 hours gets
 * that answer back instead of doing the work again. The primary key is what makes two concurrent
 * requests with one key create one object: only one insert can claim it. A create claims, works and
 * completes in one transaction, so only a send's claim is ever seen 'pending' by another request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The procedure the key was used for (`orders.create`): the same key on another call is another request. */
    operation: text('operation').notNull(),
    /** SHA-256 of the request's input, so the same key with another body is recognised. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    /** The first answer's body as JSON text: text, not jsonb, so a repeat gets its keys in the same order. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The last sign of life of the request that holds a pending claim: it renews this while it works,
     * so a repeat takes the claim over only once its holder is gone (its process died), never while
     * it still works, however long that takes.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
