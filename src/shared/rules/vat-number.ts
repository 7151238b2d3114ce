/**
 * A customer's VAT number (BTW-nummer) by country: each EU country's format and check digits, as
 * jsvat knows them, plus the United Kingdom, Switzerland and Norway. The same code runs in the form
 * and on the server (jsvat is plain ES modules without dependencies, so the client bundles it too).
 *
 * The number's own country prefix decides its rule, so a Dutch customer's Belgian VAT number is
 * checked as a Belgian one. A number typed without a prefix gets the customer's country's prefix —
 * never NL for a foreign customer. For a country without a known format ('Andere') the check is
 * permissive: letters and digits only. A Dutch number is held to the spec's format alone, without
 * check digits: the spec's own example NL123456789B01 has none that hold, and clients that follow
 * it must keep working (docs/decisions/vat-numbers.md).
 */
import { checkVAT, countries, type Country as JsvatCountry } from 'jsvat';
import { countryCodeOf, countryNameOf, HOME_COUNTRY_CODE } from '../countries';
import { BTW_MAX_LENGTH, BTW_MESSAGE_CUSTOMER } from './btw';

/** The EU's countries and the United Kingdom, Switzerland and Norway: not jsvat's others (Andorra, Brazil, Russia, Serbia). */
const SUPPORTED = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL NO PL PT RO SK SI ES SE CH GB'.split(' '),
);
const JSVAT_COUNTRIES: readonly JsvatCountry[] = countries.filter((c) => SUPPORTED.has(c.codes[0]!));

export const VAT_CHECKSUM_MESSAGE = 'Het controlegetal van dit BTW-nummer klopt niet. Controleer het nummer.';
const FALLBACK_MESSAGE = 'BTW nummer mag alleen letters en cijfers bevatten (4 tot 20 tekens)';
/** The longest VAT number of a supported country ('SE' + 12 digits is 14; 'CHE…MWST' and 'NO…MVA' more). */
export const VAT_MAX_LENGTH = 20;

/** How a country's VAT number is written: for the hint, the placeholder and the format message. */
const FORMATS: Record<string, { description: string; example: string }> = {
  NL: { description: 'NL + 9 cijfers + B + 2 cijfers', example: 'NL123456789B01' },
  BE: { description: 'BE + 10 cijfers', example: 'BE0123456749' },
  DE: { description: 'DE + 9 cijfers', example: 'DE136695976' },
  FR: { description: 'FR + 2 tekens + 9 cijfers', example: 'FR40303265045' },
  LU: { description: 'LU + 8 cijfers', example: 'LU15027442' },
  AT: { description: 'ATU + 8 cijfers', example: 'ATU13585627' },
  ES: { description: 'ES + 9 tekens', example: 'ESA28015865' },
  IT: { description: 'IT + 11 cijfers', example: 'IT00743110157' },
  GB: { description: 'GB + 9 cijfers', example: 'GB980780684' },
  DK: { description: 'DK + 8 cijfers', example: 'DK13585628' },
  PL: { description: 'PL + 10 cijfers', example: 'PL5260250995' },
  IE: { description: 'IE + 8 of 9 tekens', example: 'IE6388047V' },
  SE: { description: 'SE + 12 cijfers', example: 'SE556188840401' },
  GR: { description: 'EL + 9 cijfers', example: 'EL094259216' },
  CH: { description: 'CHE + 9 cijfers', example: 'CHE116281710' },
  NO: { description: 'NO + 9 cijfers + MVA', example: 'NO974760673MVA' },
};

/** The prefix a country's VAT numbers start with: the ISO code, but EL for Greece and CHE for Switzerland. */
export function vatPrefixOf(code: string): string {
  if (code === 'GR') return 'EL';
  if (code === 'CH') return 'CHE';
  return code;
}

/** Whether jsvat knows the country's format (all EU countries, GB, CH, NO). */
const hasKnownFormat = (code: string | undefined): code is string =>
  code !== undefined && JSVAT_COUNTRIES.some((c) => c.codes[0] === code);

const compactOf = (raw: string) => raw.toUpperCase().replace(/[\s.\-/]/g, '');

/** Digits (or Austria's 'U' and digits) without a country prefix: the prefix is to be added. */
const lacksPrefix = (compact: string, code: string) =>
  /^[0-9]/.test(compact) || (code === 'AT' && /^U[0-9]/.test(compact));

/**
 * Upper-cased; spaces, dots, hyphens and slashes removed; a number without a prefix gets the prefix of
 * the customer's country (none when the country is unknown); the bare prefix alone counts as empty.
 * 'be 0123.456.749' for België → 'BE0123456749'; '123456789B01' for Nederland → 'NL123456789B01'.
 */
export function normaliseVatNumber(raw: string, country: string): string {
  const compact = compactOf(raw);
  const code = countryCodeOf(country);
  if (!hasKnownFormat(code)) return compact;
  const prefix = vatPrefixOf(code);
  if (compact === prefix) return '';
  return lacksPrefix(compact, code) ? `${prefix}${compact}` : compact;
}

function formatMessage(code: string): string {
  const format = FORMATS[code];
  if (format)
    return code === HOME_COUNTRY_CODE
      ? BTW_MESSAGE_CUSTOMER
      : `BTW nummer moet het formaat ${format.example} hebben`;
  return `BTW nummer klopt niet voor ${countryNameOf(code) ?? code}: het begint met ${vatPrefixOf(code)} gevolgd door cijfers`;
}

/**
 * '' when the VAT number is fine for a customer in the country (or empty), else the message. A number
 * with a known prefix is checked by its own country's format and check digits; one without is held to
 * the customer's country's format.
 */
export function vatNumberErrorFor(raw: string, country: string): string {
  const value = normaliseVatNumber(raw, country);
  if (value === '') return '';
  if (value.length > VAT_MAX_LENGTH) return FALLBACK_MESSAGE;
  const result = checkVAT(value, JSVAT_COUNTRIES);
  const numberCode = result.country?.isoCode.short;
  if (numberCode) {
    if (!result.isValidFormat) return formatMessage(numberCode);
    if (numberCode === HOME_COUNTRY_CODE) return '';
    return result.isValid ? '' : VAT_CHECKSUM_MESSAGE;
  }
  const code = countryCodeOf(country);
  if (hasKnownFormat(code)) return formatMessage(code);
  return /^[A-Z0-9]{4,20}$/.test(value) ? '' : FALLBACK_MESSAGE;
}

/** The EU country whose VAT number this is ('BE0123456749' → 'BE'), by its prefix; undefined otherwise. */
export function vatNumberCountryCode(value: string): string | undefined {
  return checkVAT(compactOf(value), JSVAT_COUNTRIES).country?.isoCode.short;
}

/** The form's placeholder and hint for the country's VAT number. */
export function vatNumberHintFor(country: string): { placeholder: string; hint: string } {
  const code = countryCodeOf(country);
  const format = code ? FORMATS[code] : undefined;
  if (!format) return { placeholder: '', hint: 'Met landcode, bijv. BE0123456749' };
  return { placeholder: format.example, hint: `Formaat: ${format.description}, bijv. ${format.example}` };
}

/**
 * While typing: upper-cased, spaces/dots/hyphens removed, the country's prefix put before digits (a
 * prefix being typed, or any other country's prefix, is left alone); at most 14 characters at home
 * (spec §5), 20 elsewhere.
 */
export function maskVatNumber(raw: string, country: string): string {
  const compact = compactOf(raw);
  const code = countryCodeOf(country);
  const max = code === HOME_COUNTRY_CODE ? BTW_MAX_LENGTH : VAT_MAX_LENGTH;
  if (!hasKnownFormat(code)) return compact.slice(0, max);
  return (lacksPrefix(compact, code) ? `${vatPrefixOf(code)}${compact}` : compact).slice(0, max);
}
