import { createHash } from 'node:crypto';
import type { DocumentCompany } from '../../../../shared/document/types';
import type { OrderRecord, StoredCustomerSnapshot } from '../../../../shared/order-record';
import type { PdfSettings } from '../../../../shared/schemas/pdf-settings';
import type { Company } from '../../organizations/company';
import { documentCompany, orderDocumentData } from '../../pdf/order-document-data';
import { customerSnapshotOf } from '../customer-snapshot';

/**
 * The order and the seller exactly as one send carried them (order_confirmations.document): the
 * public page, its PDF and its UBL file are made from this, never from the order as it is now, so
 * the customer answers the version they were sent whatever is edited afterwards.
 */

/**
 * The order record as sent, moments as ISO strings (jsonb keeps no Dates). Its customer snapshot is
 * as stored: a document sent before the snapshot kept the KVK number has none.
 */
export type SentOrder = Omit<OrderRecord, 'date' | 'createdAt' | 'updatedAt' | 'customerSnapshot'> & {
  date: string;
  createdAt: string;
  updatedAt: string;
  customerSnapshot: StoredCustomerSnapshot | null;
};

/** The seller as the PDF prints it and the UBL file names it, with the person who sent the order. */
export type SentSeller = DocumentCompany & Pick<Company, 'vatNumber' | 'name'>;

export type ConfirmationDocument = {
  order: SentOrder;
  seller: SentSeller;
  /** The house style the PDF was printed in (the logo is the organisation's current one). */
  settings: PdfSettings;
};

export function confirmationDocumentOf(
  order: OrderRecord,
  seller: Company,
  settings: PdfSettings,
): ConfirmationDocument {
  return {
    order: {
      ...order,
      date: order.date.toISOString(),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    },
    seller: { ...documentCompany(seller), vatNumber: seller.vatNumber, name: seller.name },
    settings,
  };
}

/**
 * The order record again, for the printer and the UBL writer (which take records): the UBL file of a
 * document that holds the customer's KVK number addresses the customer by it.
 */
export function orderRecordOf(document: ConfirmationDocument): OrderRecord {
  const { order } = document;
  return {
    ...order,
    customerSnapshot: order.customerSnapshot && customerSnapshotOf(order.customerSnapshot),
    date: new Date(order.date),
    createdAt: new Date(order.createdAt),
    updatedAt: new Date(order.updatedAt),
  };
}

/**
 * The seller as a Company for the printer and the UBL writer: what the send carried, and nothing of
 * the organisation's other settings (approval, two-step sign-in), which neither document shows.
 */
export function sellerCompanyOf(document: ConfirmationDocument, organizationId: string): Company {
  const { seller } = document;
  return {
    organizationId,
    company: seller.company,
    name: seller.name,
    email: seller.email,
    profileCompleted: true,
    address: seller.address,
    postalCode: seller.postalCode,
    city: seller.city,
    country: seller.country,
    website: seller.website,
    phoneNumber: seller.phoneNumber,
    kvkNumber: seller.kvkNumber,
    btwNumber: seller.btwNumber,
    vatNumber: seller.vatNumber,
    bankAccount: seller.bankAccount,
    accountName: seller.accountName,
    bankName: seller.bankName,
    approvalThreshold: null,
    approvalForAdmins: false,
    twoFactorRequired: false,
  };
}

/** JSON with every object's keys sorted: the same content is the same text, whatever order jsonb keeps. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The version a link is bound to: SHA-256 (hex) of the order as printed — what the PDF says, as
 * orderDocumentData hands it to the printer: the seller's company details (with the bank account,
 * shown or not by the settings), the customer as the order keeps it, the order number, date, payment
 * term, project, reference, lines, BTW verlegd, delivery day and address, and the remarks. Not how it
 * looks (template, colours, font, footer, logo): a resend after a new colour is the same order, and a
 * customer's answer to it stands. Nor the customer's KVK number: the snapshot keeps it for the UBL
 * file, the PDF does not print it, and orderDocumentData leaves it out. So documents sent before the
 * snapshot kept it hash as they did, and an order saved again (which takes the number, or '') is not
 * another version for it.
 */
export function versionHashOf(document: ConfirmationDocument): string {
  const printed = orderDocumentData(
    orderRecordOf(document),
    sellerCompanyOf(document, ''),
    document.settings,
  );
  const content = {
    company: {
      ...printed.company,
      ...(document.settings.showBankAccount ? {} : { bankAccount: '', accountName: '', bankName: '' }),
    },
    customer: printed.customer,
    order: printed.order,
  };
  return createHash('sha256').update(stableJson(content)).digest('hex');
}
