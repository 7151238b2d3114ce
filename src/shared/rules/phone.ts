import { ruleSchema } from './rule-schema';

/** Spec §5 Phone (Dutch, optional). */
export const PHONE_MESSAGE = 'Voer een geldig Nederlands telefoonnummer in';

/** The UI shows the message only once the normalised value is longer than this. */
export const PHONE_MESSAGE_AFTER_LENGTH = 3;

/**
 * Spec: non-digit characters other than + removed; a leading 0 becomes +31; no prefix gets +31 (or +
 * when it starts with 31). Also (beyond the spec): a + anywhere but first is dropped, and the
 * international dialling prefix 00 becomes + ('0031 6 …' → '+316…'), so the result is '' or starts
 * with '+', which makes the function idempotent; and the written-out trunk zero after +31 is dropped
 * ('+31 (0)20 …' → '+3120…': no Dutch number continues with 0 after the country code).
 *
 * '06-12345678' → '+31612345678'; '020 123 4567' → '+31201234567'; '31612345678' → '+31612345678'.
 */
export function normalisePhone(raw: string): string {
  return withPrefix(raw.replace(/[^0-9+]/g, '')).replace(/^\+310+/, '+31');
}

function withPrefix(cleaned: string): string {
  if (cleaned === '') return '';
  if (cleaned.startsWith('+')) return `+${cleaned.slice(1).replace(/\+/g, '')}`;
  const digits = cleaned.replace(/\+/g, '');
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+31${digits.slice(1)}`;
  if (digits.startsWith('31')) return `+${digits}`;
  return `+31${digits}`;
}

/** Spec: valid if it starts +316 with 12 characters, or starts +31 with 10 to 12 characters. */
export function isValidPhone(normalised: string): boolean {
  return /^\+316[0-9]{8}$/.test(normalised) || /^\+31[0-9]{7,9}$/.test(normalised);
}

/**
 * What the field shows while typing: the message once the normalised value is longer than 3
 * characters and invalid, else ''. (The spec also clears it on focus: that part is the UI's.)
 */
export function phoneErrorFor(raw: string): string {
  const value = normalisePhone(raw);
  if (value.length <= PHONE_MESSAGE_AFTER_LENGTH || isValidPhone(value)) return '';
  return PHONE_MESSAGE;
}

/**
 * Optional phone: '' is valid; anything else must be a valid Dutch number once normalised (a bare
 * prefix such as '0' → '+31' is refused on submit even though the live message waits for 4 characters).
 * Outputs the normalised form, e.g. '+31612345678'.
 */
export const phoneSchema = ruleSchema({
  normalise: normalisePhone,
  isValid: isValidPhone,
  message: PHONE_MESSAGE,
  description: 'Nederlands telefoonnummer (optioneel), opgeslagen als +31…',
  example: '+31612345678',
});

/** Dutch area codes of two digits (the rest of the geographic ones have three), and 2-digit service ranges. */
const TWO_DIGIT_AREAS = new Set([
  '10',
  '13',
  '15',
  '20',
  '23',
  '24',
  '26',
  '30',
  '33',
  '35',
  '36',
  '38',
  '40',
  '43',
  '45',
  '46',
  '50',
  '53',
  '55',
  '58',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '76',
  '77',
  '78',
  '79',
  '84',
  '85',
  '88',
  '91',
]);

/**
 * The one way a phone number is shown (settings, customer form and cards, PDF, mail footer): the
 * stored E.164 value grouped as a Dutch reader expects it, '+31612345678' → '+31 6 12345678',
 * '+31201234567' → '+31 20 1234567', '+31575123456' → '+31 575 123456'. Storage stays E.164, and the
 * grouped form normalises back to it. Anything that is not a +31 number is shown as stored.
 */
export function formatPhone(stored: string): string {
  const mobile = /^\+316([0-9]{8})$/.exec(stored);
  if (mobile) return `+31 6 ${mobile[1]}`;
  const national = /^\+31([1-9][0-9]{6,8})$/.exec(stored)?.[1];
  if (!national) return stored;
  const area = TWO_DIGIT_AREAS.has(national.slice(0, 2)) ? national.slice(0, 2) : national.slice(0, 3);
  return `+31 ${area} ${national.slice(area.length)}`;
}
