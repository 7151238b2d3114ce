import { ruleSchema } from './rule-schema';

/** Spec §5 Postcode. */
export const POSTCODE_MESSAGE = 'Ongeldige postcode';
export const POSTCODE_MAX_LENGTH = 7;

const COMPACT = /^[1-9][0-9]{3}[A-Z]{2}$/;

/**
 * Spaces removed and upper-cased (spec), then — when it has the postcode's shape — written the Dutch
 * way with one space: '1234ab' → '1234 AB'. This '1234 AB' form is what we store and show, so the
 * stored value, the mask's output and the display agree. A value without the shape is returned
 * compact and upper-cased (and refused by the validator).
 */
export function normalisePostcode(raw: string): string {
  const compact = raw.replace(/\s/g, '').toUpperCase();
  return COMPACT.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : compact;
}

/** The normalised form: four digits (first not 0), a space, two letters. */
export function isValidPostcode(normalised: string): boolean {
  return /^[1-9][0-9]{3} [A-Z]{2}$/.test(normalised);
}

/** Display: '1234ab' or '1234 AB' → '1234 AB'; anything else as given. */
export function formatPostcode(value: string): string {
  const normalised = normalisePostcode(value);
  return isValidPostcode(normalised) ? normalised : value;
}

/** For comparing and searching: '1234 AB' → '1234AB'. */
export function compactPostcode(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

/**
 * Input mask while typing: upper-cased, at most 7 characters; once four digits and two more
 * characters are typed (6 without spaces) a space is put after the digits: '1234AB' → '1234 AB'.
 */
export function maskPostcode(raw: string): string {
  const upper = raw.toUpperCase();
  const compact = upper.replace(/\s/g, '');
  if (/^[0-9]{4}/.test(compact) && compact.length >= 6)
    return `${compact.slice(0, 4)} ${compact.slice(4, 6)}`;
  return upper.slice(0, POSTCODE_MAX_LENGTH);
}

/** Optional postcode ('' is valid); outputs '1234 AB'. */
const postcodeRule = {
  normalise: normalisePostcode,
  isValid: isValidPostcode,
  message: POSTCODE_MESSAGE,
  description: "Nederlandse postcode, opgeslagen als '1234 AB'",
  example: '1234 AB',
};

export const postcodeSchema = ruleSchema(postcodeRule);

/** Required postcode: `requiredMessage` when empty, else the postcode rule. */
export const requiredPostcodeSchema = (requiredMessage: string) =>
  ruleSchema({ ...postcodeRule, required: requiredMessage });
