import { describe, expect, it } from 'vitest';
import { WEB_FONTS } from '../../../shared/document/fonts';
import type { PdfFont } from '../../../shared/schemas/pdf-settings';
import { fontFaceCss } from './fonts';

const faces = (css: string) => css.match(/@font-face\{[^}]*\}/g) ?? [];

describe('fontFaceCss', () => {
  it.each(Object.entries(WEB_FONTS))('inlines %s: weights 400 and 700, latin and latin-ext', (font, web) => {
    const css = fontFaceCss(font as PdfFont);
    const rules = faces(css);
    expect(rules).toHaveLength(4);
    for (const rule of rules) {
      expect(rule).toContain(`font-family:'${web!.family}'`);
      expect(rule).toMatch(/src:url\(data:font\/woff2;base64,[A-Za-z0-9+/]+=*\) format\('woff2'\)/);
      expect(rule).toContain('unicode-range:U+');
    }
    expect(rules.map((r) => /font-weight:(\d+)/.exec(r)?.[1])).toEqual(['400', '700', '400', '700']);
    // Nothing in it points outside the document.
    expect(css).not.toMatch(/url\((?!data:)/);
  });

  it('is empty for the installed fonts', () => {
    for (const font of ['default', 'helvetica', 'times', 'courier'] as const)
      expect(fontFaceCss(font)).toBe('');
  });

  it('reads the files once', () => {
    expect(fontFaceCss('lato')).toBe(fontFaceCss('lato'));
  });
});
