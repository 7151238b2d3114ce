import { DEFAULT_COUNTRY } from '../constants';
import { normaliseCountryName } from '../countries';
import { emailSchema } from '../rules/email';
import { kvkSchema } from '../rules/kvk';
import { normalisePhoneFor, phoneErrorForCountry } from '../rules/phone-country';
import { normalisePostcodeFor, postcodeErrorFor } from '../rules/postcode-country';
import { optionalText, requiredText, searchText } from '../rules/text';
import { normaliseVatNumber, VAT_MAX_LENGTH, vatNumberErrorFor } from '../rules/vat-number';
import { z } from '../zod-nl';
import { actorsOutput, idOutput, pageOutput, timestampsOutput } from './common';

/**
 * The customer's fields (spec §3 Customer, §5 Customer form), each with its shared rule. Name, company
 * and e-mail are required; everything else may be ''. Postcode and BTW number follow the customer's
 * country (the Dutch rules of the spec at home, see postcode-country.ts and vat-number.ts): each field
 * alone is only trimmed and upper-cased, and `customerInput` checks the pair with the country.
 */
export const customerMessages = {
  nameRequired: 'Naam is verplicht',
  companyRequired: 'Bedrijfsnaam is verplicht',
  emailRequired: 'E-mailadres is verplicht',
  emailInvalid: 'Voer een geldig e-mailadres in',
} as const;

/** Without defaults, so the customer form can check one field at a time with its rule. */
export const customerFieldsShape = {
  /** The contact person's name (spec: "name (contact person)"). */
  name: requiredText(customerMessages.nameRequired).describe('Naam (van de contactpersoon)'),
  company: requiredText(customerMessages.companyRequired).describe('Bedrijfsnaam van de klant'),
  contactPerson: optionalText().describe('Contactpersoon (optioneel)'),
  email: emailSchema({ required: customerMessages.emailRequired, invalid: customerMessages.emailInvalid }),
  phone: optionalText(40).describe(
    'Telefoonnummer (optioneel), opgeslagen in internationale vorm: in Nederland als +31…, in het buitenland met het landnummer van de klant (+32…)',
  ),
  address: optionalText().describe('Straat en huisnummer (optioneel)'),
  postalCode: optionalText(20)
    .toUpperCase()
    .describe(
      "Postcode volgens het land van de klant (optioneel): in Nederland '1234 AB', in België 4 cijfers ('2000'), in Duitsland en Frankrijk 5 cijfers ('10115'), in Luxemburg 'L-1234', in Oostenrijk 4 cijfers; elders letters, cijfers, spaties en streepjes",
    ),
  city: optionalText(100).describe('Plaats (optioneel)'),
  country: optionalText(100).describe(
    `Land (optioneel; standaard ${DEFAULT_COUNTRY}). Een bekend land, ook als ISO-code ('BE') of Engelse naam ('Belgium'), wordt opgeslagen met zijn Nederlandse naam ('België')`,
  ),
  kvkNumber: kvkSchema,
  btwNumber: optionalText(VAT_MAX_LENGTH + 10)
    .toUpperCase()
    .describe(
      'BTW-nummer (optioneel) met het formaat van zijn land en, buiten Nederland, het controlegetal, bijv. NL123456789B01 of BE0123456749; zonder landcode krijgt het de landcode van de klant (alleen de landcode telt als leeg)',
    ),
  active: z.boolean().describe('Actieve klant (standaard `true`)'),
};

type CountryBound = { country?: unknown; phone?: unknown; postalCode?: unknown; btwNumber?: unknown };

/** The country the postcode and BTW number are checked for (the default when absent). */
const countryIn = (v: CountryBound) => (typeof v.country === 'string' ? v.country : DEFAULT_COUNTRY);

/** Phone, postcode and BTW number checked with the country; also when other fields are wrong, so all messages show at once. */
function checkCountryBound(v: CountryBound, ctx: z.RefinementCtx) {
  const country = countryIn(v);
  const phone = typeof v.phone === 'string' ? phoneErrorForCountry(v.phone, country) : '';
  if (phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone, input: v.phone });
  const postcode = typeof v.postalCode === 'string' ? postcodeErrorFor(v.postalCode, country) : '';
  if (postcode)
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postcode, input: v.postalCode });
  const btw = typeof v.btwNumber === 'string' ? vatNumberErrorFor(v.btwNumber, country) : '';
  if (btw) ctx.addIssue({ code: 'custom', path: ['btwNumber'], message: btw, input: v.btwNumber });
}

/** Stored the country's way: 'België' for 'BE', '+3231234567' for '03 123 45 67', '2000' for 'B-2000', 'BE0123456749' for '0123 456 749'. */
function normaliseCountryBound<
  T extends { country: string; phone: string; postalCode: string; btwNumber: string },
>(v: T): T {
  return {
    ...v,
    country: normaliseCountryName(v.country),
    phone: normalisePhoneFor(v.phone, v.country),
    postalCode: normalisePostcodeFor(v.postalCode, v.country),
    btwNumber: normaliseVatNumber(v.btwNumber, v.country),
  };
}

/** Create and full update (POST /customers, PUT /customers/{id}): optional fields default to ''. */
export const customerInput = z
  .object({
    ...customerFieldsShape,
    contactPerson: customerFieldsShape.contactPerson.default(''),
    phone: customerFieldsShape.phone.default(''),
    address: customerFieldsShape.address.default(''),
    postalCode: customerFieldsShape.postalCode.default(''),
    city: customerFieldsShape.city.default(''),
    country: customerFieldsShape.country.default(DEFAULT_COUNTRY),
    kvkNumber: customerFieldsShape.kvkNumber.default(''),
    btwNumber: customerFieldsShape.btwNumber.default(''),
    active: customerFieldsShape.active.default(true),
  })
  .superRefine(checkCountryBound, {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .overwrite(normaliseCountryBound);
/** What a form or request may send. */
export type CustomerInput = z.input<typeof customerInput>;
/** What the schema hands the service: normalised, defaults filled. */
export type CustomerInputData = z.output<typeof customerInput>;

/** A customer as every call returns it (spec §3 Customer). */
export const customerOutput = z.object({
  _id: idOutput(),
  name: z.string().describe('Naam (van de contactpersoon)'),
  company: z.string().describe('Bedrijfsnaam van de klant'),
  contactPerson: z.string().describe("Contactpersoon; '' als niet ingevuld"),
  email: z.string().describe('E-mailadres, in kleine letters'),
  phone: z
    .string()
    .describe("Telefoonnummer, als +31… (in het buitenland met het landnummer); '' als niet ingevuld"),
  address: z.string().describe("Straat en huisnummer; '' als niet ingevuld"),
  postalCode: z
    .string()
    .describe("Postcode zoals in het land gebruikelijk, in Nederland als '1234 AB'; '' als niet ingevuld"),
  city: z.string().describe("Plaats; '' als niet ingevuld"),
  country: z.string().describe('Land'),
  kvkNumber: z.string().describe("KVK-nummer (8 cijfers); '' als niet ingevuld"),
  btwNumber: z
    .string()
    .describe("BTW-nummer met landcode, bijv. NL123456789B01 of BE0123456749; '' als niet ingevuld"),
  active: z.boolean().describe('Actieve klant'),
  ...timestampsOutput(),
  ...actorsOutput(),
});
export type Customer = z.infer<typeof customerOutput>;

export const CUSTOMER_PAGE_SIZE_MAX = 200;

/** The paged list the screens use (the REST list of §7 stays a plain array). */
export const customerListQuery = z.object({
  search: searchText(200),
  activeOnly: z.boolean().optional().default(false),
  page: z.number().int().min(1).optional().default(1),
  pageSize: z.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional().default(50),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerPage = pageOutput(customerOutput);
