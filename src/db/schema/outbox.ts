import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/** An attachment as the outbox keeps it beside the raw message, so /dev/mail can offer it for download. */
export type OutboxAttachment = { filename: string; contentType: string; size: number; contentBase64: string };

/**
 * With no SMTP_URL every message lands here, whole: `raw` is the complete MIME message exactly as it
 * would have gone over SMTP. The parts are kept beside it too (nodemailer builds messages but has no
 * parser), so /dev/mail can show them without parsing MIME.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    from: text('from').notNull().default(''),
    to: text('to').notNull(),
    cc: text('cc'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull().default(''),
    text: text('text').notNull().default(''),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    raw: text('raw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;
