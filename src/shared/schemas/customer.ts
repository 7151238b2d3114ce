import { DEFAULT_COUNTRY } from '../constants';
import { btwSchemaCustomer } from '../rules/btw';
import { emailSchema } from '../rules/email';
import { kvkSchema } from '../rules/kvk';
import { phoneSchema } from '../rules/phone';
import { postcodeSchema } from '../rules/postcode';
import { optionalText, requiredText, searchText } from '../rules/text';
import { z } from '../zod-nl';
import { idOutput, pageOutput, timestampsOutput } from './common';

/**
 * The customer's fields (spec §3 Customer, §5 Customer form), each with its shared Dutch rule. Name,
 * company and e-mail are required; everything else may be ''. The Dutch rules apply whatever the
 * country (the spec has no foreign variants).
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
  phone: phoneSchema,
  address: optionalText().describe('Straat en huisnummer (optioneel)'),
  postalCode: postcodeSchema,
  city: optionalText(100).describe('Plaats (optioneel)'),
  country: optionalText(100).describe(`Land (optioneel; standaard ${DEFAULT_COUNTRY})`),
  kvkNumber: kvkSchema,
  btwNumber: btwSchemaCustomer,
  active: z.boolean().describe('Actieve klant (standaard `true`)'),
};

/** Create and full update (POST /customers, PUT /customers/{id}): optional fields default to ''. */
export const customerInput = z.object({
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
});
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
  phone: z.string().describe("Telefoonnummer, als +31…; '' als niet ingevuld"),
  address: z.string().describe("Straat en huisnummer; '' als niet ingevuld"),
  postalCode: z.string().describe("Postcode, als '1234 AB'; '' als niet ingevuld"),
  city: z.string().describe("Plaats; '' als niet ingevuld"),
  country: z.string().describe('Land'),
  kvkNumber: z.string().describe("KVK-nummer (8 cijfers); '' als niet ingevuld"),
  btwNumber: z.string().describe("BTW-nummer, als NL123456789B01; '' als niet ingevuld"),
  active: z.boolean().describe('Actieve klant'),
  ...timestampsOutput(),
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
