/**
 * The PDF document panel's pure rules (spec §3 PDF settings, §8 PDF settings): the values as typed,
 * the colour fields' text ↔ picker sync, the check with the API's own schema, and the settings the
 * live preview shows while a field holds something invalid.
 */
import {
  isHexColor,
  type PdfSettings,
  type PdfSettingsInputData,
  pdfSettingsFormSchema,
} from '../../../shared/schemas/pdf-settings';
import { type FormCheck, type FormRules, schemaCheck } from '../../lib/form-state';

/** The form holds exactly the settings; the colours as typed in their hex fields. */
export type PdfSettingsValues = PdfSettings;
export type PdfSettingsField = keyof PdfSettings;
export type ColorField = 'primaryColor' | 'secondaryColor';

const PDF_SETTINGS_FIELDS: readonly PdfSettingsField[] = [
  'template',
  'primaryColor',
  'secondaryColor',
  'fontFamily',
  'showBankAccount',
  'footerNotes',
];

/** '#1e40af ' → '#1E40AF': what the server would store, or null when it is no colour code. */
export function normalisedHex(text: string): string | null {
  const hex = text.trim().toUpperCase();
  return isHexColor(hex) ? hex : null;
}

/**
 * The value for `<input type=color>`, which only takes '#rrggbb' in lower case: the typed colour when
 * it is one, else `fallback` (the picker keeps the last good colour while the text is being typed).
 */
export function pickerValue(text: string, fallback: string): string {
  return (normalisedHex(text) ?? normalisedHex(fallback) ?? '#000000').toLowerCase();
}

/** The picker gives '#rrggbb'; the text field (and the server) use upper case. */
export const hexFromPicker = (value: string): string => value.toUpperCase();

/**
 * What the preview draws: the typed values, with a colour that is not (yet) a colour code replaced by
 * the last good one, so the preview never breaks mid-typing.
 */
export function previewSettings(values: PdfSettingsValues, lastGood: PdfSettings): PdfSettings {
  return {
    ...values,
    primaryColor: normalisedHex(values.primaryColor) ?? lastGood.primaryColor,
    secondaryColor: normalisedHex(values.secondaryColor) ?? lastGood.secondaryColor,
  };
}

/** Checks with the server's own schema (same Dutch messages as the API's `details`). */
export const checkPdfSettings: (
  values: PdfSettingsValues,
) => FormCheck<PdfSettingsField, PdfSettingsInputData> = schemaCheck(pdfSettingsFormSchema, {
  fields: PDF_SETTINGS_FIELDS,
});

/**
 * The colour and footer fields are checked when left; a field that shows a message is checked again
 * at once when it changes, so its message goes as soon as it is right.
 */
export const pdfSettingsFormRules: FormRules<PdfSettingsValues, PdfSettingsField, PdfSettingsInputData> = {
  fields: PDF_SETTINGS_FIELDS,
  check: checkPdfSettings,
  rule: { change: 'recheck', blur: 'check' },
};
