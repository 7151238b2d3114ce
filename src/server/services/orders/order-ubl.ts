import type { DbOrTx } from '../../../db/client';
import type { OrderRecord } from '../../../shared/order-record';
import { unauthorized } from '../../errors';
import { type Company, findCompany } from '../organizations/company';
import type { Tenant } from '../organizations/tenant';
import { readableFileName } from '../pdf/pdf-files';
import { getPdfSettings } from '../pdf/pdf-settings';
import { assertRecordSendable } from './approval/sendable';
import { getOrder } from './order-reads';
import { ublOrderDocument } from './ubl/document';
import { ublOrderXml } from './ubl/xml';

export type OrderUbl = {
  /** What the file is saved as: the order number as the PDF's name has it, e.g. 'INK-2026-1001.xml'. */
  filename: string;
  /** The UBL 2.1 Order (Peppol BIS Ordering 3), UTF-8 text. */
  xml: string;
};

/**
 * One of the organisation's orders as a Peppol BIS Ordering 3 order (ubl/): for the download
 * (GET /api/orders/{id}/ubl) and for a mail that carries it. A 404 for an order that is not the
 * organisation's; a 409 APPROVAL_REQUIRED for an order that may not go out yet (the file is what a
 * customer's system imports, so it leaves as the e-mail does); a 409 with a Dutch message naming what
 * is missing when a party cannot be expressed.
 */
export async function orderUbl(
  db: DbOrTx,
  tenant: Pick<Tenant, 'organizationId'>,
  orderId: string,
): Promise<OrderUbl> {
  const { organizationId } = tenant;
  const [order, company, settings] = await Promise.all([
    getOrder(db, organizationId, orderId),
    findCompany(db, organizationId),
    getPdfSettings(db, organizationId),
  ]);
  // The session named this organisation a moment ago; gone now means it was just deleted.
  if (!company) throw unauthorized();
  await assertRecordSendable(db, organizationId, order);
  return ublOfOrder(order, company, settings.showBankAccount);
}

/**
 * The file of an order already read and judged sendable, for a caller that holds the record it acts
 * on (the send makes its attachment from the very order it mails). The same 409 as orderUbl when a
 * party cannot be expressed.
 */
export function ublOfOrder(order: OrderRecord, company: Company, showBankAccount: boolean): OrderUbl {
  const document = ublOrderDocument(order, company, showBankAccount);
  return { filename: `${readableFileName(order.orderNumber)}.xml`, xml: ublOrderXml(document) };
}
