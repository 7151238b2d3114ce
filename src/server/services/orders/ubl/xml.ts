import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { UBL_CURRENCY } from './amounts';
import { UBL_CUSTOMIZATION_ID, UBL_PROFILE_ID, type UblOrderDocument } from './document';
import type { UblAddress, UblParty } from './party';

const ORDER_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Order-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** `<cbc:name>text</cbc:name>`, only when there is text. */
function text(parent: XMLBuilder, name: string, value: string, attributes?: Record<string, string>): void {
  if (value !== '') parent.ele(name, attributes).txt(value);
}

const amount = (parent: XMLBuilder, name: string, value: string) =>
  text(parent, name, value, { currencyID: UBL_CURRENCY });

function address(parent: XMLBuilder, name: string, a: UblAddress): void {
  const el = parent.ele(name);
  text(el, 'cbc:StreetName', a.street);
  text(el, 'cbc:CityName', a.city);
  text(el, 'cbc:PostalZone', a.postalCode);
  el.ele('cac:Country').ele('cbc:IdentificationCode').txt(a.countryCode);
}

function party(parent: XMLBuilder, role: string, p: UblParty): void {
  const el = parent.ele(role).ele('cac:Party');
  el.ele('cbc:EndpointID', { schemeID: p.endpoint.scheme }).txt(p.endpoint.id);
  if (p.name !== '') el.ele('cac:PartyName').ele('cbc:Name').txt(p.name);
  if (p.address) address(el, 'cac:PostalAddress', p.address);
  if (p.vatNumber !== '') {
    const tax = el.ele('cac:PartyTaxScheme');
    tax.ele('cbc:CompanyID').txt(p.vatNumber);
    tax.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
  }
  const legal = el.ele('cac:PartyLegalEntity');
  // RegistrationName is mandatory: a party without a name still gets its endpoint's number.
  legal.ele('cbc:RegistrationName').txt(p.name || p.endpoint.id);
  if (p.kvkNumber !== '') legal.ele('cbc:CompanyID', { schemeID: '0106' }).txt(p.kvkNumber);
  const { contact } = p;
  if (contact.name || contact.phone || contact.email) {
    const c = el.ele('cac:Contact');
    text(c, 'cbc:Name', contact.name);
    text(c, 'cbc:Telephone', contact.phone);
    text(c, 'cbc:ElectronicMail', contact.email);
  }
}

/**
 * Writes the document, in the element order of the UBL 2.1 Order schema (the order the Peppol data
 * model lists them in). The rules refuse empty elements, so an optional text that is '' is left out.
 * xmlbuilder2 escapes every text and attribute; characters XML cannot hold at all (control characters
 * a description may carry) are replaced by U+FFFD rather than making the file unreadable.
 */
export function ublOrderXml(doc: UblOrderDocument): string {
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' }).ele(
    ORDER_NS,
    'Order',
    { 'xmlns:cac': CAC_NS, 'xmlns:cbc': CBC_NS },
  );
  root.ele('cbc:CustomizationID').txt(UBL_CUSTOMIZATION_ID);
  root.ele('cbc:ProfileID').txt(UBL_PROFILE_ID);
  root.ele('cbc:ID').txt(doc.id);
  root.ele('cbc:IssueDate').txt(doc.issueDate);
  text(root, 'cbc:Note', doc.note);
  root.ele('cbc:DocumentCurrencyCode').txt(UBL_CURRENCY);
  text(root, 'cbc:CustomerReference', doc.customerReference);
  if (doc.project !== '') root.ele('cac:ProjectReference').ele('cbc:ID').txt(doc.project);
  party(root, 'cac:BuyerCustomerParty', doc.buyer);
  party(root, 'cac:SellerSupplierParty', doc.seller);
  if (doc.delivery) {
    const delivery = root.ele('cac:Delivery');
    const { location, date } = doc.delivery;
    if (location) {
      const el = delivery.ele('cac:DeliveryLocation');
      text(el, 'cbc:Name', location.name);
      address(el, 'cac:Address', location.address);
    }
    if (date) {
      const period = delivery.ele('cac:RequestedDeliveryPeriod');
      period.ele('cbc:StartDate').txt(date);
      period.ele('cbc:EndDate').txt(date);
    }
  }
  root.ele('cac:PaymentTerms').ele('cbc:Note').txt(doc.paymentTerms);
  amount(root.ele('cac:TaxTotal'), 'cbc:TaxAmount', doc.taxAmount);
  const totals = root.ele('cac:AnticipatedMonetaryTotal');
  amount(totals, 'cbc:LineExtensionAmount', doc.lineExtensionAmount);
  amount(totals, 'cbc:TaxExclusiveAmount', doc.lineExtensionAmount);
  amount(totals, 'cbc:TaxInclusiveAmount', doc.taxInclusiveAmount);
  amount(totals, 'cbc:PayableAmount', doc.taxInclusiveAmount);
  for (const line of doc.lines) {
    const item = root.ele('cac:OrderLine').ele('cac:LineItem');
    item.ele('cbc:ID').txt(line.id);
    item.ele('cbc:Quantity', { unitCode: line.unitCode }).txt(line.quantity);
    amount(item, 'cbc:LineExtensionAmount', line.lineExtensionAmount);
    amount(item.ele('cac:Price'), 'cbc:PriceAmount', line.priceAmount);
    const product = item.ele('cac:Item');
    product.ele('cbc:Name').txt(line.name);
    const tax = product.ele('cac:ClassifiedTaxCategory');
    tax.ele('cbc:ID').txt(line.tax.code);
    tax.ele('cbc:Percent').txt(line.tax.percent);
    tax.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
  }
  return root.end({ prettyPrint: true });
}
