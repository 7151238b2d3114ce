import { describe, expect, it } from 'vitest';
import { DEFAULT_PDF_SETTINGS, pdfSettingsMessages } from '../../../shared/schemas/pdf-settings';
import { afterBlur, afterChange, initialFormState } from '../../lib/form-state';
import {
  checkPdfSettings,
  hexFromPicker,
  normalisedHex,
  type PdfSettingsField,
  type PdfSettingsValues,
  pdfSettingsFormRules,
  pickerValue,
  previewSettings,
} from './pdf-settings-form';

describe('the colour fields', () => {
  it('read a typed colour as the server stores it', () => {
    expect(normalisedHex(' #1e40af ')).toBe('#1E40AF');
    expect(normalisedHex('#1E40A')).toBeNull();
    expect(normalisedHex('1E40AF')).toBeNull();
    expect(normalisedHex('#GGGGGG')).toBeNull();
  });

  it('give the picker the typed colour in lower case, or the fallback while the text is no colour', () => {
    expect(pickerValue('#ABCDEF', '#000000')).toBe('#abcdef');
    expect(pickerValue('#ABC', '#1E40AF')).toBe('#1e40af');
    expect(pickerValue('nonsense', 'also nonsense')).toBe('#000000');
  });

  it('write the picked colour in upper case into the text field', () => {
    expect(hexFromPicker('#a1b2c3')).toBe('#A1B2C3');
  });
});

describe('the preview settings', () => {
  it('follow the typed values and keep the last good colour for one being typed', () => {
    const lastGood = { ...DEFAULT_PDF_SETTINGS, primaryColor: '#112233' };
    const shown = previewSettings(
      { ...DEFAULT_PDF_SETTINGS, primaryColor: '#12', secondaryColor: '#abcdef', template: 'modern' },
      lastGood,
    );
    expect(shown.primaryColor).toBe('#112233');
    expect(shown.secondaryColor).toBe('#ABCDEF');
    expect(shown.template).toBe('modern');
  });
});

describe('checkPdfSettings', () => {
  it('passes the settings on as the API takes them', () => {
    const result = checkPdfSettings({
      ...DEFAULT_PDF_SETTINGS,
      primaryColor: '#abcdef',
      footerNotes: '  Dank!  ',
    });
    expect(result).toEqual({
      ok: true,
      data: { ...DEFAULT_PDF_SETTINGS, primaryColor: '#ABCDEF', footerNotes: 'Dank!' },
    });
  });

  it("gives the schema's Dutch message per wrong field", () => {
    const result = checkPdfSettings({
      ...DEFAULT_PDF_SETTINGS,
      primaryColor: '#12345',
      secondaryColor: 'grijs',
      footerNotes: 'x'.repeat(1001),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        primaryColor: pdfSettingsMessages.primaryColor,
        secondaryColor: pdfSettingsMessages.secondaryColor,
        footerNotes: pdfSettingsMessages.footerNotesMax,
      },
    });
  });

  it('checks a colour when it is left, and again while it shows a message', () => {
    const start = initialFormState<PdfSettingsValues, PdfSettingsField>({
      ...DEFAULT_PDF_SETTINGS,
      primaryColor: '#12',
    });
    const left = afterBlur(start, pdfSettingsFormRules, 'primaryColor');
    expect(left.errors).toEqual({ primaryColor: pdfSettingsMessages.primaryColor });
    const typed = (state: typeof start, value: string) =>
      afterChange(state, pdfSettingsFormRules, { ...state.values, primaryColor: value }, ['primaryColor'])
        .errors;
    expect(typed(left, '#123')).toEqual({ primaryColor: pdfSettingsMessages.primaryColor });
    expect(typed(left, '#123456')).toEqual({});
    expect(typed(start, '#1')).toEqual({});
  });
});
