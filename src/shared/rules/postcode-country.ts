/**
 * A postcode by the customer's country. The Netherlands keeps the spec's rule and message
 * (postcode.ts); a few neighbours have their own format; any other country gets a permissive check
 * (letters, digits, spaces and hyphens), because a wrong refusal stops an order while a typo in a
 * foreign postcode costs little.
 */
import { countryCodeOf, countryNameOf, HOME_COUNTRY_CODE } from '../countries';
import { isValidPostcode, maskPostcode, normalisePostcode, POSTCODE_MESSAGE } from './postcode';

type PostcodeFormat = {
  /** Tested on the compact form: upper-cased, without spaces, without the country letter prefix. */
  pattern: RegExp;
  /** How it is written and stored, from the compact form. */
  write?: (compact: string) => string;
  /** The letter(s) written before it the old way ('D-10115', 'L-1234'), removed before the test. */
  prefix?: string;
  /** For the hint and the message. */
  description: string;
  example: string;
};

const FORMATS: Record<string, PostcodeFormat> = {
  BE: { pattern: /^[1-9]\d{3}$/, prefix: 'B', description: '4 cijfers', example: '2000' },
  DE: { pattern: /^\d{5}$/, prefix: 'D', description: '5 cijfers', example: '10115' },
  FR: { pattern: /^\d{5}$/, prefix: 'F', description: '5 cijfers', example: '75001' },
  LU: {
    pattern: /^\d{4}$/,
    prefix: 'L',
    write: (compact) => `L-${compact}`,
    description: '4 cijfers, met of zonder L-',
    example: 'L-1234',
  },
  AT: { pattern: /^[1-9]\d{3}$/, prefix: 'A', description: '4 cijfers', example: '1010' },
  ES: {
    pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
    prefix: 'E',
    description: '5 cijfers',
    example: '28001',
  },
  IT: { pattern: /^\d{5}$/, prefix: 'I', description: '5 cijfers', example: '00184' },
  GB: {
    pattern: /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/,
    write: (compact) => `${compact.slice(0, -3)} ${compact.slice(-3)}`,
    description: 'letters en cijfers met een spatie voor de laatste 3',
    example: 'SW1A 1AA',
  },
};

/** Any other country: 2 to 10 letters, digits, spaces or hyphens, starting and ending with a letter or digit. */
const FALLBACK = /^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])$/;
const FALLBACK_MESSAGE =
  'Ongeldige postcode: gebruik alleen letters, cijfers, spaties en streepjes (2 tot 10 tekens)';

const NL_HINT = { placeholder: '1234 AB', hint: 'Formaat: 4 cijfers + 2 letters, bijv. 1234 AB' };

const upper = (raw: string) => raw.trim().toUpperCase().replace(/\s+/g, ' ');

function compactFor(format: PostcodeFormat, raw: string): string {
  const compact = upper(raw).replace(/\s/g, '');
  const prefixed = format.prefix ? new RegExp(`^${format.prefix}-?(?=\\d)`) : undefined;
  return prefixed ? compact.replace(prefixed, '') : compact;
}

/** The stored form for the country: NL '1234ab' → '1234 AB', LU '1234' → 'L-1234', DE 'D-10115' → '10115'. */
export function normalisePostcodeFor(raw: string, country: string): string {
  const code = countryCodeOf(country);
  if (code === HOME_COUNTRY_CODE) return normalisePostcode(raw);
  const format = code ? FORMATS[code] : undefined;
  if (!format) return upper(raw);
  const compact = compactFor(format, raw);
  if (!format.pattern.test(compact)) return upper(raw);
  return format.write ? format.write(compact) : compact;
}

/** '' when the postcode (normalised or not) is fine for the country or empty, else the message. */
export function postcodeErrorFor(raw: string, country: string): string {
  const value = normalisePostcodeFor(raw, country);
  if (value === '') return '';
  const code = countryCodeOf(country);
  if (code === HOME_COUNTRY_CODE) return isValidPostcode(value) ? '' : POSTCODE_MESSAGE;
  const format = code ? FORMATS[code] : undefined;
  if (!format) return FALLBACK.test(value) ? '' : FALLBACK_MESSAGE;
  if (format.pattern.test(compactFor(format, value))) return '';
  return `Ongeldige postcode voor ${countryNameOf(code!)}: ${format.description}, bijv. ${format.example}`;
}

/** The form's placeholder and hint for the country's postcode. */
export function postcodeHintFor(country: string): { placeholder: string; hint: string } {
  const code = countryCodeOf(country);
  if (code === HOME_COUNTRY_CODE) return NL_HINT;
  const format = code ? FORMATS[code] : undefined;
  if (!format) return { placeholder: '', hint: '' };
  return { placeholder: format.example, hint: `Formaat: ${format.description}, bijv. ${format.example}` };
}

/** While typing: the spec's Dutch mask at home; elsewhere upper-cased, at most 10 characters. */
export function maskPostcodeFor(raw: string, country: string): string {
  if (countryCodeOf(country) === HOME_COUNTRY_CODE) return maskPostcode(raw);
  return raw.toUpperCase().slice(0, 10);
}
