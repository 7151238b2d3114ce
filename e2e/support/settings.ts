import type { Page } from '@playwright/test';

/** Bedrijfsinstellingen: its tab panel, fields and the two panels of Document instellingen. */

/** A text field (password inputs count too) by its exact label. */
export const settingsField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The visible tab panel (the others stay mounted, hidden). */
export const settingsPanel = (page: Page) => page.getByRole('tabpanel');

/** Document instellingen › Ordernummering. */
export const numberingPanel = (page: Page) =>
  page.locator('form').filter({ has: page.getByText('Ordernummering', { exact: true }) });

/** Document instellingen › PDF document. */
export const pdfPanel = (page: Page) =>
  page.locator('form').filter({ has: page.getByText('PDF document', { exact: true }) });

/** The success texts of spec §8. */
export const PROFILE_SAVED = 'Bedrijfsgegevens zijn succesvol bijgewerkt!';
export const FINANCIAL_SAVED = 'Financiële gegevens zijn succesvol bijgewerkt!';
export const NUMBERING_SAVED = 'Instellingen opgeslagen! Nieuwe orders zullen deze nummering gebruiken.';
export const PDF_SETTINGS_SAVED =
  'PDF instellingen opgeslagen! Deze zullen worden toegepast op nieuwe PDF documenten.';
