import type { Locator, Page } from '@playwright/test';

/**
 * The orders list, the dashboard's Recente Orders and the send dialog, as the specs find them: by
 * role and accessible name, a row by the order number in its row header.
 */

export const ordersTable = (page: Page) => page.getByRole('table', { name: 'Inkooporders' });
export const recentTable = (page: Page) => page.getByRole('table', { name: 'Recente Orders' });
export const tableRows = (table: Locator) => table.locator('tbody tr');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The row (on a phone: the card) of one order. */
export const rowOf = (table: Locator, orderNumber: string) =>
  tableRows(table).filter({
    // The row header is the order number, followed by the badges a table without a Status column
    // puts there ('Antwoord klant: Wacht op akkoord'): the number whole, then nothing or a space.
    has: table.page().getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(orderNumber)}(\\s|$)`) }),
  });

/** A row's PDF button, by its name in either state ('… downloaden' / '… wordt gemaakt...'). */
export const pdfButton = (row: Locator, orderNumber: string) =>
  row.getByRole('button', { name: new RegExp(`^PDF van order ${orderNumber} `) });

/** 'PDF downloaden' on the order form, in either state. */
export const formPdfButton = (page: Page) =>
  page.getByRole('button', { name: /^(PDF downloaden|PDF wordt gemaakt\.\.\.)$/ });

/** The send-email dialog ('Order INK-… versturen'). */
export const sendDialog = (page: Page) => page.getByRole('dialog', { name: /^Order .* versturen$/ });

/** The question 800 ms after a save. */
export const sendNowDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Order per e-mail versturen?' });
