import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PDF_SETTINGS,
  FOOTER_NOTES_MAX,
  isHexColor,
  pdfSettingsMessages as m,
  normaliseFooterNotes,
  PDF_FONT_LABELS,
  PDF_FONTS,
  PDF_TEMPLATE_LABELS,
  pdfSettingsFormSchema,
  pdfSettingsInput,
} from './pdf-settings';

const parse = (v: unknown) => {
  const r = pdfSettingsInput.safeParse(v);
  return r.success ? r.data : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('pdfSettingsInput', () => {
  it('accepts the six fields and any subset of them', () => {
    expect(parse(DEFAULT_PDF_SETTINGS)).toEqual(DEFAULT_PDF_SETTINGS);
    expect(parse({})).toEqual({});
    expect(parse({ template: 'modern', fontFamily: 'playfair' })).toEqual({
      template: 'modern',
      fontFamily: 'playfair',
    });
  });

  it('stores colours as upper-case #RRGGBB and refuses anything else', () => {
    expect(parse({ primaryColor: ' #1e40af ' })).toEqual({ primaryColor: '#1E40AF' });
    for (const bad of ['#ZZZ', '#FFF', '1E40AF', '#1E40AG', '#1E40AF00', 'red', 'rgb(0,0,0)', '', 12, null]) {
      expect(parse({ primaryColor: bad })).toEqual({ primaryColor: m.primaryColor });
      expect(parse({ secondaryColor: bad })).toEqual({ secondaryColor: m.secondaryColor });
    }
    expect(parse({ primaryColor: `#000000;}</style><script>` })).toEqual({ primaryColor: m.primaryColor });
  });

  it('takes the template and the font only from their lists', () => {
    expect(parse({ template: 'fancy' })).toEqual({ template: m.template });
    expect(parse({ template: 'Classic' })).toEqual({ template: m.template });
    expect(parse({ fontFamily: 'comic-sans' })).toEqual({ fontFamily: m.fontFamily });
    expect(parse({ showBankAccount: 'ja' })).toEqual({ showBankAccount: m.showBankAccount });
    for (const font of PDF_FONTS) expect(parse({ fontFamily: font })).toEqual({ fontFamily: font });
  });

  it('keeps footer notes as plain text with their line breaks, up to 1 000 characters', () => {
    expect(parse({ footerNotes: '  Levering franco.\r\nBetaling binnen 14 dagen.\r\n\n' })).toEqual({
      footerNotes: 'Levering franco.\nBetaling binnen 14 dagen.',
    });
    expect(parse({ footerNotes: '<b>vet</b>' })).toEqual({ footerNotes: '<b>vet</b>' });
    expect(parse({ footerNotes: 'a'.repeat(FOOTER_NOTES_MAX) })).toEqual({
      footerNotes: 'a'.repeat(FOOTER_NOTES_MAX),
    });
    expect(parse({ footerNotes: 'a'.repeat(FOOTER_NOTES_MAX + 1) })).toEqual({
      footerNotes: m.footerNotesMax,
    });
    expect(parse({ footerNotes: 5 })).toEqual({ footerNotes: m.footerNotes });
  });

  it('reports every bad field at once', () => {
    expect(parse({ primaryColor: 'blauw', template: 'x', footerNotes: 'a'.repeat(1001) })).toEqual({
      primaryColor: m.primaryColor,
      template: m.template,
      footerNotes: m.footerNotesMax,
    });
  });
});

describe('pdfSettingsFormSchema', () => {
  it('needs all six fields', () => {
    expect(pdfSettingsFormSchema.safeParse(DEFAULT_PDF_SETTINGS).success).toBe(true);
    const { footerNotes: _, ...withoutNotes } = DEFAULT_PDF_SETTINGS;
    expect(pdfSettingsFormSchema.safeParse(withoutNotes).success).toBe(false);
  });
});

describe('helpers and labels', () => {
  it('normaliseFooterNotes drops control characters but keeps tabs and newlines', () => {
    expect(normaliseFooterNotes('a\u0000b\u0007c\td\ne\u007f')).toBe('abc\td\ne');
  });

  it('isHexColor accepts only the stored form', () => {
    expect(isHexColor('#1E40AF')).toBe(true);
    expect(isHexColor('#1e40af')).toBe(false);
    expect(isHexColor(undefined)).toBe(false);
  });

  it('has the spec’s labels and defaults', () => {
    expect(Object.values(PDF_TEMPLATE_LABELS)).toEqual(['Klassiek', 'Modern', 'Minimaal']);
    expect(Object.keys(PDF_FONT_LABELS)).toEqual([...PDF_FONTS]);
    expect(DEFAULT_PDF_SETTINGS).toEqual({
      primaryColor: '#1E40AF',
      secondaryColor: '#F3F4F6',
      template: 'classic',
      showBankAccount: true,
      footerNotes: '',
      fontFamily: 'default',
    });
    expect(m.saved).toBe(
      'PDF instellingen opgeslagen! Deze zullen worden toegepast op nieuwe PDF documenten.',
    );
  });
});
