import type { Unit, VatRate } from '../constants';
import type { CustomerSnapshot } from '../order-record';
import type { DeliveryAddress } from '../schemas/order-delivery';
import type { PdfSettings } from '../schemas/pdf-settings';

/** The user's company as the document shows it (the profile's fields; '' when not filled in). */
export type DocumentCompany = {
  company: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string;
  email: string;
  website: string;
  kvkNumber: string;
  btwNumber: string;
  bankAccount: string;
  accountName: string;
  bankName: string;
};

/**
 * The customer as the order saved it and the document prints it: the order's customer snapshot
 * without the KVK number, which the snapshot keeps for the UBL file only.
 */
export type DocumentCustomer = Omit<CustomerSnapshot, 'kvkNumber'>;

export type DocumentLine = {
  description: string;
  quantity: number;
  unit: Unit;
  priceCents: number;
  vat: VatRate;
};

export type DocumentOrder = {
  orderNumber: string;
  /** The order date: an ISO timestamp, or a calendar day 'YYYY-MM-DD' (Europe/Amsterdam). */
  date: string;
  /** Days. */
  paymentTerm: number;
  project: string;
  reference: string;
  btwVerlegd: boolean;
  lines: DocumentLine[];
  /** Gewenste leverdag 'YYYY-MM-DD'; null or absent when none. */
  deliveryDate?: string | null;
  /** The order's own delivery address; null or absent: the customer's. */
  deliveryAddress?: DeliveryAddress | null;
  /** Opmerkingen; '' or absent when none. */
  notes?: string;
};

/** Everything one order document shows. Totals are not part of it: the document computes them with money.ts. */
export type OrderDocumentData = {
  company: DocumentCompany;
  /** Null for an old order whose customer was deleted before snapshots existed. */
  customer: DocumentCustomer | null;
  order: DocumentOrder;
  settings: PdfSettings;
  /** The company logo: a data: URL in the PDF, the app's own URL in the preview; absent without one. */
  logo?: string | null;
  /**
   * A warning across the document, at its top and in every page's header: an order that may not be
   * sent yet carries APPROVAL_PDF_MARK. Absent or null: none.
   */
  mark?: string | null;
};
