import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/** With no SMTP_URL every message lands here, whole, and /dev/mail shows it. */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    raw: text('raw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
