import { countryCodeOf } from '../../../../shared/countries';
import { amsterdamDay } from '../../../../shared/dates';
import { foreignEuCode } from '../../../../shared/document/vat-notice-view';
import { computeOrderTotals } from '../../../../shared/money';
import type { OrderRecord } from '../../../../shared/order-record';
import { normaliseIban } from '../../../../shared/rules/iban';
import { AppError } from '../../../errors';
import type { Company } from '../../organizations/company';
import { ublAmount, ublPercent, ublQuantity } from './amounts';
import { ublMessages } from './messages';
import { buyerParty, sellerParty, type UblAddress, type UblParty, type UblSellerCompany } from './party';
import { type UblTaxCategory, ublTaxCategory } from './taxes';
import { UBL_UNIT_CODES } from './units';

/** Peppol BIS Ordering 3, transaction T01 (the Order). */
export const UBL_CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:order:3';
/** Order only: the customer answers on the order page, not with a Peppol Order Response. */
export const UBL_PROFILE_ID = 'urn:fdc:peppol.eu:poacc:bis:order_only:3';

export type UblLine = {
  id: string;
  quantity: string;
  unitCode: string;
  /** Amounts as UBL writes them: '12.50'. */
  lineExtensionAmount: string;
  priceAmount: string;
  name: string;
  tax: { code: UblTaxCategory['code']; percent: string };
};

export type UblDelivery = {
  /** 'YYYY-MM-DD', or null. */
  date: string | null;
  location: { name: string; address: UblAddress } | null;
};

/** Everything the XML says, worked out from the order; xml.ts only writes it. */
export type UblOrderDocument = {
  id: string;
  issueDate: string;
  note: string;
  customerReference: string;
  project: string;
  buyer: UblParty;
  seller: UblParty;
  delivery: UblDelivery | null;
  paymentTerms: string;
  taxAmount: string;
  lineExtensionAmount: string;
  taxInclusiveAmount: string;
  lines: UblLine[];
};

/** What the UBL needs of the seller: the company as its PDF prints it, and whether the PDF shows the bank account. */
export type UblSeller = UblSellerCompany & Pick<Company, 'bankAccount' | 'accountName' | 'bankName'>;

function deliveryOf(order: OrderRecord): UblDelivery | null {
  const address = order.deliveryAddress;
  let location: UblDelivery['location'] = null;
  if (address) {
    const countryCode = countryCodeOf(address.country);
    if (!countryCode) throw new AppError('CONFLICT', ublMessages.deliveryCountry);
    location = {
      name: address.name.trim(),
      address: {
        street: address.address.trim(),
        postalCode: address.postalCode.trim(),
        city: address.city.trim(),
        countryCode,
      },
    };
  }
  return order.deliveryDate || location ? { date: order.deliveryDate, location } : null;
}

/** The payment term, and the account to pay into when the PDF shows it. */
function paymentTermsOf(order: OrderRecord, seller: UblSeller, showBankAccount: boolean): string {
  const term = `Betalingstermijn ${order.paymentTerm} dagen`;
  const iban = normaliseIban(seller.bankAccount);
  if (!showBankAccount || iban === '') return term;
  const holder = seller.accountName.trim() || seller.company.trim();
  const bank = seller.bankName.trim();
  return `${term}. IBAN ${iban} ten name van ${holder}${bank ? ` (${bank})` : ''}, kenmerk ${order.orderNumber}.`;
}

/**
 * The order as a Peppol order: the customer as buyer, the user's company as seller, the lines with
 * their tax categories, and the totals computed as the PDF computes them (money.ts, in cents), so the
 * two documents state the same amounts to the cent. Throws a 409 (AppError CONFLICT) with a Dutch
 * message when a party cannot be expressed (party.ts) or the delivery country is unknown.
 */
export function ublOrderDocument(
  order: OrderRecord,
  seller: UblSeller,
  showBankAccount: boolean,
): UblOrderDocument {
  const sellerData = sellerParty(seller);
  const buyer = buyerParty(order.customerSnapshot);
  const totals = computeOrderTotals(
    order.items.map((i) => ({ quantity: i.quantity, priceCents: i.priceCents, vat: i.vat })),
    order.btwVerlegd,
  );
  const intraCommunity =
    order.customerSnapshot !== null && foreignEuCode(order.customerSnapshot) !== undefined;
  return {
    id: order.orderNumber,
    issueDate: amsterdamDay(order.date),
    note: order.notes.trim(),
    customerReference: order.reference.trim(),
    project: order.project.trim(),
    buyer,
    seller: sellerData,
    delivery: deliveryOf(order),
    paymentTerms: paymentTermsOf(order, seller, showBankAccount),
    taxAmount: ublAmount(totals.vatCents),
    lineExtensionAmount: ublAmount(totals.subtotalCents),
    taxInclusiveAmount: ublAmount(totals.totalCents),
    lines: order.items.map((item, i) => {
      const tax = ublTaxCategory(item.vat, order.btwVerlegd, intraCommunity);
      return {
        id: String(i + 1),
        quantity: ublQuantity(item.quantity),
        unitCode: UBL_UNIT_CODES[item.unit],
        lineExtensionAmount: ublAmount(totals.lines[i]!.totalCents),
        priceAmount: ublAmount(item.priceCents),
        name: item.description.trim(),
        tax: { code: tax.code, percent: ublPercent(tax.percent) },
      };
    }),
  };
}
