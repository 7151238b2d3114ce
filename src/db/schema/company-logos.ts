import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { bytea } from './pdf';

/**
 * A company's logo, at most one per organisation: the image as the server re-encoded it (PNG, within the
 * bounds of shared/logo.ts, without metadata). Kept in the database like the PDFs, so every server
 * copy can serve it and print it without a file system.
 */
export const companyLogos = pgTable('company_logos', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The SHA-256 (hex) of `content`: the ETag, and the version the app asks for. */
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type CompanyLogoRow = typeof companyLogos.$inferSelect;
