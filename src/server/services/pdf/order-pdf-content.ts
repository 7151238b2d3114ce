import type { ServiceDeps } from '../../deps';
import { AppError } from '../../errors';
import { pdfMessages } from './messages';
import { orderPdf } from './order-pdf';
import { findDownload } from './pdf-files';

/** The bytes of an order's PDF, for a mail attachment. */
export type OrderPdfContent = {
  /** What the attachment is called, e.g. 'INK-2026-1001.pdf'. */
  downloadName: string;
  content: Buffer;
};

/**
 * The PDF of one of the organisation's orders as bytes: exactly the file the download hands out (made by
 * orderPdf, so printed only when no fresh file of this very document is stored). Rejects like orderPdf:
 * 404 for a missing or foreign order, the printer's Dutch 503.
 */
export async function orderPdfContent(
  deps: ServiceDeps<'db' | 'printer' | 'log' | 'now'>,
  organizationId: string,
  orderId: string,
): Promise<OrderPdfContent> {
  const pdf = await orderPdf(deps, organizationId, orderId);
  const file = await findDownload(deps.db, organizationId, pdf.filename, deps.now());
  // Stored a moment ago and kept for a day: only a database that lost it gets here.
  if (!file) throw new AppError('SERVICE_UNAVAILABLE', pdfMessages.failed);
  return { downloadName: file.downloadName, content: file.content };
}
