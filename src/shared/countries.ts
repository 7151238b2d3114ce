/**
 * The countries a customer can be in, and what the rules need to know of each: its ISO code, whether
 * it is in the EU (intra-community supplies and reverse charge), and how the customer's country is
 * written. A customer's `country` is free text over REST; `countryCodeOf` reads it whether it holds
 * the Dutch name the form stores, an ISO code, or the English or native name an integrator may send.
 */
import { DEFAULT_COUNTRY } from './constants';

export type CountryInfo = {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** The Dutch name: what the form shows and what is stored. */
  name: string;
  eu: boolean;
  /** Other ways of writing it (English, native), matched case-insensitively. */
  aliases: readonly string[];
};

const country = (code: string, name: string, eu: boolean, ...aliases: string[]): CountryInfo => ({
  code,
  name,
  eu,
  aliases,
});

/** In the order of the customer form's select: the neighbours first, then the rest alphabetically. */
export const CUSTOMER_COUNTRY_LIST: readonly CountryInfo[] = [
  country('NL', 'Nederland', true, 'Netherlands', 'The Netherlands', 'Holland'),
  country('BE', 'België', true, 'Belgium', 'Belgique', 'Belgien', 'Belgie'),
  country('DE', 'Duitsland', true, 'Germany', 'Deutschland'),
  country('FR', 'Frankrijk', true, 'France'),
  country('LU', 'Luxemburg', true, 'Luxembourg', 'Lëtzebuerg'),
  country('AT', 'Oostenrijk', true, 'Austria', 'Österreich'),
  country('GB', 'Verenigd Koninkrijk', false, 'United Kingdom', 'UK', 'Great Britain', 'Engeland'),
  country('ES', 'Spanje', true, 'Spain', 'España'),
  country('IT', 'Italië', true, 'Italy', 'Italia', 'Italie'),
  country('BG', 'Bulgarije', true, 'Bulgaria'),
  country('CY', 'Cyprus', true),
  country('DK', 'Denemarken', true, 'Denmark', 'Danmark'),
  country('EE', 'Estland', true, 'Estonia', 'Eesti'),
  country('FI', 'Finland', true, 'Suomi'),
  country('GR', 'Griekenland', true, 'Greece', 'Hellas'),
  country('HU', 'Hongarije', true, 'Hungary', 'Magyarország'),
  country('IE', 'Ierland', true, 'Ireland', 'Éire'),
  country('HR', 'Kroatië', true, 'Croatia', 'Hrvatska'),
  country('LV', 'Letland', true, 'Latvia', 'Latvija'),
  country('LT', 'Litouwen', true, 'Lithuania', 'Lietuva'),
  country('MT', 'Malta', true),
  country('NO', 'Noorwegen', false, 'Norway', 'Norge'),
  country('PL', 'Polen', true, 'Poland', 'Polska'),
  country('PT', 'Portugal', true),
  country('RO', 'Roemenië', true, 'Romania', 'România'),
  country('SI', 'Slovenië', true, 'Slovenia', 'Slovenija'),
  country('SK', 'Slowakije', true, 'Slovakia', 'Slovensko'),
  country('CZ', 'Tsjechië', true, 'Czechia', 'Czech Republic', 'Česko'),
  country('SE', 'Zweden', true, 'Sweden', 'Sverige'),
  country('CH', 'Zwitserland', false, 'Switzerland', 'Schweiz', 'Suisse'),
];

/** The choice for a country not in the list (spec §3 country options). */
export const OTHER_COUNTRY = 'Andere';

/** The home country: its rules are the spec's Dutch ones. */
export const HOME_COUNTRY_CODE = 'NL';

const byKey = new Map<string, CountryInfo>();
for (const c of CUSTOMER_COUNTRY_LIST) {
  for (const key of [c.code, c.name, ...c.aliases]) byKey.set(key.toLocaleLowerCase('nl'), c);
}
// The VAT prefix of Greece.
byKey.set('el', byKey.get('gr')!);

/** The country a customer's `country` text names, or undefined ('Andere', unknown text). '' is the default, Nederland. */
export function countryOf(text: string): CountryInfo | undefined {
  const key = (text.trim() || DEFAULT_COUNTRY).toLocaleLowerCase('nl');
  return byKey.get(key);
}

/** 'België' → 'BE', 'be' → 'BE', 'Andere' → undefined. */
export function countryCodeOf(text: string): string | undefined {
  return countryOf(text)?.code;
}

/** A country text as stored: a known country by its Dutch name ('BE', 'Belgium' → 'België'), else as written. */
export function normaliseCountryName(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return DEFAULT_COUNTRY;
  return countryOf(trimmed)?.name ?? trimmed;
}

export function isEuCountryCode(code: string | undefined): boolean {
  return code !== undefined && (byKey.get(code.toLocaleLowerCase('nl'))?.eu ?? false);
}

/** The Dutch name of a code: 'BE' → 'België'. */
export function countryNameOf(code: string): string | undefined {
  return CUSTOMER_COUNTRY_LIST.find((c) => c.code === code)?.name;
}
