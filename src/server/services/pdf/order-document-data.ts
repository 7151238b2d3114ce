import type { DocumentCompany, DocumentCustomer, OrderDocumentData } from '../../../shared/document/types';
import type { CustomerSnapshot, OrderRecord } from '../../../shared/order-record';
import type { PdfSettings } from '../../../shared/schemas/pdf-settings';
import type { Company } from '../organizations/company';

/** The company as the document prints it: the profile's fields as they are now. */
export function documentCompany(user: Company): DocumentCompany {
  return {
    company: user.company,
    address: user.address,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    phoneNumber: user.phoneNumber,
    email: user.email,
    website: user.website,
    kvkNumber: user.kvkNumber,
    btwNumber: user.btwNumber,
    bankAccount: user.bankAccount,
    accountName: user.accountName,
    bankName: user.bankName,
  };
}

/**
 * The customer as the document prints it: its snapshot without the KVK number. Left out rather than
 * passed along unprinted, because the version a confirmation link is bound to is the hash of this data
 * (confirmation/document.ts): an order whose snapshot gains the number, or '' for a snapshot saved
 * before it was kept, stays the same version.
 */
export function documentCustomer(customer: CustomerSnapshot): DocumentCustomer {
  const { kvkNumber: _forTheUblFile, ...printed } = customer;
  return printed;
}

/**
 * What the PDF of a stored order shows: the customer as the order saved it (its snapshot, never the
 * customer row as it is now), the lines in cents, and the company and house style; `logo` is
 * the company logo as a data: URL (the printer loads nothing from outside the page).
 */
export function orderDocumentData(
  order: OrderRecord,
  user: Company,
  settings: PdfSettings,
  logo: string | null = null,
): OrderDocumentData {
  return {
    logo,
    company: documentCompany(user),
    customer: order.customerSnapshot && documentCustomer(order.customerSnapshot),
    order: {
      orderNumber: order.orderNumber,
      date: order.date.toISOString(),
      paymentTerm: order.paymentTerm,
      project: order.project,
      reference: order.reference,
      btwVerlegd: order.btwVerlegd,
      lines: order.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit: i.unit,
        priceCents: i.priceCents,
        vat: i.vat,
      })),
      deliveryDate: order.deliveryDate,
      deliveryAddress: order.deliveryAddress,
      notes: order.notes,
    },
    settings,
  };
}
