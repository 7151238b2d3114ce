import { expect, type Locator, type Page } from '@playwright/test';

/** The order form's lines, totals and customer picker, as a user fills them. */

export const orderLine = (page: Page, n: number) =>
  page.getByRole('listitem', { name: `Regel ${n}`, exact: true });
export const inLine = (row: Locator, name: string) => row.getByRole('textbox', { name, exact: true });
/** A row of the totals: 'subtotal', 'vat-21', 'vat-9', 'vat-verlegd', 'total'. */
export const orderTotal = (page: Page, row: string) => page.locator(`[data-total="${row}"] dd`);

/** Picks a customer in the picker by searching for it. */
export async function chooseCustomer(page: Page, search: string, company: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Klant', exact: true }).click();
  await page.getByRole('combobox', { name: 'Zoek een klant' }).fill(search);
  await page.getByRole('option', { name: new RegExp(company) }).click();
  await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toContainText(company);
}

export type LineInput = {
  description: string;
  quantity?: string;
  price: string;
  vat?: string;
  unit?: string;
};

/** Fills line `n` (which must exist); the price is typed key by key, as a user types it. */
export async function fillLine(page: Page, n: number, values: LineInput): Promise<void> {
  const row = orderLine(page, n);
  await inLine(row, 'Omschrijving').fill(values.description);
  if (values.quantity !== undefined) await inLine(row, 'Aantal').fill(values.quantity);
  if (values.unit) await row.getByRole('combobox', { name: 'Eenheid' }).selectOption(values.unit);
  await inLine(row, 'Prijs').pressSequentially(values.price);
  if (values.vat) await row.getByRole('combobox', { name: 'BTW' }).selectOption(values.vat);
}
