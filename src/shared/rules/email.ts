import { ruleSchema } from './rule-schema';

/**
 * One plain address, local@domain.tld, and nothing a mail library reads as more: no display name
 * (`x<evil@evil.example>`), comment (`a@example.nl(.victim.nl)`), list separator (`a@x.nl;b.nl`),
 * quotes, brackets or whitespace. The local part takes RFC 5322's atext and dots, the domain letters,
 * digits and hyphens (international letters too) in at least two dot-separated labels.
 */
export const EMAIL_PATTERN = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;
export const EMAIL_MAX_LENGTH = 254;

export interface EmailMessages {
  /** Message for an empty value; leave out for an optional e-mail field ('' is then valid). */
  required?: string;
  /** Message for a value that is not address-like (the spec's simple pattern, at most 254 characters). */
  invalid: string;
}

/** Trimmed and lower-cased: '  Jan@Voorbeeld.NL ' → 'jan@voorbeeld.nl'. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(normalised: string): boolean {
  return normalised.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(normalised);
}

/**
 * An e-mail field with the form's own wording (the spec words them per form), e.g.
 * `emailSchema({ required: 'E-mailadres is verplicht', invalid: 'Voer een geldig e-mailadres in' })`.
 * Outputs the normalised address.
 */
export function emailSchema({ required, invalid }: EmailMessages) {
  return ruleSchema({
    normalise: normaliseEmail,
    isValid: isValidEmail,
    message: invalid,
    required,
    maxRawLength: 1000,
    description: `E-mailadres (naam@domein.tld, max. ${EMAIL_MAX_LENGTH} tekens), opgeslagen in kleine letters`,
    example: 'jan@voorbeeld.nl',
  });
}
