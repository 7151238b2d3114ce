/**
 * The PDF document panel's pure rules (spec §3 PDF settings, §8 PDF settings): the values as typed,
 * the colour fields' text ↔ picker sync, the check with the API's own schema, and the settings the
 * live preview shows while a field holds something invalid.
 */
import { type FieldErrors, fieldErrors, pickFieldErrors } from '../../../shared/field-errors';
import {
  isHexColor,
  type PdfSettings,
  type PdfSettingsInputData,
  pdfSettingsFormSchema,
} from '../../../shared/schemas/pdf-settings';

/** The form holds exactly the settings; the colours as typed in their hex fields. */
export type PdfSettingsValues = PdfSettings;
export type PdfSettingsField = keyof PdfSettings;
export type PdfSettingsErrors = Partial<Record<PdfSettingsField, string>>;
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

export type PdfSettingsCheck =
  | { ok: true; input: PdfSettingsInputData }
  | { ok: false; errors: PdfSettingsErrors };

/** Checks with the server's own schema (same Dutch messages as the API's `details`). */
export function checkPdfSettings(values: PdfSettingsValues): PdfSettingsCheck {
  const parsed = pdfSettingsFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: pdfSettingsErrorsOf(fieldErrors(parsed.error)) };
}

/** The panel's fields from `{field: message}`: the check's own or the server's `details`. */
export function pdfSettingsErrorsOf(details: FieldErrors): PdfSettingsErrors {
  return pickFieldErrors(details, PDF_SETTINGS_FIELDS);
}
