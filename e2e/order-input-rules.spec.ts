import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { amsterdamDay, amsterdamToday, dutchDate, isoDay, noon } from './support/dates';
import { type CreatedOrder, createCustomer, createOrder } from './support/orders';
import { DESKTOP, galleryViews, PHONE, shotsNamed, themedPage } from './support/screens';

/**
 * The order's input rules as a new user meets them: a quantity in parts and a Dutch price are read as
 * meant, what is unclear is refused at the field rather than rewritten, the date shows dd-mm-jjjj in an
 * English browser, and an order whose customer was deleted still opens, saves and takes another one.
 */

const shoot = shotsNamed('order-input-rules');

const line = (page: Page, n: number) => page.getByRole('listitem', { name: `Regel ${n}`, exact: true });
const inLine = (row: Locator, name: string) => row.getByRole('textbox', { name, exact: true });

const QUANTITY_SEPARATORS_MESSAGE = 'Onduidelijk aantal: gebruik een komma voor decimalen, bijv. 1.250,5';
const QUANTITY_POSITIVE_MESSAGE = 'Aantal moet groter dan 0 zijn';
const SEPARATORS_MESSAGE = 'Onduidelijke prijs: gebruik een komma voor de centen, bijv. 1.234,56';
const DECIMALS_MESSAGE = 'Prijs mag maximaal 2 decimalen hebben';

type ApiOrder = {
  _id: string;
  orderNumber: string;
  date: string;
  customer: string | null;
  customerSnapshot: { name: string; company: string; email: string; city: string } | null;
  items: { quantity: number; price: number }[];
};

async function chooseCustomer(page: Page, search: string, company: string) {
  await page.getByRole('combobox', { name: 'Klant', exact: true }).click();
  await page.getByRole('combobox', { name: 'Zoek een klant' }).fill(search);
  await page.getByRole('option', { name: new RegExp(company) }).click();
  await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toContainText(company);
}

async function saveAndLeave(page: Page, message: RegExp) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText(message)).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Order per e-mail versturen?' });
  await dialog.getByRole('button', { name: 'Nee, later' }).click();
  await expect(page).toHaveURL(/\/inkooporders$/);
}

async function ordersOf(page: Page): Promise<ApiOrder[]> {
  const res = await page.request.get('/api/orders');
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiOrder[];
}

test('quantity and price: refused at the field, never rewritten; Dutch prices read as meant', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  await createCustomer(page.request, {
    name: 'Sanne Smit',
    company: 'Smit Transport',
    email: 'sanne@smit-transport.nl',
  });
  await page.goto('/nieuwe-order');
  await chooseCustomer(page, 'smit', 'Smit Transport');
  const first = line(page, 1);
  await inLine(first, 'Omschrijving').fill('Pallets');
  const quantity = inLine(first, 'Aantal');

  await test.step('quantity: 2,5 / 2.5 / 1250,5 read as meant and shown the Dutch way; 1,2,3 and -3 refused', async () => {
    for (const [typed, shown] of [
      ['2,5', '2,5'],
      ['2.5', '2,5'],
      ['1250,50', '1.250,5'],
      ['0,75', '0,75'],
    ] as const) {
      await quantity.fill(typed);
      await quantity.blur();
      await expect(quantity).toHaveValue(shown);
      await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
    }
    for (const [typed, message] of [
      ['1,2,3', QUANTITY_SEPARATORS_MESSAGE],
      ['-3', QUANTITY_POSITIVE_MESSAGE],
    ] as const) {
      await quantity.fill(typed);
      await quantity.blur();
      await expect(quantity).toHaveValue(typed);
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');
      await expect(first.getByText(message, { exact: true })).toBeVisible();
    }
    // The minus button still stops at 1 (from a refused text too); plus keeps the decimals.
    await expect(first.getByRole('button', { name: 'Aantal verlagen, regel 1' })).toBeDisabled();
    await quantity.fill('2,5');
    await expect(first.getByText(QUANTITY_POSITIVE_MESSAGE, { exact: true })).toHaveCount(0);
    await first.getByRole('button', { name: 'Aantal verhogen, regel 1' }).click();
    await expect(quantity).toHaveValue('3,5');
    await first.getByRole('button', { name: 'Aantal verlagen, regel 1' }).click();
    await first.getByRole('button', { name: 'Aantal verlagen, regel 1' }).click();
    await expect(quantity).toHaveValue('1,5');
    await first.getByRole('button', { name: 'Aantal verlagen, regel 1' }).click();
    await expect(quantity).toHaveValue('1');
    await expect(first.getByRole('button', { name: 'Aantal verlagen, regel 1' })).toBeDisabled();
  });

  await test.step('price: 12.345 is twelve thousand, 1.234,56 and 12,5 as meant; 1,2,3 and 12,345 refused', async () => {
    const price = inLine(first, 'Prijs');
    await quantity.fill('3');
    await price.pressSequentially('12.345');
    await price.blur();
    await expect(price).toHaveValue('12.345,00');
    await expect(first.locator('output')).toHaveText('€ 37.035,00');

    await price.fill('1,2,3');
    await price.blur();
    await expect(price).toHaveValue('1,2,3');
    await expect(first.getByText(SEPARATORS_MESSAGE, { exact: true })).toBeVisible();
    await expect(first.locator('output')).toHaveText('€ 0,00');

    await price.fill('12.34.5');
    await price.blur();
    await expect(price).toHaveValue('12.34.5');
    await expect(first.getByText(SEPARATORS_MESSAGE, { exact: true })).toBeVisible();

    await price.fill('12,345');
    await price.blur();
    await expect(price).toHaveValue('12,345');
    await expect(first.getByText(DECIMALS_MESSAGE, { exact: true })).toBeVisible();

    await price.fill('');
    await price.pressSequentially('1.234,56');
    await expect(first.locator('output')).toHaveText('€ 3.703,68');
    await price.blur();
    await expect(price).toHaveValue('1.234,56');
    await expect(first.getByText(DECIMALS_MESSAGE, { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    await inLine(line(page, 2), 'Omschrijving').fill('Afdekzeil');
    await inLine(line(page, 2), 'Prijs').fill('12,5');
    await shoot(page, 'lines-desktop');
  });

  await test.step('a refused quantity stops the save at its field; fixed, the order holds what was meant', async () => {
    await inLine(line(page, 2), 'Aantal').fill('1,2,3');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(inLine(line(page, 2), 'Aantal')).toBeFocused();
    await expect(line(page, 2).getByText(QUANTITY_SEPARATORS_MESSAGE, { exact: true })).toBeVisible();
    expect(await ordersOf(page)).toHaveLength(0);
    await inLine(line(page, 2), 'Aantal').fill('2,5');
    await expect(line(page, 2).locator('output')).toHaveText('€ 31,25');
    await saveAndLeave(page, /is succesvol aangemaakt!/);
    const [saved] = await ordersOf(page);
    expect(saved!.items.map((i) => [i.quantity, i.price])).toEqual([
      [3, 1234.56],
      [2.5, 12.5],
    ]);
    // Opened again, the quantity reads the Dutch way.
    await page.goto(`/inkooporders/${saved!._id}/edit`);
    await expect(inLine(line(page, 2), 'Aantal')).toHaveValue('2,5');
  });

  await test.step('screens: the refused quantity and price at 1280 and 375 px, light and dark', async () => {
    const [saved] = await ordersOf(page);
    for (const { viewport, size, theme } of galleryViews()) {
      const themed = await themedPage(browser, page.context(), viewport, theme);
      await themed.goto(`/inkooporders/${saved!._id}/edit`);
      const row = line(themed, 1);
      await inLine(row, 'Aantal').fill('1,2,3');
      await inLine(row, 'Prijs').fill('1,2,3');
      await inLine(row, 'Prijs').blur();
      await expect(row.getByText(SEPARATORS_MESSAGE, { exact: true })).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await shoot(themed, `refused-${size}-${theme}`);
      await themed.context().close();
    }
  });
});

test('the order date shows dd-mm-jjjj in an English browser and is sent as that day', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Europe/Amsterdam',
    viewport: DESKTOP,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  try {
    await signUpAndLogin(page, request);
    await createCustomer(page.request, { name: 'Jan de Wit', company: 'De Wit', email: 'jan@dewit.nl' });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const before = amsterdamToday();
    await page.goto('/nieuwe-order');
    const date = page.getByRole('textbox', { name: 'Datum', exact: true });
    // Today in the Netherlands, day first (or the next day if midnight passed meanwhile).
    const now = amsterdamToday();
    await expect(date).toHaveValue(new RegExp(`^(${dutchDate(before)}|${dutchDate(now)})$`));
    await expect(date).toHaveAttribute('placeholder', 'dd-mm-jjjj');

    // A day 40 days back, typed as digits: the mask writes the dashes.
    const picked = amsterdamDay(new Date(Date.now() - 40 * 86_400_000));
    const pickedDutch = dutchDate(picked);
    await date.fill('');
    await date.pressSequentially(pickedDutch.replace(/-/g, ''));
    await expect(date).toHaveValue(pickedDutch);

    // Month first, as an English browser would write it, is no date here: there is no month 23.
    await date.fill('11/23/2026');
    await date.blur();
    await expect(
      page.getByText('11-23-2026 bestaat niet: er is geen maand 23. Kies een maand van 1 tot en met 12.', {
        exact: true,
      }),
    ).toBeVisible();
    await date.fill('morgen');
    await date.blur();
    await expect(page.getByText('Voer een geldige datum in als dd-mm-jjjj', { exact: true })).toBeVisible();

    // The calendar button's native date input hands its ISO day over in Dutch.
    const native = page.locator('#order-date').locator('xpath=..').locator('input[type="date"]');
    await native.fill(isoDay(picked), { force: true });
    await expect(date).toHaveValue(pickedDutch);
    await expect(page.getByText('Voer een geldige datum in als dd-mm-jjjj', { exact: true })).toHaveCount(0);
    // The calendar button asks the hidden date input for the browser's picker (stubbed: a headless
    // browser's native picker would hold the page).
    await page.evaluate(() => {
      const w = window as unknown as { pickerOf?: string };
      HTMLInputElement.prototype.showPicker = function showPicker(this: HTMLInputElement) {
        w.pickerOf = `${this.type} ${this.value}`;
      };
    });
    await page.getByRole('button', { name: 'Datum: kies in de kalender', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { pickerOf?: string }).pickerOf)).toBe(
      `date ${isoDay(picked)}`,
    );

    await page.getByRole('combobox', { name: 'Klant', exact: true }).click();
    await page.getByRole('option', { name: /De Wit/ }).click();
    await inLine(line(page, 1), 'Omschrijving').fill('Advies');
    await inLine(line(page, 1), 'Prijs').fill('100');
    await shoot(page, 'date-en-US-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'date-en-US-phone');
    await page.setViewportSize(DESKTOP);
    await saveAndLeave(page, /is succesvol aangemaakt!/);
    const [saved] = await ordersOf(page);
    expect(amsterdamDay(new Date(saved!.date))).toEqual(picked);

    // Opening the order again shows its day the Dutch way too.
    await page.goto(`/inkooporders/${saved!._id}/edit`);
    await expect(page.getByRole('textbox', { name: 'Datum', exact: true })).toHaveValue(pickedDutch);
  } finally {
    await context.close();
  }
});

test('deleting a customer with orders: the confirmation counts them; the order keeps, saves and can change its customer', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  const smit = await createCustomer(page.request, {
    name: 'Sanne Smit',
    company: 'Smit Transport',
    email: 'sanne@smit-transport.nl',
  });
  await createCustomer(page.request, {
    name: 'Piet Bakker',
    company: 'Bakker Bouw',
    email: 'piet@bakkerbouw.nl',
  });
  const today = amsterdamToday();
  const orders: CreatedOrder[] = [];
  for (let i = 0; i < 2; i += 1) {
    orders.push(
      await createOrder(page.request, {
        customer: smit,
        date: noon(today.year, today.month, today.day),
        project: `Vervoer ${i + 1}`,
        status: 'concept',
        items: [{ description: 'Rit', quantity: 2, price: 50, vat: 21 }],
      }),
    );
  }
  const order = orders[0]!;

  await test.step('the confirmation says how many orders and what happens to them', async () => {
    await page.goto('/klanten');
    const card = page.getByRole('article', { name: 'Smit Transport', exact: true });
    await card.getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Klant verwijderen' });
    await expect(confirm).toContainText(
      'Weet u zeker dat u Smit Transport wilt verwijderen? Deze klant heeft 2 orders. Deze orders blijven bestaan en houden de klantgegevens waarmee ze zijn opgeslagen (naam, bedrijf, adres); u kunt ze nog openen, opslaan en er een andere klant voor kiezen. Deze actie kan niet ongedaan worden gemaakt.',
    );
    await shoot(page, 'delete-with-orders-desktop');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Smit Transport is verwijderd.')).toBeVisible();
  });

  await test.step('the order opens with the deleted customer’s details and saves unchanged', async () => {
    await page.goto(`/inkooporders/${order._id}/edit`);
    const picker = page.getByRole('combobox', { name: 'Klant', exact: true });
    await expect(picker).toContainText('Smit Transport — Sanne Smit (klant verwijderd)');
    await expect(page.getByText('Selecteer een klant', { exact: true })).toHaveCount(0);
    await shoot(page, 'deleted-customer-desktop');
    const put = page.waitForResponse((r) => r.url().includes('orders.update'));
    await saveAndLeave(page, new RegExp(`Order ${order.orderNumber} is succesvol bijgewerkt!`));
    expect((await put).status()).toBe(200);
    const res = await page.request.get(`/api/orders/${order._id}`);
    const kept = (await res.json()) as ApiOrder;
    expect(kept.customer).toBe(smit);
    expect(kept.customerSnapshot).toMatchObject({
      name: 'Sanne Smit',
      company: 'Smit Transport',
      email: 'sanne@smit-transport.nl',
    });
  });

  await test.step('and lets the user pick another customer', async () => {
    await page.goto(`/inkooporders/${order._id}/edit`);
    await chooseCustomer(page, 'bakker', 'Bakker Bouw');
    await saveAndLeave(page, new RegExp(`Order ${order.orderNumber} is succesvol bijgewerkt!`));
    const moved = (await (await page.request.get(`/api/orders/${order._id}`)).json()) as ApiOrder;
    expect(moved.customerSnapshot).toMatchObject({ name: 'Piet Bakker', company: 'Bakker Bouw' });
    // The other order still shows the deleted customer.
    const other = (await (await page.request.get(`/api/orders/${orders[1]!._id}`)).json()) as ApiOrder;
    expect(other.customerSnapshot).toMatchObject({ company: 'Smit Transport' });
  });
});
