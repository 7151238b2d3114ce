// Apart from btw.ts (its zod rule): the dashboard's profile score needs only this function, and
// importing btw.ts brought zod into the dashboard's first load.

/**
 * Upper-cased; spaces, hyphens and dots removed (dots beyond the spec: 'NL0012.34.567.B01' is a common
 * way of writing it); a value starting with a digit gets the default prefix NL; a bare 'NL' is empty.
 * 'nl 123456789 b01' → 'NL123456789B01'; '123456789B01' → 'NL123456789B01'; 'NL' → ''.
 * Used for both btwNumber and vatNumber.
 */
export function normaliseBtw(raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s.-]/g, '');
  if (compact === 'NL') return '';
  if (/^[0-9]/.test(compact)) return `NL${compact}`;
  return compact;
}
