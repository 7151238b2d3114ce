import { DEFAULT_COUNTRY } from '../constants';
import { btwSchemaCustomer } from '../rules/btw';
import { emailSchema } from '../rules/email';
import { kvkSchema } from '../rules/kvk';
import { phoneSchema } from '../rules/phone';
import { postcodeSchema } from '../rules/postcode';
import { optionalText, requiredText } from '../rules/text';
import { z } from '../zod-nl';
import { pageOutput } from './common';

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

/** Without defaults, so `.partial()` of it is a safe patch shape (a missing key stays missing). */
export const customerFieldsShape = {
  /** The contact person's name (spec: "name (contact person)"). */
  name: requiredText(customerMessages.nameRequired),
  company: requiredText(customerMessages.companyRequired),
  contactPerson: optionalText(),
  email: emailSchema({ required: customerMessages.emailRequired, invalid: customerMessages.emailInvalid }),
  phone: phoneSchema,
  address: optionalText(),
  postalCode: postcodeSchema,
  city: optionalText(100),
  country: optionalText(100),
  kvkNumber: kvkSchema,
  btwNumber: btwSchemaCustomer,
  active: z.boolean(),
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
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  kvkNumber: z.string(),
  btwNumber: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerOutput>;

export const CUSTOMER_PAGE_SIZE_MAX = 200;

/** The paged list the screens use (the REST list of §7 stays a plain array). */
export const customerListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  activeOnly: z.boolean().optional().default(false),
  page: z.number().int().min(1).optional().default(1),
  pageSize: z.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional().default(50),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerPage = pageOutput(customerOutput);
