import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companyLogos } from '../../../db/schema';
import { logoMessages } from '../../../shared/logo';
import { notFound } from '../../errors';
import { type AuditScope, audited } from '../audit/audit-log';
import { normalizeLogo } from './logo-image';

/**
 * The signed-in user's own logo: every call takes the organisation from the session or key, never from
 * input, so one company can neither see nor change another's.
 */

export type StoredLogo = {
  content: Buffer;
  contentType: string;
  width: number;
  height: number;
  /** SHA-256 of the content (hex): its ETag and version. */
  hash: string;
  updatedAt: Date;
};

/** What the app needs to know to show the logo: whether there is one, and which version. */
export type LogoInfo = { version: string; width: number; height: number } | null;

/** Re-encodes an upload (logo-image.ts) and keeps it as the organisation's logo, replacing any earlier one. */
export async function saveLogo(
  db: DbOrTx,
  organizationId: string,
  upload: { content: Buffer; contentType: string },
  now: Date,
  audit?: AuditScope,
): Promise<NonNullable<LogoInfo>> {
  const logo = await normalizeLogo(upload.content, upload.contentType);
  const hash = createHash('sha256').update(logo.content).digest('hex');
  const row = { ...logo, hash, updatedAt: now };
  // The image is made before any transaction: on PGlite a transaction holds the one connection.
  const store = (tx: DbOrTx) =>
    tx
      .insert(companyLogos)
      .values({ organizationId, ...row })
      .onConflictDoUpdate({ target: companyLogos.organizationId, set: row });
  if (audit)
    await audited(db, audit, store, {
      action: 'logo.updated',
      objectType: 'organization',
      objectId: organizationId,
    });
  else await store(db);
  return { version: hash, width: logo.width, height: logo.height };
}

export async function findLogo(db: DbOrTx, organizationId: string): Promise<StoredLogo | null> {
  const [row] = await db
    .select()
    .from(companyLogos)
    .where(eq(companyLogos.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

/** The logo, or the 404 that says how to get one. */
export async function getLogo(db: DbOrTx, organizationId: string): Promise<StoredLogo> {
  const logo = await findLogo(db, organizationId);
  if (!logo) throw notFound(logoMessages.notFound);
  return logo;
}

export async function logoInfo(db: DbOrTx, organizationId: string): Promise<LogoInfo> {
  const [row] = await db
    .select({ version: companyLogos.hash, width: companyLogos.width, height: companyLogos.height })
    .from(companyLogos)
    .where(eq(companyLogos.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

/** Removes the logo; removing one that is not there is a 404, as GET says. */
export async function deleteLogo(db: DbOrTx, organizationId: string): Promise<void> {
  const removed = await db
    .delete(companyLogos)
    .where(eq(companyLogos.organizationId, organizationId))
    .returning({ organizationId: companyLogos.organizationId });
  if (removed.length === 0) throw notFound(logoMessages.notFound);
}

/**
 * The logo as a data: URL, for the PDF: the printer fetches nothing (every request is aborted), so
 * the image travels inside the document's HTML.
 */
export const logoDataUrl = (logo: Pick<StoredLogo, 'content' | 'contentType'>) =>
  `data:${logo.contentType};base64,${logo.content.toString('base64')}`;
