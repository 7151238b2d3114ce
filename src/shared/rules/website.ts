import { ruleSchema } from './rule-schema';

/** Spec §5 Website (optional). */
export const WEBSITE_MESSAGE = 'Ongeldige website URL';
export const WEBSITE_MAX_LENGTH = 500;

/**
 * Trimmed; https:// prepended when there is no http:// or https:// (spec); the scheme and host
 * lower-cased (path, query and fragment kept as typed). '' stays ''.
 * 'Voorbeeld.nl/Pad' → 'https://voorbeeld.nl/Pad'; 'HTTP://X.NL' → 'http://x.nl'.
 */
export function normaliseWebsite(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  const scheme = /^(https?):\/\//i.exec(trimmed);
  const protocol = scheme ? scheme[1]!.toLowerCase() : 'https';
  const rest = scheme ? trimmed.slice(scheme[0].length) : trimmed;
  const hostEnd = rest.search(/[/?#]/);
  const host = hostEnd === -1 ? rest : rest.slice(0, hostEnd);
  return `${protocol}://${host.toLowerCase()}${rest.slice(host.length)}`;
}

/** Labels of letters, digits and inner hyphens, dot-separated, ending in an alphabetic (or punycode) TLD. */
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * "Looks like a domain": http(s), a host such as voorbeeld.nl or sub.voorbeeld.co.uk (no IP address,
 * no localhost, no user:password@), an optional port, then optionally a path/query/fragment without
 * spaces. International domain names are accepted (checked in their punycode form).
 */
export function isValidWebsite(normalised: string): boolean {
  if (!/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/.test(normalised)) return false;
  let url: URL;
  try {
    url = new URL(normalised);
  } catch {
    return false;
  }
  return DOMAIN.test(url.hostname);
}

/** Optional website ('' is valid); outputs the normalised URL. */
export const websiteSchema = ruleSchema({
  normalise: normaliseWebsite,
  isValid: isValidWebsite,
  message: WEBSITE_MESSAGE,
  maxRawLength: WEBSITE_MAX_LENGTH,
  description: 'Website (optioneel); zonder schema wordt https:// ervoor gezet',
  example: 'https://voorbeeld.nl',
});
