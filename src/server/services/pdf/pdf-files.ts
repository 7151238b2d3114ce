import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type PdfFileRow, pdfFiles } from '../../../db/schema';
import { generateToken } from '../auth/session-tokens';

/** A printed PDF is kept this long; after that the download is gone and the row is removed. */
export const PDF_FILE_TTL_MS = 24 * 60 * 60 * 1000;

/** The key of a stored PDF: the same HTML (same order, same data, same settings) is the same file. */
export const documentHash = (html: string) => createHash('sha256').update(html).digest('hex');

/**
 * The name in the download URL: readable, but with 160 random bits so that it cannot be guessed or
 * walked. Only letters, digits and '-' survive from the order number, so it never holds a path.
 */
export function downloadFilename(orderNumber: string): string {
  const readable = orderNumber.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'order';
  return `${readable}-${generateToken()}.pdf`;
}

/**
 * The order number as a file name the browser may save under: letters, digits, spaces and '._-'
 * stay, anything else (a slash, a quote) becomes '-'. The UBL file takes the same name.
 */
export const readableFileName = (orderNumber: string) =>
  orderNumber.replace(/[^\p{L}\p{N} ._-]+/gu, '-').trim() || 'order';

/** What the browser saves the file as, e.g. 'INK-2026-1001.pdf'. */
export function downloadName(orderNumber: string): string {
  return `${readableFileName(orderNumber)}.pdf`;
}

/** The files that may still be downloaded at `now`. */
export const freshPdf = (now: Date) => gt(pdfFiles.createdAt, new Date(now.getTime() - PDF_FILE_TTL_MS));

/** A stored PDF of exactly this document that is still fresh, so it need not be printed again. */
export async function findStoredPdf(
  db: DbOrTx,
  key: { organizationId: string; orderId: string; htmlHash: string },
  now: Date,
): Promise<Pick<PdfFileRow, 'id' | 'filename' | 'downloadName'> | null> {
  // Only the names: the check runs on every PDF request, and the file itself is not needed for it.
  const [row] = await db
    .select({ id: pdfFiles.id, filename: pdfFiles.filename, downloadName: pdfFiles.downloadName })
    .from(pdfFiles)
    .where(
      and(
        eq(pdfFiles.organizationId, key.organizationId),
        eq(pdfFiles.orderId, key.orderId),
        eq(pdfFiles.htmlHash, key.htmlHash),
        freshPdf(now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function storePdf(
  db: DbOrTx,
  file: { organizationId: string; orderId: string; orderNumber: string; htmlHash: string; content: Buffer },
  now: Date,
): Promise<PdfFileRow> {
  const [row] = await db
    .insert(pdfFiles)
    .values({
      organizationId: file.organizationId,
      orderId: file.orderId,
      filename: downloadFilename(file.orderNumber),
      downloadName: downloadName(file.orderNumber),
      htmlHash: file.htmlHash,
      size: file.content.length,
      content: file.content,
      // Its age is measured against the app's clock (freshPdf), so it is born on that clock too.
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('pdf_files insert returned no row');
  return row;
}

/** The owner's fresh file by its URL name; anything else (another organisation's, expired, unknown) is null. */
export async function findDownload(
  db: DbOrTx,
  organizationId: string,
  filename: string,
  now: Date,
): Promise<PdfFileRow | null> {
  const [row] = await db
    .select()
    .from(pdfFiles)
    .where(and(eq(pdfFiles.filename, filename), eq(pdfFiles.organizationId, organizationId), freshPdf(now)))
    .limit(1);
  return row ?? null;
}

/** Removes every file older than a day (all organisations; one indexed delete). */
export async function deleteExpiredPdfs(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(pdfFiles)
    .where(lt(pdfFiles.createdAt, new Date(now.getTime() - PDF_FILE_TTL_MS)))
    .returning({ id: pdfFiles.id });
  return removed.length;
}
