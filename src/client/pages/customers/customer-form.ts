import { DEFAULT_COUNTRY } from '../../../shared/constants';
import { formatPhone, maskKvk } from '../../../shared/rules';
import { phoneErrorForCountry } from '../../../shared/rules/phone-country';
import { formatPostcode } from '../../../shared/rules/postcode';
import { maskPostcodeFor, postcodeErrorFor } from '../../../shared/rules/postcode-country';
import { maskVatNumber, vatNumberErrorFor } from '../../../shared/rules/vat-number';
import {
  type Customer,
  type CustomerInputData,
  customerFieldsShape,
  customerInput,
} from '../../../shared/schemas/customer';
import { type FieldErrors, type FormRules, schemaCheck } from '../../lib/form-state';

/** The form's state: every field as the user typed it (spec §3 Customer). */
export type CustomerFormValues = {
  name: string;
  company: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  kvkNumber: string;
  btwNumber: string;
  active: boolean;
};

export type CustomerField = keyof CustomerFormValues;
export type CustomerTextField = Exclude<CustomerField, 'active'>;

export const SAVE_ERROR_FALLBACK = 'Er is een fout opgetreden bij het opslaan van de klant.';

export function emptyCustomerValues(): CustomerFormValues {
  return {
    name: '',
    company: '',
    contactPerson: '',
    email: '',
    phone: '',
    address: '',
    postalCode: '',
    city: '',
    country: DEFAULT_COUNTRY,
    kvkNumber: '',
    btwNumber: '',
    active: true,
  };
}

export function valuesFromCustomer(customer: Customer): CustomerFormValues {
  return {
    name: customer.name,
    company: customer.company,
    contactPerson: customer.contactPerson,
    email: customer.email,
    phone: formatPhone(customer.phone),
    address: customer.address,
    postalCode: customer.postalCode ? formatPostcode(customer.postalCode) : '',
    city: customer.city,
    country: customer.country,
    kvkNumber: customer.kvkNumber,
    btwNumber: customer.btwNumber,
    active: customer.active,
  };
}

/** The spec §5 input masks, applied on every keystroke; postcode and BTW number by the chosen country. */
export function maskCustomerField(
  field: CustomerField,
  raw: string,
  values: Pick<CustomerFormValues, 'country'>,
): string {
  switch (field) {
    case 'kvkNumber':
      return maskKvk(raw);
    case 'btwNumber':
      return maskVatNumber(raw, values.country);
    case 'postalCode':
      return maskPostcodeFor(raw, values.country);
    default:
      return raw;
  }
}

/**
 * One field's message with the shared rule (schemas/customer.ts), or undefined when it is fine.
 * Phone, postcode and BTW number are checked for the chosen country. The phone field speaks only once more
 * than 3 characters are typed (spec §5); the submit check is strict.
 */
export function validateCustomerField(field: CustomerField, values: CustomerFormValues) {
  if (field === 'phone') return phoneErrorForCountry(values.phone, values.country, true) || undefined;
  if (field === 'postalCode') return postcodeErrorFor(values.postalCode, values.country) || undefined;
  if (field === 'btwNumber') return vatNumberErrorFor(values.btwNumber, values.country) || undefined;
  const result = customerFieldsShape[field].safeParse(values[field]);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The modal's collapsible sections and the fields each holds, in screen order. */
export const CUSTOMER_SECTIONS = {
  general: ['name', 'company', 'contactPerson'],
  contact: ['email', 'phone'],
  address: ['country', 'address', 'postalCode', 'city'],
  business: ['kvkNumber', 'btwNumber'],
} as const satisfies Record<string, readonly (keyof CustomerFormValues)[]>;

export type CustomerSectionId = keyof typeof CUSTOMER_SECTIONS;

export const SECTION_ORDER = Object.keys(CUSTOMER_SECTIONS) as CustomerSectionId[];

/** Every field in screen order: section by section, then 'Actieve klant'. */
export const CUSTOMER_FIELDS: readonly CustomerField[] = [
  ...SECTION_ORDER.flatMap((id) => CUSTOMER_SECTIONS[id]),
  'active',
];

/** The whole form against the very schema the server uses; `data` is normalised ('1234 AB', '+316…'). */
export const validateCustomer = schemaCheck<typeof customerInput, CustomerFormValues, CustomerField>(
  customerInput,
  { fields: CUSTOMER_FIELDS },
);

/**
 * When a field speaks (spec §5 Customer form): when it is left after a change, and once it has
 * spoken again while typing, so the message goes as soon as it is right. The phone speaks only when
 * left and loses its message on focus; the country is a choice that clears its message and has the
 * postcode and BTW number checked again for it.
 */
export const customerFormRules: FormRules<CustomerFormValues, CustomerField, CustomerInputData> = {
  fields: CUSTOMER_FIELDS,
  check: validateCustomer,
  checkField: (field, values) => validateCustomerField(field, values),
  rule: { change: 'recheck', blur: 'changed' },
  rules: {
    phone: { change: 'keep', blur: 'changed', focus: 'clear' },
    // Another country, other rules: postcode and BTW number are checked again if they speak.
    country: { change: 'clear', also: ['phone', 'postalCode', 'btwNumber'] },
    active: { change: 'keep' },
  },
};

/** How many errors each section holds (shown on a folded section's header). */
export function errorCountBySection(errors: FieldErrors<CustomerField>): Record<CustomerSectionId, number> {
  const counts = { general: 0, contact: 0, address: 0, business: 0 };
  for (const id of SECTION_ORDER) {
    counts[id] = CUSTOMER_SECTIONS[id].filter((field) => Boolean(errors[field])).length;
  }
  return counts;
}

/** The spec: submit stays disabled while a KVK or BTW error exists. */
export function hasBlockingError(errors: FieldErrors<CustomerField>): boolean {
  return Boolean(errors.kvkNumber || errors.btwNumber);
}
