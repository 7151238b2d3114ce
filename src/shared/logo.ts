/**
 * The company logo's rules, checked by the settings screen before an upload and by the server on
 * every upload: which files are taken, how large, and what is said when one is not.
 */

/** The file types an upload may be; SVG is none of them (it can carry script and external links). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const isLogoContentType = (type: string): type is LogoContentType =>
  (LOGO_CONTENT_TYPES as readonly string[]).includes(type);

/** The largest upload: 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** The box a stored logo fits in (aspect kept): sharp on a letterhead, light in an e-mail. */
export const LOGO_MAX_WIDTH = 800;
export const LOGO_MAX_HEIGHT = 400;

/** What the file picker offers. */
export const LOGO_ACCEPT = LOGO_CONTENT_TYPES.join(',');

/** The REST address of the logo (under /api). */
export const LOGO_PATH = '/auth/logo';

export const logoMessages = {
  wrongType: 'Dit bestandstype wordt niet ondersteund. Kies een logo als PNG, JPEG of WebP (SVG kan niet).',
  tooLarge: 'Het logo is groter dan 1 MB. Kies een kleiner bestand of verklein het logo eerst.',
  empty: 'Er is geen bestand ontvangen. Kies een logo als PNG, JPEG of WebP.',
  unreadable:
    'Het bestand kon niet als afbeelding worden gelezen. Sla het logo opnieuw op als PNG, JPEG of WebP en probeer het nog eens.',
  tooManyPixels:
    'Het logo heeft te veel pixels (meer dan 6000 × 6000). Verklein het logo en probeer het opnieuw.',
  notFound: 'Er is nog geen logo ingesteld. Upload een logo in Bedrijfsinstellingen.',
  uploadFailed: 'Het logo kon niet worden opgeslagen. Controleer uw verbinding en probeer het opnieuw.',
  saved: 'Logo opgeslagen',
  removed: 'Logo verwijderd',
} as const;
