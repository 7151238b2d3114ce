import { z } from '../zod-nl';

/**
 * The PDF house style of a user (spec §3 PDF settings, §7 GET|PUT /auth/pdf-settings, §8 PDF
 * settings): the same schema checks the settings panel and the API.
 */

export const PDF_TEMPLATES = ['classic', 'modern', 'minimal'] as const;
export type PdfTemplate = (typeof PDF_TEMPLATES)[number];
export const PDF_TEMPLATE_LABELS: Record<PdfTemplate, string> = {
  classic: 'Klassiek',
  modern: 'Modern',
  minimal: 'Minimaal',
};

export const PDF_FONTS = [
  'default',
  'helvetica',
  'times',
  'courier',
  'roboto',
  'opensans',
  'lato',
  'playfair',
] as const;
export type PdfFont = (typeof PDF_FONTS)[number];
export const PDF_FONT_LABELS: Record<PdfFont, string> = {
  default: 'Standaard (Helvetica)',
  helvetica: 'Helvetica',
  times: 'Times',
  courier: 'Courier',
  roboto: 'Roboto',
  opensans: 'Open Sans',
  lato: 'Lato',
  playfair: 'Playfair Display',
};

export const FOOTER_NOTES_MAX = 1000;

export const pdfSettingsMessages = {
  primaryColor: 'Primaire kleur moet een kleurcode zijn zoals #1E40AF',
  secondaryColor: 'Secundaire kleur moet een kleurcode zijn zoals #F3F4F6',
  template: 'Kies een template: Klassiek, Modern of Minimaal',
  fontFamily: 'Kies een lettertype uit de lijst',
  showBankAccount: 'Bankrekening tonen moet aan of uit staan',
  footerNotes: 'Voettekst moet tekst zijn',
  footerNotesMax: `Voettekst mag maximaal ${FOOTER_NOTES_MAX} tekens bevatten`,
  loadError: 'Er is een fout opgetreden bij het ophalen van de instellingen.',
  saveError: 'Er is een fout opgetreden bij het opslaan van de instellingen.',
  saved: 'PDF instellingen opgeslagen! Deze zullen worden toegepast op nieuwe PDF documenten.',
} as const;

export type PdfSettings = {
  primaryColor: string;
  secondaryColor: string;
  template: PdfTemplate;
  showBankAccount: boolean;
  footerNotes: string;
  fontFamily: PdfFont;
};

export const DEFAULT_PDF_SETTINGS: PdfSettings = {
  primaryColor: '#1E40AF',
  secondaryColor: '#F3F4F6',
  template: 'classic',
  showBankAccount: true,
  footerNotes: '',
  fontFamily: 'default',
};

const HEX_COLOR = /^#[0-9A-F]{6}$/;

/** '#1E40AF' exactly (after trimming and upper-casing): the only thing a colour can be. */
export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX_COLOR.test(value);

/** A colour as '#RRGGBB', stored upper-case so that equal colours are equal text. */
const hexColor = (message: string) =>
  z
    .string({ error: message })
    .max(20, { error: message })
    .trim()
    .toUpperCase()
    .regex(HEX_COLOR, { error: message });

// C0 controls other than tab and newline (and DEL) have no place in a printed note.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** Plain text; line breaks are kept (as '\n'), surrounding blank space is not. */
export function normaliseFooterNotes(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim();
}

const footerNotesSchema = z
  .string({ error: pdfSettingsMessages.footerNotes })
  .overwrite(normaliseFooterNotes)
  .max(FOOTER_NOTES_MAX, { error: pdfSettingsMessages.footerNotesMax });

const descriptions = {
  primaryColor: 'Hoofdkleur van het document (#RRGGBB), bijv. #1E40AF',
  secondaryColor: 'Steunkleur voor vlakken en regels (#RRGGBB), bijv. #F3F4F6',
  template: 'Opmaak: classic (Klassiek), modern (Modern) of minimal (Minimaal)',
  showBankAccount: 'IBAN en tenaamstelling op het document tonen',
  footerNotes: `Vrije tekst onderaan het document, maximaal ${FOOTER_NOTES_MAX} tekens; regeleinden blijven behouden`,
  fontFamily:
    'Lettertype: default (Helvetica), helvetica, times, courier, roboto, opensans, lato of playfair',
} as const;

/** PUT /auth/pdf-settings: any of the six fields; what is left out keeps its current value. */
export const pdfSettingsInput = z.object({
  primaryColor: hexColor(pdfSettingsMessages.primaryColor)
    .optional()
    .meta({ description: descriptions.primaryColor }),
  secondaryColor: hexColor(pdfSettingsMessages.secondaryColor)
    .optional()
    .meta({ description: descriptions.secondaryColor }),
  template: z
    .enum(PDF_TEMPLATES, { error: pdfSettingsMessages.template })
    .optional()
    .meta({ description: descriptions.template }),
  showBankAccount: z
    .boolean({ error: pdfSettingsMessages.showBankAccount })
    .optional()
    .meta({ description: descriptions.showBankAccount }),
  footerNotes: footerNotesSchema.optional().meta({ description: descriptions.footerNotes }),
  fontFamily: z
    .enum(PDF_FONTS, { error: pdfSettingsMessages.fontFamily })
    .optional()
    .meta({ description: descriptions.fontFamily }),
});
export type PdfSettingsInput = z.input<typeof pdfSettingsInput>;
export type PdfSettingsInputData = z.output<typeof pdfSettingsInput>;

/** The panel's form: all six fields, checked as the API checks them. */
export const pdfSettingsFormSchema = pdfSettingsInput.required();

export const pdfSettingsOutput = z.object({
  primaryColor: z.string().meta({ description: descriptions.primaryColor }),
  secondaryColor: z.string().meta({ description: descriptions.secondaryColor }),
  template: z.enum(PDF_TEMPLATES).meta({ description: descriptions.template }),
  showBankAccount: z.boolean().meta({ description: descriptions.showBankAccount }),
  footerNotes: z.string().meta({ description: descriptions.footerNotes }),
  fontFamily: z.enum(PDF_FONTS).meta({ description: descriptions.fontFamily }),
}) satisfies z.ZodType<PdfSettings>;
