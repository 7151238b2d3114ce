import { isSEPACountry, isValidIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { ruleSchema } from './rule-schema';

/** Spec §5 IBAN: the format message… */
export const IBAN_MESSAGE = 'IBAN moet het formaat NL91ABNA0417164300 hebben';
/** …and, beyond the spec, the ISO 13616 mod-97 checksum message. */
export const IBAN_CHECKSUM_MESSAGE = 'IBAN-controlegetal klopt niet. Controleer het nummer.';

export const IBAN_LENGTH = 18;

/** Spaces removed, upper-cased: 'nl91 abna 0417 1643 00' → 'NL91ABNA0417164300'. Stored this way. */
export function normaliseIban(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}

/** Errors of the check digits, not of the shape. */
const CHECKSUM_ERRORS = new Set([
  ValidationErrorsIBAN.WrongIBANChecksum,
  ValidationErrorsIBAN.WrongAccountBankBranchChecksum,
]);

/**
 * The shape of an IBAN of a SEPA country, its check digits aside: a Dutch one as the spec has it
 * (NL + 2 digits + 4 letters + 10 digits), any other by its country's length and structure, so a
 * Belgian or German bank account is as good as a Dutch one.
 */
export function hasIbanFormat(normalised: string): boolean {
  if (normalised.startsWith('NL')) return /^NL[0-9]{2}[A-Z]{4}[0-9]{10}$/.test(normalised);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(normalised) || !isSEPACountry(normalised.slice(0, 2)))
    return false;
  return validateIBAN(normalised).errorCodes.every((code) => CHECKSUM_ERRORS.has(code));
}

/** The ISO 13616 mod-97 check (ibantools). */
export function hasValidIbanChecksum(normalised: string): boolean {
  return isValidIBAN(normalised);
}

/** '' when the normalised IBAN is fine (or empty), else the message that applies. */
export function ibanErrorFor(raw: string): string {
  const value = normaliseIban(raw);
  if (value === '') return '';
  if (!hasIbanFormat(value)) return IBAN_MESSAGE;
  if (!hasValidIbanChecksum(value)) return IBAN_CHECKSUM_MESSAGE;
  return '';
}

/** Display: groups of four, 'NL91ABNA0417164300' → 'NL91 ABNA 0417 1643 00'. */
export function formatIban(value: string): string {
  return normaliseIban(value)
    .replace(/(.{4})(?=.)/g, '$1 ')
    .trim();
}

/**
 * Optional SEPA IBAN ('' is valid); outputs it without spaces. Format first (spec message), then
 * checksum (its own message); never both.
 */
export const ibanSchema = ruleSchema({
  normalise: normaliseIban,
  isValid: hasIbanFormat,
  message: IBAN_MESSAGE,
  description: 'IBAN van een SEPA-land met geldig controlegetal (optioneel), opgeslagen zonder spaties',
  example: 'NL91ABNA0417164300',
}).refine((v) => v === '' || !hasIbanFormat(v) || hasValidIbanChecksum(v), {
  error: IBAN_CHECKSUM_MESSAGE,
});
