import { UBL_CURRENCY } from './amounts';
import { UBL_CUSTOMIZATION_ID, UBL_PROFILE_ID, type UblOrderDocument } from './document';
import type { UblAddress, UblParty } from './party';
import { XmlWriter } from './xml-writer';

const ORDER_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Order-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

const CURRENCY = { currencyID: UBL_CURRENCY };

/** `<name>text</name>`, only when there is text: the rules refuse empty elements. */
function optional(xml: XmlWriter, name: string, value: string): void {
  if (value !== '') xml.leaf(name, value);
}

function address(xml: XmlWriter, name: string, a: UblAddress): void {
  xml.start(name);
  optional(xml, 'cbc:StreetName', a.street);
  optional(xml, 'cbc:CityName', a.city);
  optional(xml, 'cbc:PostalZone', a.postalCode);
  xml.start('cac:Country').leaf('cbc:IdentificationCode', a.countryCode).end();
  xml.end();
}

function party(xml: XmlWriter, role: string, p: UblParty): void {
  xml.start(role).start('cac:Party');
  xml.leaf('cbc:EndpointID', p.endpoint.id, { schemeID: p.endpoint.scheme });
  if (p.name !== '') xml.start('cac:PartyName').leaf('cbc:Name', p.name).end();
  if (p.address) address(xml, 'cac:PostalAddress', p.address);
  if (p.vatNumber !== '') {
    xml.start('cac:PartyTaxScheme').leaf('cbc:CompanyID', p.vatNumber);
    xml.start('cac:TaxScheme').leaf('cbc:ID', 'VAT').end();
    xml.end();
  }
  xml.start('cac:PartyLegalEntity');
  // RegistrationName is mandatory: a party without a name still gets its endpoint's number.
  xml.leaf('cbc:RegistrationName', p.name || p.endpoint.id);
  if (p.kvkNumber !== '') xml.leaf('cbc:CompanyID', p.kvkNumber, { schemeID: '0106' });
  xml.end();
  const { contact } = p;
  if (contact.name || contact.phone || contact.email) {
    xml.start('cac:Contact');
    optional(xml, 'cbc:Name', contact.name);
    optional(xml, 'cbc:Telephone', contact.phone);
    optional(xml, 'cbc:ElectronicMail', contact.email);
    xml.end();
  }
  xml.end().end();
}

/**
 * Writes the document, in the element order of the UBL 2.1 Order schema (the order the Peppol data
 * model lists them in); an optional text that is '' is left out.
 */
export function ublOrderXml(doc: UblOrderDocument): string {
  const xml = new XmlWriter();
  xml.start('Order', { xmlns: ORDER_NS, 'xmlns:cac': CAC_NS, 'xmlns:cbc': CBC_NS });
  xml.leaf('cbc:CustomizationID', UBL_CUSTOMIZATION_ID);
  xml.leaf('cbc:ProfileID', UBL_PROFILE_ID);
  xml.leaf('cbc:ID', doc.id);
  xml.leaf('cbc:IssueDate', doc.issueDate);
  optional(xml, 'cbc:Note', doc.note);
  xml.leaf('cbc:DocumentCurrencyCode', UBL_CURRENCY);
  optional(xml, 'cbc:CustomerReference', doc.customerReference);
  if (doc.project !== '') xml.start('cac:ProjectReference').leaf('cbc:ID', doc.project).end();
  party(xml, 'cac:BuyerCustomerParty', doc.buyer);
  party(xml, 'cac:SellerSupplierParty', doc.seller);
  if (doc.delivery) {
    const { location, date } = doc.delivery;
    xml.start('cac:Delivery');
    if (location) {
      xml.start('cac:DeliveryLocation');
      optional(xml, 'cbc:Name', location.name);
      address(xml, 'cac:Address', location.address);
      xml.end();
    }
    if (date)
      xml.start('cac:RequestedDeliveryPeriod').leaf('cbc:StartDate', date).leaf('cbc:EndDate', date).end();
    xml.end();
  }
  xml.start('cac:PaymentTerms').leaf('cbc:Note', doc.paymentTerms).end();
  xml.start('cac:TaxTotal').leaf('cbc:TaxAmount', doc.taxAmount, CURRENCY).end();
  xml
    .start('cac:AnticipatedMonetaryTotal')
    .leaf('cbc:LineExtensionAmount', doc.lineExtensionAmount, CURRENCY)
    .leaf('cbc:TaxExclusiveAmount', doc.lineExtensionAmount, CURRENCY)
    .leaf('cbc:TaxInclusiveAmount', doc.taxInclusiveAmount, CURRENCY)
    .leaf('cbc:PayableAmount', doc.taxInclusiveAmount, CURRENCY)
    .end();
  for (const line of doc.lines) {
    xml.start('cac:OrderLine').start('cac:LineItem');
    xml.leaf('cbc:ID', line.id);
    xml.leaf('cbc:Quantity', line.quantity, { unitCode: line.unitCode });
    xml.leaf('cbc:LineExtensionAmount', line.lineExtensionAmount, CURRENCY);
    xml.start('cac:Price').leaf('cbc:PriceAmount', line.priceAmount, CURRENCY).end();
    xml.start('cac:Item').leaf('cbc:Name', line.name);
    xml
      .start('cac:ClassifiedTaxCategory')
      .leaf('cbc:ID', line.tax.code)
      .leaf('cbc:Percent', line.tax.percent);
    xml.start('cac:TaxScheme').leaf('cbc:ID', 'VAT').end();
    xml.end().end();
    xml.end().end();
  }
  xml.end();
  return xml.toString();
}
