import {
  DOCUMENT_HEADER_TEMPLATE,
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
} from '../../../shared/document/page';
import type { ServiceDeps } from '../../deps';
import { unauthorized } from '../../http/request-auth';
import { findUserById } from '../auth/users';
import { getOrder } from '../orders/orders';
import { renderDocumentHtml } from './document-html';
import { orderDocumentData } from './order-document-data';
import { deleteExpiredPdfs, documentHash, findStoredPdf, storePdf } from './pdf-files';
import { getPdfSettings } from './pdf-settings';

export type OrderPdf = {
  /** The name for GET /pdf/download/{filename}. */
  filename: string;
  /** What the browser saves it as, e.g. 'INK-2026-1001.pdf'. */
  downloadName: string;
  /** True when an earlier, still fresh file of exactly this document was handed out again. */
  reused: boolean;
};

/**
 * The PDF of one of the user's orders, stored for download. The document's HTML is its key: while
 * nothing it shows has changed (order, customer snapshot, company, settings) the stored file is handed
 * out again without printing. A printer failure rejects with its Dutch 503 and stores nothing.
 */
export async function orderPdf(
  deps: ServiceDeps<'db' | 'printer' | 'log'>,
  userId: string,
  orderId: string,
): Promise<OrderPdf> {
  const { db } = deps;
  const [order, user, settings] = await Promise.all([
    getOrder(db, userId, orderId),
    findUserById(db, userId),
    getPdfSettings(db, userId),
  ]);
  // The session named this user a moment ago; gone now means the account was just deleted.
  if (!user) throw unauthorized();

  const data = orderDocumentData(order, user, settings);
  const html = renderDocumentHtml(data);
  const htmlHash = documentHash(html);
  const key = { userId, orderId: order.id, htmlHash };

  const stored = await findStoredPdf(db, key);
  if (stored) return { filename: stored.filename, downloadName: stored.downloadName, reused: true };

  const content = await deps.printer.print({
    html,
    title: order.orderNumber,
    headerTemplate: DOCUMENT_HEADER_TEMPLATE,
    footerTemplate: documentFooterTemplate(data),
    margin: DOCUMENT_PAGE_MARGINS,
  });
  const file = await storePdf(db, { ...key, orderNumber: order.orderNumber, content });
  // Nothing else sweeps the table: each new file removes the expired ones (one indexed delete).
  await deleteExpiredPdfs(db).catch((err: unknown) =>
    deps.log.warn({ err }, 'Verlopen PDF-bestanden opruimen mislukt'),
  );
  return { filename: file.filename, downloadName: file.downloadName, reused: false };
}
