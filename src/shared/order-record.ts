/**
 * An order as the services return it and as the PDF document and the e-mail variables read it: amounts
 * in integer cents (by the rounding rule of money.ts), moments as Dates. Calendar days are cut in the
 * Netherlands where they are shown (formatDate in format.ts), never here.
 *
 * The REST/tRPC shape (euros as numbers, ISO strings, `_id`) is something else: a record is mapped to
 * it in src/server/services/orders/order-wire.ts, so `{{order.total}}` and the PDF never round-trip
 * through floats.
 */
import type { OrderStatus, Unit, VatRate } from './constants';
import type { VatByRate } from './money';

/**
 * The customer as it was when the order was last saved (ARCHITECTURE "Documents do not change
 * afterwards"): the PDF, the e-mail variables and the REST shape read it, so editing or deleting the
 * customer later changes no order already written. Stored in orders.customer_snapshot.
 */
export type CustomerSnapshot = {
  name: string;
  company: string;
  contactPerson: string;
  email: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  /**
   * Kept for the UBL file (its buyer's endpoint); the PDF does not print it. '' when the customer has
   * none, and for a snapshot saved before it was kept (StoredCustomerSnapshot).
   */
  kvkNumber: string;
  btwNumber: string;
};

/**
 * A snapshot as the database (orders.customer_snapshot) and a link's stored document hold it: those
 * saved before the KVK number was kept have no `kvkNumber` key. They are read as they are, never
 * rewritten (customer-snapshot.ts, customerSnapshotOf, makes the key '').
 */
export type StoredCustomerSnapshot = Omit<CustomerSnapshot, 'kvkNumber'> & { kvkNumber?: string };

/** A member as a record names them: who created or last changed an order or customer. */
export type PersonRef = { id: string; name: string };

/** Where an order is delivered (shared/schemas/order-delivery.ts has the rule). */
export type DeliveryAddress = {
  /** Whom to deliver to (a company, a site, a person); '' when not given. */
  name: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
};

/** An order without its lines, as lists show it. */
export type OrderSummaryRecord = {
  id: string;
  orderNumber: string;
  /** The order date, an instant; its day is the calendar day in Europe/Amsterdam. */
  date: Date;
  project: string;
  reference: string;
  /** Days. */
  paymentTerm: number;
  status: OrderStatus;
  btwVerlegd: boolean;
  /**
   * The id of the customer the order was written for; it stays when that customer is deleted later.
   * Null only for orders whose customer was deleted before snapshots existed.
   */
  customerId: string | null;
  /** What the order shows of its customer; null only where customerId is null. */
  customerSnapshot: CustomerSnapshot | null;
  /** Gewenste leverdag 'YYYY-MM-DD'; null when none. */
  deliveryDate: string | null;
  /** The order's own delivery address; null: delivered at the customer's (effectiveDeliveryAddress). */
  deliveryAddress: DeliveryAddress | null;
  /** Opmerkingen; '' when none. */
  notes: string;
  subtotalCents: number;
  /** The total VAT; 0 when btwVerlegd. */
  vatCents: number;
  totalCents: number;
  createdAt: Date;
  updatedAt: Date;
  /** Who created the order; null for orders from before this was kept, or a deleted account. */
  createdBy: PersonRef | null;
  /** Who saved it last; null as createdBy. */
  updatedBy: PersonRef | null;
};

export type OrderLineRecord = {
  description: string;
  /** Above 0, at most three decimals (2.5); exact in thousandths (rules/quantity.ts). */
  quantity: number;
  unit: Unit;
  priceCents: number;
  vat: VatRate;
  /** quantity × price, rounded half up to the cent (money.ts). */
  totalCents: number;
};

/** An order with its lines and the VAT per rate (in the order 21, 9, 0, verlegd). */
export type OrderRecord = OrderSummaryRecord & {
  items: OrderLineRecord[];
  vatByRate: VatByRate[];
};

/** One message of an order that the SMTP server accepted (table order_emails), newest first in lists. */
export type OrderEmailRecord = {
  sentAt: Date;
  recipient: string;
  /** Null when the message had no CC. */
  cc: string | null;
  /** As sent: variables filled in. */
  subject: string;
  includePdf: boolean;
  /** Whether the order's Peppol UBL file went along. */
  includeUbl: boolean;
  /** The template the message started from, if any (it may have been deleted since). */
  templateId: string | null;
};
