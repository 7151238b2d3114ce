import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, lifecycleDates } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';

/** PDF house style per organisation (spec §3 PDF settings); an organisation without a row has the defaults. */
export const pdfSettings = pgTable(
  'pdf_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    primaryColor: text('primary_color').notNull().default('#1E40AF'),
    secondaryColor: text('secondary_color').notNull().default('#F3F4F6'),
    template: text('template', { enum: ['classic', 'modern', 'minimal'] })
      .notNull()
      .default('classic'),
    showBankAccount: boolean('show_bank_account').notNull().default(true),
    footerNotes: text('footer_notes').notNull().default(''),
    fontFamily: text('font_family').notNull().default('default'),
    ...lifecycleDates(),
  },
  (t) => [check('pdf_settings_template_check', sql`${t.template} in ('classic', 'modern', 'minimal')`)],
);

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // postgres.js hands back a Buffer, PGlite a Uint8Array: one type for the services.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Printed PDFs, kept in the database so any server process can serve the download, removed after a
 * day. `htmlHash` is the SHA-256 of the rendered document: an unchanged order with unchanged
 * settings reuses its file instead of printing again.
 */
export const pdfFiles = pgTable(
  'pdf_files',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The unguessable name in the download URL (order number + 128 random bits). */
    filename: text('filename').notNull(),
    /** What the browser saves it as, e.g. 'INK-2026-1001.pdf'. */
    downloadName: text('download_name').notNull(),
    htmlHash: text('html_hash').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pdf_files_filename_idx').on(t.filename),
    index('pdf_files_org_order_hash_idx').on(t.organizationId, t.orderId, t.htmlHash),
    index('pdf_files_created_idx').on(t.createdAt),
  ],
);

export type PdfSettingsRow = typeof pdfSettings.$inferSelect;
export type PdfFileRow = typeof pdfFiles.$inferSelect;

/**
 * Short-lived links to one stored PDF: what the app's own download button opens. The token (only its
 * SHA-256 is kept, like a session's) opens this one file until `expiresAt` and nothing else: it is
 * no session, so no other path takes it. A row goes with its file, and is pruned once expired.
 */
export const pdfLinkTokens = pgTable(
  'pdf_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    pdfFileId: uuid('pdf_file_id')
      .notNull()
      .references(() => pdfFiles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('pdf_link_tokens_file_idx').on(t.pdfFileId),
    index('pdf_link_tokens_expires_idx').on(t.expiresAt),
  ],
);
