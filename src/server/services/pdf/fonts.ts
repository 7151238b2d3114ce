import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WEB_FONTS } from '../../../shared/document/fonts';
import type { PdfFont } from '../../../shared/schemas/pdf-settings';

/**
 * @font-face rules for the document's web font, with the font files inlined as data: URLs: the
 * printer's pages may fetch nothing (ARCHITECTURE "PDFs"), so the font travels inside the HTML. Only
 * the chosen font is inlined, in the two weights the document uses and the Latin subsets (with their
 * unicode-range, so latin-ext is only embedded in the PDF when the text needs it). Helvetica, Times
 * and Courier need no rules: they are the installed Liberation fonts.
 */

const require = createRequire(import.meta.url);

const WEIGHTS = [400, 700] as const;
const SUBSETS = ['latin', 'latin-ext'] as const;

const cache = new Map<string, string>();

function buildFontFaceCss(font: PdfFont): string {
  const webFont = WEB_FONTS[font];
  if (!webFont) return '';
  const pkg = `@fontsource/${webFont.fontsource}`;
  const ranges = require(`${pkg}/unicode.json`) as Record<(typeof SUBSETS)[number], string>;
  const rules: string[] = [];
  for (const subset of SUBSETS) {
    for (const weight of WEIGHTS) {
      const file = require.resolve(`${pkg}/files/${webFont.fontsource}-${subset}-${weight}-normal.woff2`);
      const data = readFileSync(file).toString('base64');
      rules.push(
        `@font-face{font-family:'${webFont.family}';font-style:normal;font-weight:${weight};font-display:block;` +
          `src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${ranges[subset]}}`,
      );
    }
  }
  return rules.join('');
}

/** The @font-face CSS for a font option; '' for the installed ones. Read from disk once per font. */
export function fontFaceCss(font: PdfFont): string {
  let css = cache.get(font);
  if (css === undefined) {
    css = buildFontFaceCss(font);
    cache.set(font, css);
  }
  return css;
}
