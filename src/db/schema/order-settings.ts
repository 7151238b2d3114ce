import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { lifecycleDates } from './columns';
import { users } from './users';

/** Order number settings (spec §3); a user without a row has the defaults. */
export const orderSettings = pgTable('order_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('INK'),
  includeYear: boolean('include_year').notNull().default(true),
  startingNumber: integer('starting_number').notNull().default(1001),
  ...lifecycleDates(),
});

/**
 * The last sequence used per user and counter year (the calendar year, or 0 when the year is not in
 * the number). Bumped inside the transaction that inserts the order, so its row lock serialises
 * concurrent saves and a rolled-back save uses no number.
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);

export type OrderSettingsRow = typeof orderSettings.$inferSelect;
