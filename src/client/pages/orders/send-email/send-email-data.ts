import {
  exampleConfirmationUrl,
  messageWithLink,
  withoutConfirmationLinks,
} from '../../../../shared/confirmation-link';
import type { DocumentCompany, OrderDocumentData } from '../../../../shared/document';
import { eurosToCents } from '../../../../shared/money';
import type { Profile } from '../../../../shared/schemas/company-profile';
import type { Order } from '../../../../shared/schemas/order';
import type { PdfSettings } from '../../../../shared/schemas/pdf-settings';
import { fillTemplate, type TemplateData, templateValues } from '../../../../shared/template-variables';

/**
 * What the send dialog shows of an order, from what the API sends (euros): the PDF preview (the same
 * OrderDocument the server prints, with the user's company and house style) and the values of the
 * message preview's variables (the same templateValues the server fills the mail with).
 */

type CompanyProfile = Pick<Profile, keyof DocumentCompany>;

/** The company as the printed document shows it: the profile's own fields, '' where not filled in. */
export function documentCompanyOf(profile: CompanyProfile): DocumentCompany {
  return {
    company: profile.company,
    address: profile.address,
    postalCode: profile.postalCode,
    city: profile.city,
    country: profile.country,
    phoneNumber: profile.phoneNumber,
    email: profile.email,
    website: profile.website,
    kvkNumber: profile.kvkNumber,
    btwNumber: profile.btwNumber,
    bankAccount: profile.bankAccount,
    accountName: profile.accountName,
    bankName: profile.bankName,
  };
}

/** The PDF of the order as the server prints it (server/services/pdf/order-document-data.ts). */
export function orderDocumentOf(
  order: Order,
  profile: CompanyProfile,
  settings: PdfSettings,
): OrderDocumentData {
  return {
    company: documentCompanyOf(profile),
    customer: order.customerSnapshot,
    order: {
      orderNumber: order.orderNumber,
      date: order.date,
      paymentTerm: order.paymentTerm,
      project: order.project,
      reference: order.reference,
      btwVerlegd: order.btwVerlegd,
      lines: order.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit: i.unit,
        priceCents: eurosToCents(i.price),
        vat: i.vat,
      })),
      deliveryDate: order.deliveryDate,
      // The document names only an address of the order's own; the customer's stands above it.
      deliveryAddress: order.deliveryAddressSource === 'order' ? order.deliveryAddress : null,
      notes: order.notes,
    },
    settings,
  };
}

/** The variables of this order's mail: the total is the order's total in cents, as the PDF shows it. */
export function orderTemplateData(order: Order, user: Pick<Profile, 'name' | 'company'>): TemplateData {
  return templateValues({
    customer: order.customerSnapshot,
    order: {
      orderNumber: order.orderNumber,
      date: order.date,
      totalCents: eurosToCents(order.total),
      deliveryDate: order.deliveryDate,
      notes: order.notes,
    },
    user: { name: user.name, company: user.company },
  });
}

/**
 * The preview's variables: the order's, and the link as this send will carry it — with
 * 'Bevestigingslink meesturen' an example on the app's own address (`appUrl`, the page's origin; the
 * real token is made on sending), without it '' as the server fills it.
 */
export function previewTemplateData(values: TemplateData, withLink: boolean, appUrl: string): TemplateData {
  return {
    ...values,
    order: { ...values.order, confirmUrl: withLink ? exampleConfirmationUrl(appUrl) : '' },
  };
}

/**
 * The message as the customer will get it: the link placed as the server places it (messageWithLink —
 * its line under a message without `{{order.confirmUrl}}`, or no links to it at all), then filled.
 */
export function previewMessageHtml(
  message: string,
  values: TemplateData,
  withLink: boolean,
  appUrl: string,
): string {
  return fillTemplate(
    messageWithLink(message, withLink, withoutConfirmationLinks),
    previewTemplateData(values, withLink, appUrl),
    'html',
  );
}
