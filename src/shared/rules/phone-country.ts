/**
 * A customer's phone number by their country. At home the spec's Dutch rule (phone.ts); elsewhere a
 * number is stored in international form (+32…): a national number with its trunk zero gets the
 * country's dialling code, and any country's number may be typed with + or 00.
 */
import { countryCodeOf, HOME_COUNTRY_CODE } from '../countries';
import { isValidPhone, normalisePhone, PHONE_MESSAGE, PHONE_MESSAGE_AFTER_LENGTH } from './phone';

/** Dialling codes of the customer form's countries (Italy keeps its leading 0 after the code). */
const DIAL_CODES: Record<string, string> = {
  BE: '32',
  DE: '49',
  FR: '33',
  LU: '352',
  AT: '43',
  GB: '44',
  ES: '34',
  IT: '39',
  BG: '359',
  CY: '357',
  DK: '45',
  EE: '372',
  FI: '358',
  GR: '30',
  HU: '36',
  IE: '353',
  HR: '385',
  LV: '371',
  LT: '370',
  MT: '356',
  NO: '47',
  PL: '48',
  PT: '351',
  RO: '40',
  SI: '386',
  SK: '421',
  CZ: '420',
  SE: '46',
  CH: '41',
};

const KEEPS_TRUNK_ZERO = new Set(['IT']);

/** E.164: + and 8 to 15 digits, not starting with 0. */
const INTERNATIONAL = /^\+[1-9][0-9]{7,14}$/;

const foreignMessage = (dial: string | undefined) =>
  dial
    ? `Voer een geldig telefoonnummer in, bijv. +${dial} gevolgd door het nummer`
    : 'Voer een geldig telefoonnummer in met landnummer, bijv. +32 3 123 45 67';

/** Stored form: '+31…' at home (spec), else '+<code>…'; '' stays ''. */
export function normalisePhoneFor(raw: string, country: string): string {
  const code = countryCodeOf(country);
  if (code === HOME_COUNTRY_CODE) return normalisePhone(raw);
  const cleaned = raw.replace(/[^0-9+]/g, '');
  if (cleaned === '') return '';
  if (cleaned.startsWith('+')) return `+${cleaned.slice(1).replace(/\+/g, '')}`;
  const digits = cleaned.replace(/\+/g, '');
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const dial = code ? DIAL_CODES[code] : undefined;
  if (!dial) return digits;
  const national = digits.startsWith('0') && !KEEPS_TRUNK_ZERO.has(code!) ? digits.slice(1) : digits;
  return `+${dial}${national}`;
}

/** '' when fine (or empty); else the message. `live`: quiet while 3 characters or fewer (spec §5). */
export function phoneErrorForCountry(raw: string, country: string, live = false): string {
  const value = normalisePhoneFor(raw, country);
  if (value === '' || (live && value.length <= PHONE_MESSAGE_AFTER_LENGTH)) return '';
  const code = countryCodeOf(country);
  if (code === HOME_COUNTRY_CODE) return isValidPhone(value) ? '' : PHONE_MESSAGE;
  // A Dutch number for a foreign customer is held to the Dutch rule.
  if (value.startsWith('+31')) return isValidPhone(value) ? '' : PHONE_MESSAGE;
  return INTERNATIONAL.test(value) ? '' : foreignMessage(code ? DIAL_CODES[code] : undefined);
}

/** The placeholder of the phone field for the country. */
export function phonePlaceholderFor(country: string): string {
  const code = countryCodeOf(country);
  if (code === HOME_COUNTRY_CODE) return '06 12345678';
  const dial = code ? DIAL_CODES[code] : undefined;
  return dial ? `+${dial} …` : '+32 3 123 45 67';
}
