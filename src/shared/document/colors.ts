import { DEFAULT_PDF_SETTINGS, isHexColor } from '../schemas/pdf-settings';

/** Text on a light surface, and on a dark one. */
export const INK = '#111827';
export const PAPER = '#FFFFFF';

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two '#RRGGBB' colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or ink, whichever reads better on `background` (a user may choose a light primary colour). */
export const textOn = (background: string): string =>
  contrast(background, PAPER) >= contrast(background, INK) ? PAPER : INK;

export type DocumentColors = {
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  /** The primary colour where it is text on white paper; ink when the primary is too pale for that. */
  accentText: string;
};

/**
 * The colours of a document. Settings are validated when saved; a value that is not '#RRGGBB' anyway
 * (an old row) falls back to the default, so nothing but a colour code ever reaches the CSS.
 */
export function documentColors(settings: { primaryColor: string; secondaryColor: string }): DocumentColors {
  const primary = isHexColor(settings.primaryColor)
    ? settings.primaryColor
    : DEFAULT_PDF_SETTINGS.primaryColor;
  const secondary = isHexColor(settings.secondaryColor)
    ? settings.secondaryColor
    : DEFAULT_PDF_SETTINGS.secondaryColor;
  return {
    primary,
    onPrimary: textOn(primary),
    secondary,
    onSecondary: textOn(secondary),
    accentText: contrast(primary, PAPER) >= 3 ? primary : INK,
  };
}
