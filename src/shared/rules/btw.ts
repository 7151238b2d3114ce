import { normaliseBtw } from './btw-normalise';
import { ruleSchema } from './rule-schema';

/** Spec §5 BTW/VAT: the customer form's wording… */
export const BTW_MESSAGE_CUSTOMER = 'BTW nummer moet het formaat NL123456789B01 hebben';
/** …and the company form's. */
export const BTW_MESSAGE_COMPANY = 'BTW-nummer moet het formaat NL123456789B01 hebben';
/** The company's 'VAT number (prefix NL)' field (our wording, the spec has none). */
export const VAT_MESSAGE = 'BTW-nummer (EU) moet beginnen met een landcode, bijv. NL123456789B01';

export const BTW_MAX_LENGTH = 14;

export { normaliseBtw };

/** NL + 9 digits + B + 2 digits. */
export function isValidBtw(normalised: string): boolean {
  return /^NL[0-9]{9}B[0-9]{2}$/.test(normalised);
}

/**
 * Any EU VAT identification number by shape: a two-letter country code and 2 to 12 letters/digits
 * (the longest EU format, 14 in all, is also the field's maximum). No per-country check: that is VIES's job.
 */
export function isValidVat(normalised: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{2,12}$/.test(normalised);
}

const maskBase = (raw: string) => raw.toUpperCase().replace(/[\s.-]/g, '');

/**
 * BTW input mask while typing: upper-cased, spaces/hyphens/dots removed, auto-prefixed NL (a lone 'N'
 * is left alone so the user can type the prefix), at most 14 characters.
 */
export function maskBtw(raw: string): string {
  const compact = maskBase(raw);
  if (compact === '' || compact === 'N' || compact.startsWith('NL')) return compact.slice(0, BTW_MAX_LENGTH);
  return `NL${compact}`.slice(0, BTW_MAX_LENGTH);
}

/** VAT input mask: like BTW, but only digits get the NL prefix, so 'BE…' or 'DE…' can be typed. */
export function maskVat(raw: string): string {
  const compact = maskBase(raw);
  return (/^[0-9]/.test(compact) ? `NL${compact}` : compact).slice(0, BTW_MAX_LENGTH);
}

/** An optional BTW schema with the given message ('' and bare 'NL' are valid and output ''). */
export const btwSchema = (message: string) =>
  ruleSchema({
    normalise: normaliseBtw,
    isValid: isValidBtw,
    message,
    description: "BTW-nummer NL + 9 cijfers + B + 2 cijfers (optioneel; alleen 'NL' telt als leeg)",
    example: 'NL123456789B01',
  });

export const btwSchemaCustomer = btwSchema(BTW_MESSAGE_CUSTOMER);
export const btwSchemaCompany = btwSchema(BTW_MESSAGE_COMPANY);

/** Optional company VAT number: BTW normalisation, EU VAT shape. */
export const vatSchema = ruleSchema({
  normalise: normaliseBtw,
  isValid: isValidVat,
  message: VAT_MESSAGE,
  description:
    'BTW-nummer voor handel binnen de EU: landcode + 2 tot 12 letters/cijfers (optioneel; zonder landcode wordt NL aangenomen)',
  example: 'NL123456789B01',
});
