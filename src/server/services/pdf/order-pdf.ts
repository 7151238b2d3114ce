import {
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
  documentHeaderTemplate,
} from '../../../shared/document/page';
import type { OrderDocumentData } from '../../../shared/document/types';
import { APPROVAL_PDF_MARK, approvalBlocksSending } from '../../../shared/schemas/approval';
import type { ServiceDeps } from '../../deps';
import { unauthorized } from '../../errors';
import { findLogo, logoDataUrl } from '../logo/logos';
import { approvalStateOf, readApprovalFacts } from '../orders/approval/read';
import { getOrder } from '../orders/order-reads';
import { findCompany } from '../organizations/company';
import { orderDocumentData } from './order-document-data';
import { documentHash, findStoredPdf, storePdf } from './pdf-files';
import { withDocumentInfo } from './pdf-info';
import { getPdfSettings } from './pdf-settings';

export type OrderPdf = {
  /** The stored file's id (for a download link). */
  id: string;
  /** The name for GET /pdf/download/{filename}. */
  filename: string;
  /** What the browser saves it as, e.g. 'INK-2026-1001.pdf'. */
  downloadName: string;
  /** True when an earlier, still fresh file of exactly this document was handed out again. */
  reused: boolean;
};

/**
 * The PDF of one of the organisation's orders, stored for download. The document's HTML is its key: while
 * nothing it shows has changed (order, customer snapshot, company, settings, the approval mark) the
 * stored file is handed out again without printing. A printer failure rejects with its Dutch 503 and stores nothing.
 */
export async function orderPdf(
  deps: ServiceDeps<'db' | 'printer' | 'log' | 'now'>,
  organizationId: string,
  orderId: string,
): Promise<OrderPdf> {
  const { db } = deps;
  const [order, user, settings, logo] = await Promise.all([
    getOrder(db, organizationId, orderId),
    findCompany(db, organizationId),
    getPdfSettings(db, organizationId),
    findLogo(db, organizationId),
  ]);
  // The session named this organisation a moment ago; gone now means it was just deleted.
  if (!user) throw unauthorized();

  // An order that may not be sent yet says so on its paper: a printout cannot pass for the approved one.
  const approval = approvalStateOf(order, await readApprovalFacts(db, organizationId, order));
  const data: OrderDocumentData = {
    ...orderDocumentData(order, user, settings, logo ? logoDataUrl(logo) : null),
    mark: approvalBlocksSending(approval) ? APPROVAL_PDF_MARK : null,
  };
  return documentPdf(deps, { organizationId, orderId: order.id }, { order, user, data });
}

/**
 * The PDF of a document already put together, stored for download under its order: printed only when
 * no fresh file of exactly this HTML is stored. The order's current PDF (orderPdf) and the version a
 * customer's link was sent with (orders/confirmation) both come through here.
 */
export async function documentPdf(
  deps: ServiceDeps<'db' | 'printer' | 'log' | 'now'>,
  owner: { organizationId: string; orderId: string },
  document: {
    order: { orderNumber: string };
    user: { company: string; name: string };
    data: OrderDocumentData;
  },
): Promise<OrderPdf> {
  const { db } = deps;
  const { organizationId, orderId } = owner;
  const { order, user, data } = document;
  // With react-dom's server renderer: loaded by the first PDF, not at start-up.
  const { renderDocumentHtml } = await import('./document-html');
  const html = renderDocumentHtml(data);
  const htmlHash = documentHash(html);
  const key = { organizationId, orderId, htmlHash };

  const stored = await findStoredPdf(db, key, deps.now());
  if (stored) return { ...stored, reused: true };

  // A double click, or the list and the form at once, asks for the same document twice before the
  // first is stored: the second waits for the first print instead of starting its own.
  const flightKey = `${organizationId}:${orderId}:${htmlHash}`;
  const inFlight = printing.get(flightKey);
  if (inFlight) return { ...(await inFlight), reused: true };
  const print = printAndStore(deps, { key, order, user, data, html }).finally(() =>
    printing.delete(flightKey),
  );
  printing.set(flightKey, print);
  return { ...(await print), reused: false };
}

/** Documents being printed in this process, by organisation, order and HTML hash. */
const printing = new Map<string, Promise<Omit<OrderPdf, 'reused'>>>();

async function printAndStore(
  deps: ServiceDeps<'db' | 'printer' | 'log' | 'now'>,
  job: {
    key: { organizationId: string; orderId: string; htmlHash: string };
    order: { orderNumber: string };
    user: { company: string; name: string };
    data: OrderDocumentData;
    html: string;
  },
): Promise<Omit<OrderPdf, 'reused'>> {
  const { db } = deps;
  const { key, order, user, data, html } = job;
  const printed = await deps.printer.print({
    html,
    title: order.orderNumber,
    headerTemplate: documentHeaderTemplate(data),
    footerTemplate: documentFooterTemplate(data),
    margin: DOCUMENT_PAGE_MARGINS,
  });
  // Read after printing, which can take seconds: the file is as old as its bytes.
  const now = deps.now();
  // Chromium writes the title and language; the author (the company) is added here.
  const content = withDocumentInfo(printed, {
    title: order.orderNumber,
    author: user.company.trim() || user.name,
    subject: 'Inkooporder',
    created: now,
  });
  // Expired files and links are removed by the scheduled clean-up (services/housekeeping.ts).
  const file = await storePdf(db, { ...key, orderNumber: order.orderNumber, content }, now);
  return { id: file.id, filename: file.filename, downloadName: file.downloadName };
}
