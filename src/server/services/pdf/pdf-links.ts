import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type PdfFileRow, pdfFiles, pdfLinkTokens } from '../../../db/schema';
import { generateToken, hashToken } from '../auth/session-tokens';
import { freshPdf } from './pdf-files';

/**
 * The app's own download links. The browser opens a download by itself, where no header can be set:
 * rather than a session token in that URL (which would open the whole account, and which proxies and
 * browser histories keep), the link carries a token that opens that one stored file for a few
 * minutes and nothing else. It lives in the database beside the file, so any server process serves
 * it; it is never a session, so no other path accepts it.
 */

/** Long enough for the browser to start the download the app hands it, short enough to be worthless later. */
export const PDF_LINK_TTL_MS = 5 * 60 * 1000;

/** Sets a link token apart from a session token (base32, no '_') and an API key ('ik_'). */
export const PDF_LINK_TOKEN_PREFIX = 'dl_';

export const isPdfLinkToken = (token: string) => token.startsWith(PDF_LINK_TOKEN_PREFIX);

/** A new link token for a stored file, valid for PDF_LINK_TTL_MS from `now`. */
export async function createPdfLink(db: DbOrTx, pdfFileId: string, now: Date): Promise<string> {
  const token = PDF_LINK_TOKEN_PREFIX + generateToken();
  await db.insert(pdfLinkTokens).values({
    tokenHash: hashToken(token),
    pdfFileId,
    expiresAt: new Date(now.getTime() + PDF_LINK_TTL_MS),
  });
  return token;
}

/** The file a link token opens, if it is this file, the link is unexpired and the file still fresh. */
export async function findLinkedDownload(
  db: DbOrTx,
  token: string,
  filename: string,
  now: Date,
): Promise<PdfFileRow | null> {
  const [row] = await db
    .select({ file: pdfFiles })
    .from(pdfLinkTokens)
    .innerJoin(pdfFiles, eq(pdfFiles.id, pdfLinkTokens.pdfFileId))
    .where(
      and(
        eq(pdfLinkTokens.tokenHash, hashToken(token)),
        eq(pdfFiles.filename, filename),
        gt(pdfLinkTokens.expiresAt, now),
        freshPdf(now),
      ),
    )
    .limit(1);
  return row?.file ?? null;
}

/** Removes every expired link (all users; one indexed delete). */
export async function deleteExpiredPdfLinks(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(pdfLinkTokens)
    .where(lte(pdfLinkTokens.expiresAt, now))
    .returning({ tokenHash: pdfLinkTokens.tokenHash });
  return removed.length;
}
