import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { lifecycleDates } from './columns';
import { organizations } from './organizations';

/** Order number settings (spec §3); an organisation without a row has the defaults. */
export const orderSettings = pgTable('order_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('INK'),
  includeYear: boolean('include_year').notNull().default(true),
  startingNumber: integer('starting_number').notNull().default(1001),
  ...lifecycleDates(),
});

/**
 * The last sequence used per organisation and counter year (the calendar year, or 0 when the year is not in
 * the number). Bumped inside the transaction that inserts the order, so its row lock serialises
 * concurrent saves and a rolled-back save uses no number.
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);

export type OrderSettingsRow = typeof orderSettings.$inferSelect;
