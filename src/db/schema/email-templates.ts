import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, lifecycleDates } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';

/**
 * An organisation's e-mail templates (spec §3 E-mail template). `content` is HTML, sanitised before it is
 * stored and again before it is sent. `isTemporary` rows exist only while a test mail of an unsaved
 * template is sent; lists never show them.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    category: text('category', { enum: ['order', 'invoice', 'reminder', 'confirmation', 'other'] })
      .notNull()
      .default('order'),
    isDefault: boolean('is_default').notNull().default(false),
    isTemporary: boolean('is_temporary').notNull().default(false),
    ...lifecycleDates(),
  },
  (t) => [
    index('email_templates_org_idx').on(t.organizationId, sql`lower(${t.name})`),
    // At most one default per category per organisation: making one default clears the other in the same
    // transaction, and this index makes a race between two such saves fail instead of leaving two.
    uniqueIndex('email_templates_org_category_default_idx')
      .on(t.organizationId, t.category)
      .where(sql`${t.isDefault}`),
    check(
      'email_templates_category_check',
      sql`${t.category} in ('order', 'invoice', 'reminder', 'confirmation', 'other')`,
    ),
  ],
);

/**
 * What was sent for an order, one row per accepted message (the order remembers what
 * was sent to whom). `templateId` has no foreign key on purpose: the history outlives the template.
 */
export const orderEmails = pgTable(
  'order_emails',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    cc: text('cc'),
    subject: text('subject').notNull(),
    includePdf: boolean('include_pdf').notNull(),
    /** Whether the order's Peppol UBL file went along; false for every send before there was one. */
    includeUbl: boolean('include_ubl').notNull().default(false),
    templateId: uuid('template_id'),
    /** The Message-ID the mailer reported, to find the message in the SMTP logs. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_emails_order_sent_idx').on(t.orderId, t.sentAt)],
);

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type OrderEmailRow = typeof orderEmails.$inferSelect;
