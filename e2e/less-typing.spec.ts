import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { amsterdamToday, amsterdamYear, dutchDate, noon } from './support/dates';
import { inLine, orderLine } from './support/order-form';
import { ordersTable, rowOf, tableRows } from './support/order-screens';
import { createCustomer, createOrder } from './support/orders';
import { DESKTOP, devicePage, galleryThemes, PHONE, shotsNamed } from './support/screens';

/**
 * Less typing: 'Dupliceren' on an order (orders list and order form) opens a new concept with the
 * same customer and lines; 'Nieuwe klant' inside the customer picker adds a customer and chooses it,
 * also on a brand-new account whose picker is empty.
 */

const shoot = shotsNamed('less-typing');

const customerTrigger = (page: Page) => page.getByRole('combobox', { name: 'Klant', exact: true });
const EDIT_URL = /\/inkooporders\/([0-9a-f-]{36})\/edit$/;

async function expectCopyForm(page: Page, number: string, company: string) {
  await expect(page).toHaveURL(EDIT_URL);
  await expect(page.getByRole('textbox', { name: 'Ordernummer' })).toHaveValue(number);
  await expect(page.getByRole('textbox', { name: 'Datum' })).toHaveValue(dutchDate(amsterdamToday()));
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('concept');
  await expect(customerTrigger(page)).toContainText(company);
  await expect(inLine(orderLine(page, 1), 'Omschrijving')).toHaveValue('Dakpannen');
  await expect(inLine(orderLine(page, 2), 'Omschrijving')).toHaveValue('Montage');
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue('Dakrenovatie Zwolle');
}

test('Dupliceren from the orders list and from the order form opens a new concept with the same lines', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page);
  const year = amsterdamYear();
  const customer = await createCustomer(page.request, {
    name: 'Pieter Bakker',
    company: 'Bakker Dakwerken B.V.',
    email: 'pieter@bakkerdak.nl',
  });
  const original = await createOrder(page.request, {
    customer,
    date: noon(year - 1, 3, 14),
    project: 'Dakrenovatie Zwolle',
    status: 'paid',
    items: [
      { description: 'Dakpannen', quantity: 40, price: 2.5, vat: 21 },
      { description: 'Montage', quantity: 6, price: 50, vat: 21 },
    ],
  });

  await page.goto('/inkooporders');
  await rowOf(ordersTable(page), original.orderNumber)
    .getByRole('button', { name: `Order ${original.orderNumber} dupliceren` })
    .click();
  await expect(page.getByRole('region', { name: 'Meldingen' })).toContainText(
    `Order INK-${year}-1002 is gemaakt als kopie van ${original.orderNumber}.`,
  );
  await expectCopyForm(page, `INK-${year}-1002`, 'Bakker Dakwerken B.V.');
  const firstCopy = EDIT_URL.exec(page.url())![1];
  expect(firstCopy).not.toBe(original._id);

  // On the form: with a change not yet saved it asks first, then copies the saved order.
  await page.getByRole('textbox', { name: 'Project' }).fill('Nog niet opgeslagen');
  await page.getByRole('button', { name: 'Dupliceren', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Wijzigingen nog niet opgeslagen' });
  await expect(ask).toBeVisible();
  await shoot(page, 'duplicate-unsaved-desktop');
  await ask.getByRole('button', { name: 'Opgeslagen versie dupliceren' }).click();
  await expectCopyForm(page, `INK-${year}-1003`, 'Bakker Dakwerken B.V.');
  expect(EDIT_URL.exec(page.url())![1]).not.toBe(firstCopy);
  await expect(page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).toHaveCount(0);

  // The list has the original and both copies, the copies as concepts.
  await page.goto('/inkooporders');
  await expect(tableRows(ordersTable(page))).toHaveCount(3);
  for (const number of [`INK-${year}-1002`, `INK-${year}-1003`]) {
    await expect(rowOf(ordersTable(page), number)).toContainText('Concept');
  }
  await expect(rowOf(ordersTable(page), original.orderNumber)).toContainText('Betaald');
});

test("'Nieuwe klant' in the picker: offered on an empty account, the saved customer is chosen", async ({
  browser,
}) => {
  const page = await devicePage(browser, DESKTOP);
  await signUpAndLogin(page);
  await page.goto('/nieuwe-order');
  await customerTrigger(page).click();
  const panel = page.locator('.customer-picker__panel');
  await expect(panel).toContainText('U heeft nog geen actieve klanten.');
  const create = panel.getByRole('button', { name: 'Nieuwe klant' });
  await expect(create).toBeVisible();
  for (const theme of galleryThemes('desktop')) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await shoot(page, `picker-empty-1280-${theme}`);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

  // Keyboard: Tab from the search box reaches it.
  await page.getByRole('combobox', { name: 'Zoek een klant' }).press('Tab');
  await expect(create).toBeFocused();
  await create.press('Enter');

  const modal = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Naam', exact: true }).fill('Sanne Jansen');
  await modal.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill('Jansen Installatietechniek');
  await modal.getByRole('textbox', { name: 'E-mail', exact: true }).fill('sanne@jansen-installatie.nl');
  await modal.getByRole('button', { name: 'Klant toevoegen' }).click();
  await expect(modal).toBeHidden();

  // Chosen in the picker, focus back on it, and the order itself was not saved along.
  await expect(customerTrigger(page)).toContainText('Jansen Installatietechniek');
  await expect(customerTrigger(page)).toBeFocused();
  await expect(page).toHaveURL(/\/nieuwe-order$/);
  await expect(page.getByText(/is succesvol aangemaakt/)).toHaveCount(0);
  expect(await (await page.request.get('/api/orders')).json()).toEqual([]);

  // With customers the button stays under the list.
  await customerTrigger(page).click();
  await expect(page.getByRole('option', { name: /Jansen Installatietechniek/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel.getByRole('button', { name: 'Nieuwe klant' })).toBeVisible();
  for (const theme of galleryThemes('desktop')) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await shoot(page, `picker-list-1280-${theme}`);
  }
  await page.context().close();

  // A phone: the same offer in the empty picker of another new account.
  for (const theme of galleryThemes('phone')) {
    const phone = await devicePage(browser, PHONE, { theme });
    await signUpAndLogin(phone);
    await phone.goto('/nieuwe-order');
    await customerTrigger(phone).click();
    const offer = phone.locator('.customer-picker__panel').getByRole('button', { name: 'Nieuwe klant' });
    // Wholly on screen, and above the save bar (not under it).
    await expect(offer).toBeInViewport({ ratio: 1 });
    const bar = (await phone.getByRole('region', { name: 'Totaal en opslaan' }).boundingBox())!;
    const box = (await offer.boundingBox())!;
    expect(box.y + box.height, 'the button ends above the save bar').toBeLessThanOrEqual(bar.y + 0.5);
    await shoot(phone, `picker-empty-375-${theme}`);
    await offer.click();
    await expect(phone.getByRole('dialog', { name: 'Nieuwe klant' })).toBeVisible();
    await phone.context().close();
  }
});
