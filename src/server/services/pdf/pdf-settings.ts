import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { pdfSettings } from '../../../db/schema';
import {
  DEFAULT_PDF_SETTINGS,
  PDF_FONTS,
  type PdfFont,
  type PdfSettings,
  type PdfSettingsInputData,
} from '../../../shared/schemas/pdf-settings';

const columns = {
  primaryColor: pdfSettings.primaryColor,
  secondaryColor: pdfSettings.secondaryColor,
  template: pdfSettings.template,
  showBankAccount: pdfSettings.showBankAccount,
  footerNotes: pdfSettings.footerNotes,
  fontFamily: pdfSettings.fontFamily,
};

type StoredSettings = Omit<PdfSettings, 'fontFamily'> & { fontFamily: string };

// The column is plain text: a value from outside the list (written by hand) prints in the default font.
const asFont = (value: string): PdfFont =>
  (PDF_FONTS as readonly string[]).includes(value) ? (value as PdfFont) : DEFAULT_PDF_SETTINGS.fontFamily;

const toSettings = (row: StoredSettings): PdfSettings => ({ ...row, fontFamily: asFont(row.fontFamily) });

/** The organisation's PDF settings; the defaults while it has saved none. */
export async function getPdfSettings(db: DbOrTx, organizationId: string): Promise<PdfSettings> {
  const [row] = await db
    .select(columns)
    .from(pdfSettings)
    .where(eq(pdfSettings.organizationId, organizationId))
    .limit(1);
  return row ? toSettings(row) : { ...DEFAULT_PDF_SETTINGS };
}

/** Saves the fields sent (already validated); the others keep their value. The next PDF uses them. */
export async function updatePdfSettings(
  db: DbOrTx,
  organizationId: string,
  input: PdfSettingsInputData,
  now: Date,
): Promise<PdfSettings> {
  const current = await getPdfSettings(db, organizationId);
  const next: PdfSettings = {
    primaryColor: input.primaryColor ?? current.primaryColor,
    secondaryColor: input.secondaryColor ?? current.secondaryColor,
    template: input.template ?? current.template,
    showBankAccount: input.showBankAccount ?? current.showBankAccount,
    footerNotes: input.footerNotes ?? current.footerNotes,
    fontFamily: input.fontFamily ?? current.fontFamily,
  };
  const [row] = await db
    .insert(pdfSettings)
    .values({ organizationId, ...next })
    .onConflictDoUpdate({ target: pdfSettings.organizationId, set: { ...next, updatedAt: now } })
    .returning(columns);
  return toSettings(row!);
}
