import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, lifecycleDates } from './columns';
import { organizations } from './organizations';

/**
 * An organisation's webhook subscriptions. `secret` signs every delivery (Standard Webhooks), so it
 * is kept as it is, not hashed; the API hands it out once, on create. `failingSince` is set when a
 * delivery gave up after its last retry and cleared by the next delivery that succeeds.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    ...lifecycleDates(),
  },
  // Every write of an order or customer asks "does this organisation subscribe to this event?" (events.ts).
  (t) => [index('webhook_subscriptions_org_idx').on(t.organizationId, t.active)],
);

/** One row per delivery attempt: what the subscription's log shows. Only a short excerpt of the answer is kept. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    /** null when no answer came (timeout, refused address, connection error). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    success: boolean('success').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt)],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
