import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { chooseCustomer, inLine, orderLine } from './support/order-form';
import { createCustomer } from './support/orders';
import { DESKTOP, galleryViews, shotsNamed, themedPage } from './support/screens';

/**
 * A price is shown back, once the field is left, in the notation it was meant in: Dutch, with the
 * thousands dot and the decimal comma, on the new order and on the edit screen; and the field is
 * wide enough for '123.456,78' at 1280 and at 375 px. Screenshots of the edit screen's lines at both
 * sizes, light and dark.
 */

const shoot = shotsNamed('price-field');

/** What each typed price is shown as after leaving the field. */
const PRICES: [string, string][] = [
  ['1.234,56', '1.234,56'],
  ['45,50', '45,50'],
  ['12.345', '12.345,00'],
  ['123456,78', '123.456,78'],
];

/** The field shows all of its text: nothing is scrolled out of sight. */
async function expectNotCut(field: Locator) {
  const { scroll, client } = await field.evaluate((input: HTMLInputElement) => ({
    scroll: input.scrollWidth,
    client: input.clientWidth,
  }));
  expect(scroll, `'${await field.inputValue()}' fits its field`).toBeLessThanOrEqual(client);
}

async function addLine(page: Page, n: number, description: string, price: string) {
  if (n > 1) await page.getByRole('button', { name: 'Regel toevoegen' }).click();
  const row = orderLine(page, n);
  await inLine(row, 'Omschrijving').fill(description);
  await inLine(row, 'Prijs').pressSequentially(price);
  await inLine(row, 'Prijs').blur();
}

test('prices are shown back in Dutch notation, on the new order and the edit screen, never cut off', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  await createCustomer(page.request, { name: 'Jan de Wit', company: 'De Wit', email: 'jan@dewit.nl' });
  await page.goto('/nieuwe-order');
  await chooseCustomer(page, 'Wit', 'De Wit');

  await test.step('typed, then left: what was understood, in Dutch', async () => {
    for (const [i, [typed, shown]] of PRICES.entries()) {
      await addLine(page, i + 1, `Regel ${typed}`, typed);
      const price = inLine(orderLine(page, i + 1), 'Prijs');
      await expect(price).toHaveValue(shown);
      await expectNotCut(price);
    }
  });

  let orderId = '';
  await test.step('saved as meant', async () => {
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nee, later' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
    const [order] = (await (await page.request.get('/api/orders')).json()) as {
      _id: string;
      items: { price: number }[];
    }[];
    expect(order!.items.map((i) => i.price)).toEqual([1234.56, 45.5, 12345, 123456.78]);
    orderId = order!._id;
  });

  await test.step('the edit screen shows the same, and leaving a field changes nothing', async () => {
    await page.goto(`/inkooporders/${orderId}/edit`);
    for (const [i, [, shown]] of PRICES.entries()) {
      const price = inLine(orderLine(page, i + 1), 'Prijs');
      await expect(price).toHaveValue(shown);
      await expectNotCut(price);
    }
    await inLine(orderLine(page, 1), 'Prijs').focus();
    await inLine(orderLine(page, 1), 'Prijs').blur();
    await expect(inLine(orderLine(page, 1), 'Prijs')).toHaveValue('1.234,56');
    // Nothing changed, so leaving the screen asks nothing.
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
  });

  for (const { viewport, size: device, theme } of galleryViews()) {
    await test.step(`${device}, ${theme}: the largest price fits`, async () => {
      const shotPage = await themedPage(browser, page.context(), viewport, theme);
      try {
        await shotPage.goto(`/inkooporders/${orderId}/edit`);
        const largest = inLine(orderLine(shotPage, 4), 'Prijs');
        await expect(largest).toHaveValue('123.456,78');
        await expectNotCut(largest);
        await orderLine(shotPage, 3).scrollIntoViewIfNeeded();
        await shoot(shotPage, `edit-${device}-${theme}`);
      } finally {
        await shotPage.context().close();
      }
    });
  }
});
