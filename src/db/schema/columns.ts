import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared columns: a random uuid key and the two lifecycle timestamps every business row carries. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

export const lifecycleDates = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
