import type { PdfFont } from '../schemas/pdf-settings';

/**
 * The fonts of the document. Helvetica, Times and Courier are not shipped: the printer's Chromium uses
 * the metric-compatible Liberation fonts in their place (same widths, so the layout is the same as on
 * a machine that has the originals). The web fonts come from @fontsource; the server inlines the
 * chosen one into the printed HTML (src/server/services/pdf/fonts.ts), the client loads it for the
 * preview.
 */

const SANS = "Helvetica, 'Liberation Sans', Arial, sans-serif";
const SERIF = "'Times New Roman', Times, 'Liberation Serif', serif";
const MONO = "'Courier New', Courier, 'Liberation Mono', monospace";

/** A web font: its family name and the @fontsource package (and file prefix) that holds it. */
export type WebFont = { family: string; fontsource: 'roboto' | 'open-sans' | 'lato' | 'playfair-display' };

export const WEB_FONTS: Partial<Record<PdfFont, WebFont>> = {
  roboto: { family: 'Roboto', fontsource: 'roboto' },
  opensans: { family: 'Open Sans', fontsource: 'open-sans' },
  lato: { family: 'Lato', fontsource: 'lato' },
  playfair: { family: 'Playfair Display', fontsource: 'playfair-display' },
};

/** The CSS font-family per option: the font, then what stands in for it while it loads or when it cannot. */
export const FONT_STACKS: Record<PdfFont, string> = {
  default: SANS,
  helvetica: SANS,
  times: SERIF,
  courier: MONO,
  roboto: `'Roboto', ${SANS}`,
  opensans: `'Open Sans', ${SANS}`,
  lato: `'Lato', ${SANS}`,
  playfair: `'Playfair Display', ${SERIF}`,
};

/** The stack for an option, the default one for anything else (an old or hand-written value). */
export const fontStack = (font: string): string =>
  Object.hasOwn(FONT_STACKS, font) ? FONT_STACKS[font as PdfFont] : FONT_STACKS.default;

/**
 * Without the web font: the footer of each page is drawn by Chromium in a separate document that loads
 * no fonts, so it uses the nearest installed family.
 */
export const SYSTEM_FONT_STACKS: Record<PdfFont, string> = {
  ...FONT_STACKS,
  roboto: SANS,
  opensans: SANS,
  lato: SANS,
  playfair: SERIF,
};
