import { countryCodeOf, countryNameOf } from '../../../../shared/countries';
import type { CustomerSnapshot } from '../../../../shared/order-record';
import { isValidKvk, normaliseKvk } from '../../../../shared/rules/kvk';
import { AppError } from '../../../errors';
import type { Company } from '../../organizations/company';
import { ublMessages } from './messages';

/** A postal address as UBL carries it; `countryCode` is ISO 3166-1 alpha-2. */
export type UblAddress = { street: string; postalCode: string; city: string; countryCode: string };

/** A party of the order as the document writes it; '' leaves an optional element out. */
export type UblParty = {
  /** EndpointID with its EAS scheme: 0106 for a KVK number, else the VAT scheme of its country. */
  endpoint: { scheme: string; id: string };
  /** The legal (company) name: PartyName and PartyLegalEntity/RegistrationName. */
  name: string;
  /** PartyLegalEntity/CompanyID with ICD 0106. */
  kvkNumber: string;
  /** PartyTaxScheme/CompanyID, with its country prefix; '' for the seller, which has none in the model. */
  vatNumber: string;
  /** Null where the country is unknown; the seller always has one. */
  address: UblAddress | null;
  contact: { name: string; phone: string; email: string };
};

/** ISO 6523 / EAS code of the Dutch Chamber of Commerce (KVK) number. */
export const KVK_SCHEME = '0106';

/**
 * The EAS codes (Peppol's electronic address schemes, eas.xml among the code lists in
 * src/test/peppol/upstream) for a VAT number, by the number's country prefix. Only the schemes the
 * list names as that country's VAT number (and 9914, Austria's Umsatzsteuer-Identifikationsnummer):
 * countries whose VAT number has no scheme of its own (Denmark, Italy, Sweden, Norway among the app's)
 * cannot be addressed by it.
 */
const VAT_SCHEMES: Record<string, string> = {
  AD: '9922',
  AL: '9923',
  AT: '9914',
  BA: '9924',
  BE: '9925',
  BG: '9926',
  CH: '9927',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  EL: '9933',
  FI: '0213',
  FR: '9957',
  GB: '9932',
  GR: '9933',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  LI: '9936',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MC: '9940',
  ME: '9941',
  MK: '9942',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  RS: '9948',
  SI: '9949',
  SK: '9950',
  SM: '9951',
  TR: '9952',
  VA: '9953',
};

const vatPrefix = (vat: string) => vat.slice(0, 2).toUpperCase();

/** 'BE' → 'België'; a prefix the app does not know stays as it is. */
const countryOfPrefix = (prefix: string) => countryNameOf(prefix === 'EL' ? 'GR' : prefix) ?? prefix;

type Endpoint = UblParty['endpoint'];
type EndpointResult =
  | { ok: true; endpoint: Endpoint }
  | { ok: false; missing: true }
  | { ok: false; prefix: string };

/** KVK first (scheme 0106), else the VAT number under its country's scheme. */
function endpointOf(kvkNumber: string, vatNumber: string): EndpointResult {
  if (kvkNumber !== '') return { ok: true, endpoint: { scheme: KVK_SCHEME, id: kvkNumber } };
  if (vatNumber === '') return { ok: false, missing: true };
  const scheme = VAT_SCHEMES[vatPrefix(vatNumber)];
  return scheme
    ? { ok: true, endpoint: { scheme, id: vatNumber } }
    : { ok: false, prefix: vatPrefix(vatNumber) };
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** A KVK number as stored, if it is one (8 digits); else ''. */
const kvkOf = (raw: string) => {
  const kvk = normaliseKvk(raw.trim());
  return isValidKvk(kvk) ? kvk : '';
};

/** A VAT number as stored, upper-cased without spaces; '' when there is none. */
const vatOf = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** The country of a party: its own country text, else its VAT number's prefix. */
const countryCodeFor = (country: string, vatNumber: string) =>
  countryCodeOf(country) ??
  (vatNumber === '' ? undefined : countryCodeOf(vatPrefix(vatNumber) === 'EL' ? 'GR' : vatPrefix(vatNumber)));

/** What the seller's party is made of: the company's name, address, numbers and contact. */
export type UblSellerCompany = Pick<
  Company,
  | 'company'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'kvkNumber'
  | 'btwNumber'
  | 'vatNumber'
  | 'phoneNumber'
  | 'email'
>;

/**
 * The user's company as the seller (SellerSupplierParty). Its VAT number: the BTW-nummer the PDF
 * prints, else the BTW-nummer (EU). Refused (409) without a KVK or VAT number to address it by, or
 * without a known country (the model requires the seller's address with its country).
 */
export function sellerParty(company: UblSellerCompany): UblParty {
  const kvkNumber = kvkOf(company.kvkNumber);
  const vatNumber = vatOf(company.btwNumber) || vatOf(company.vatNumber);
  const endpoint = endpointOf(kvkNumber, vatNumber);
  if (!endpoint.ok)
    throw conflict(
      'missing' in endpoint
        ? ublMessages.sellerId
        : ublMessages.sellerVatScheme(countryOfPrefix(endpoint.prefix)),
    );
  const countryCode = countryCodeFor(company.country, vatNumber);
  if (!countryCode) throw conflict(ublMessages.sellerCountry);
  return {
    endpoint: endpoint.endpoint,
    name: company.company.trim(),
    kvkNumber,
    // The data model gives the seller no PartyTaxScheme: the rules refuse one. The VAT number
    // addresses the seller only when there is no KVK number.
    vatNumber: '',
    address: {
      street: company.address.trim(),
      postalCode: company.postalCode.trim(),
      city: company.city.trim(),
      countryCode,
    },
    contact: { name: '', phone: company.phoneNumber.trim(), email: company.email.trim() },
  };
}

/**
 * The customer as the buyer (BuyerCustomerParty), from the order's snapshot: what the order showed
 * when it was saved. Addressed as the seller is: by its KVK number (0106, also its PartyLegalEntity
 * CompanyID), else by its VAT number under its country's scheme. Refused (409) with neither, or with
 * only a VAT number whose country has no Peppol scheme. A snapshot saved before it kept the KVK number
 * reads as one without (customerSnapshotOf), so such an order is addressed by its VAT number.
 */
export function buyerParty(customer: CustomerSnapshot | null): UblParty {
  if (!customer) throw conflict(ublMessages.noCustomer);
  const kvkNumber = kvkOf(customer.kvkNumber);
  const vatNumber = vatOf(customer.btwNumber);
  const endpoint = endpointOf(kvkNumber, vatNumber);
  if (!endpoint.ok)
    throw conflict(
      'missing' in endpoint
        ? ublMessages.buyerId
        : ublMessages.buyerVatScheme(countryOfPrefix(endpoint.prefix)),
    );
  const countryCode = countryCodeFor(customer.country, vatNumber);
  const name = customer.company.trim() || customer.name.trim();
  return {
    endpoint: endpoint.endpoint,
    name,
    kvkNumber,
    vatNumber,
    address: countryCode
      ? {
          street: customer.address.trim(),
          postalCode: customer.postalCode.trim(),
          city: customer.city.trim(),
          countryCode,
        }
      : null,
    contact: {
      name: customer.contactPerson.trim() || customer.name.trim(),
      phone: '',
      email: customer.email.trim(),
    },
  };
}
