import { DEFAULT_COUNTRY } from '../../../shared/constants';
import { fieldErrors, pickFieldErrors } from '../../../shared/field-errors';
import { formatPhone, maskBtw, maskKvk, maskPostcode, phoneErrorFor } from '../../../shared/rules';
import { formatPostcode } from '../../../shared/rules/postcode';
import {
  type Customer,
  type CustomerInputData,
  customerFieldsShape,
  customerInput,
} from '../../../shared/schemas/customer';

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

export type CustomerTextField = Exclude<keyof CustomerFormValues, 'active'>;
export type CustomerFieldErrors = Partial<Record<keyof CustomerFormValues, string>>;

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

/** The spec §5 input masks, applied on every keystroke. */
export function maskCustomerField(field: CustomerTextField, raw: string): string {
  switch (field) {
    case 'kvkNumber':
      return maskKvk(raw);
    case 'btwNumber':
      return maskBtw(raw);
    case 'postalCode':
      return maskPostcode(raw);
    default:
      return raw;
  }
}

/**
 * One field's message with the shared rule (customer-fields.ts), or undefined when it is fine. The
 * phone field speaks only once more than 3 characters are typed (spec §5); the submit check is strict.
 */
export function validateCustomerField(field: keyof CustomerFormValues, value: string | boolean) {
  if (field === 'phone' && typeof value === 'string') return phoneErrorFor(value) || undefined;
  const result = customerFieldsShape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export type CustomerValidation =
  | { ok: true; data: CustomerInputData }
  | { ok: false; errors: CustomerFieldErrors };

/** The whole form against the very schema the server uses; `data` is normalised ('1234 AB', '+316…'). */
export function validateCustomer(values: CustomerFormValues): CustomerValidation {
  const result = customerInput.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFromDetails(fieldErrors(result.error)) };
}

const FIELD_NAMES = Object.keys(emptyCustomerValues()) as (keyof CustomerFormValues)[];

export function isCustomerField(key: string): key is keyof CustomerFormValues {
  return (FIELD_NAMES as string[]).includes(key);
}

/** A refused save's `details` ({field: message}) → the form's errors; keys the form does not know are left out. */
export function fieldErrorsFromDetails(details: Record<string, string>): CustomerFieldErrors {
  return pickFieldErrors(details, FIELD_NAMES);
}

/** The modal's collapsible sections and the fields each holds, in screen order. */
export const CUSTOMER_SECTIONS = {
  general: ['name', 'company', 'contactPerson'],
  contact: ['email', 'phone'],
  address: ['address', 'postalCode', 'city', 'country'],
  business: ['kvkNumber', 'btwNumber'],
} as const satisfies Record<string, readonly (keyof CustomerFormValues)[]>;

export type CustomerSectionId = keyof typeof CUSTOMER_SECTIONS;

export const SECTION_ORDER = Object.keys(CUSTOMER_SECTIONS) as CustomerSectionId[];

/** How many errors each section holds (shown on a folded section's header). */
export function errorCountBySection(errors: CustomerFieldErrors): Record<CustomerSectionId, number> {
  const counts = { general: 0, contact: 0, address: 0, business: 0 };
  for (const id of SECTION_ORDER) {
    counts[id] = CUSTOMER_SECTIONS[id].filter((field) => Boolean(errors[field])).length;
  }
  return counts;
}

/** The first field with an error, in screen order (to focus after a refused submit). */
export function firstErrorField(errors: CustomerFieldErrors): keyof CustomerFormValues | undefined {
  for (const id of SECTION_ORDER) {
    const field = CUSTOMER_SECTIONS[id].find((f) => Boolean(errors[f]));
    if (field) return field;
  }
  return errors.active ? 'active' : undefined;
}

/** The spec: submit stays disabled while a KVK or BTW error exists. */
export function hasBlockingError(errors: CustomerFieldErrors): boolean {
  return Boolean(errors.kvkNumber || errors.btwNumber);
}
