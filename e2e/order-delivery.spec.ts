import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { chooseCustomer, fillLine, inLine, orderLine } from './support/order-form';
import { DESKTOP, galleryViews, PHONE, shotsNamed, themedPage } from './support/screens';

/**
 * Levering en opmerkingen on the order form: the wished delivery day, an address of the order's own
 * (started from the customer's) and remarks, with a quantity in parts; saved, shown again on edit, and
 * printed in the PDF preview's delivery block in each template. Screenshots at 1280 and 375 px, light
 * and dark.
 */

const shoot = shotsNamed('order-delivery');

const CUSTOMER = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  email: 'petra@jansenbouw.nl',
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
};

type ApiOrder = {
  _id: string;
  orderNumber: string;
  deliveryDate: string | null;
  deliveryAddress: Record<string, string> | null;
  deliveryAddressSource: 'customer' | 'order';
  notes: string;
  items: { quantity: number; total: number }[];
};

async function ordersOf(page: Page): Promise<ApiOrder[]> {
  const res = await page.request.get('/api/orders');
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiOrder[];
}

const deliveryCard = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Levering en opmerkingen' }) });

test('delivery day, delivery address and remarks: filled in, saved, shown again and printed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  const created = await page.request.post('/api/customers', { data: CUSTOMER });
  expect(created.status(), await created.text()).toBe(200);

  await test.step('the form: the customer’s address by default, an own one started from it', async () => {
    await page.goto('/nieuwe-order');
    await chooseCustomer(page, 'jansen', 'Jansen Bouw B.V.');
    await fillLine(page, 1, { description: 'Montage', quantity: '2,5', price: '45,50', unit: 'uur' });
    await expect(orderLine(page, 1).locator('output')).toHaveText('€ 113,75');

    const card = deliveryCard(page);
    const sameAddress = card.getByRole('checkbox', { name: 'Afleveren op het adres van de klant' });
    await expect(sameAddress).toBeChecked();
    await expect(card.getByText('Levering op Dorpsstraat 1, 1234 AB Utrecht.')).toBeVisible();

    await card.getByRole('textbox', { name: 'Gewenste leverdag' }).pressSequentially('05102026');
    await expect(card.getByRole('textbox', { name: 'Gewenste leverdag' })).toHaveValue('05-10-2026');

    await sameAddress.uncheck();
    const address = card.getByRole('textbox', { name: 'Adres', exact: true });
    await expect(address).toHaveValue('Dorpsstraat 1');
    await expect(card.getByRole('textbox', { name: 'Naam of locatie' })).toHaveValue('Jansen Bouw B.V.');
    await card.getByRole('textbox', { name: 'Naam of locatie' }).fill('Bouwplaats Havenkwartier');
    await address.fill('Havenweg 4');
    await card.getByRole('textbox', { name: 'Postcode' }).fill('3511ab');
    await expect(card.getByRole('textbox', { name: 'Postcode' })).toHaveValue('3511 AB');
    await card
      .getByRole('textbox', { name: 'Opmerkingen' })
      .fill('Graag vooraf bellen.\nAchteringang gebruiken.');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'form-filled-desktop');
  });

  await test.step('an empty address is refused at its field; filled, the order holds it all', async () => {
    const card = deliveryCard(page);
    await card.getByRole('textbox', { name: 'Plaats' }).fill('');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(card.getByRole('textbox', { name: 'Plaats' })).toBeFocused();
    await expect(card.getByText('Plaats is verplicht', { exact: true })).toBeVisible();
    await card.getByRole('textbox', { name: 'Plaats' }).fill('Utrecht');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText(/is succesvol aangemaakt!/)).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Order per e-mail versturen?' })
      .getByRole('button', { name: 'Nee, later' })
      .click();
    const [saved] = await ordersOf(page);
    expect(saved).toMatchObject({
      deliveryDate: '2026-10-05',
      deliveryAddress: {
        name: 'Bouwplaats Havenkwartier',
        address: 'Havenweg 4',
        postalCode: '3511 AB',
        city: 'Utrecht',
        country: 'Nederland',
      },
      deliveryAddressSource: 'order',
      notes: 'Graag vooraf bellen.\nAchteringang gebruiken.',
      items: [{ quantity: 2.5, total: 113.75 }],
    });
  });

  const [saved] = await ordersOf(page);

  await test.step('edit: everything comes back; at 1280 and 375 px, light and dark', async () => {
    for (const { viewport, size, theme } of galleryViews()) {
      const themed = await themedPage(browser, page.context(), viewport, theme);
      await themed.goto(`/inkooporders/${saved!._id}/edit`);
      const card = deliveryCard(themed);
      await expect(card.getByRole('textbox', { name: 'Gewenste leverdag' })).toHaveValue('05-10-2026');
      await expect(
        card.getByRole('checkbox', { name: 'Afleveren op het adres van de klant' }),
      ).not.toBeChecked();
      await expect(card.getByRole('textbox', { name: 'Adres', exact: true })).toHaveValue('Havenweg 4');
      await expect(card.getByRole('textbox', { name: 'Opmerkingen' })).toHaveValue(
        'Graag vooraf bellen.\nAchteringang gebruiken.',
      );
      await expect(inLine(orderLine(themed, 1), 'Aantal')).toHaveValue('2,5');
      await card.scrollIntoViewIfNeeded();
      await shoot(themed, `edit-${size}-${theme}`);
      // A quantity in parts with thousands fits its field, shown the Dutch way (not saved).
      const quantity = inLine(orderLine(themed, 1), 'Aantal');
      await quantity.fill('1250,5');
      await quantity.blur();
      await expect(quantity).toHaveValue('1.250,5');
      await expect(orderLine(themed, 1).locator('output')).toHaveText('€ 56.897,75');
      await orderLine(themed, 1).scrollIntoViewIfNeeded();
      await shoot(themed, `line-${size}-${theme}`);
      await themed.context().close();
    }
  });

  await test.step('the PDF preview prints the delivery block in each template', async () => {
    // The sheet is paper, the same in either theme: each template once at 1280 px, and the first
    // one also on a dark phone, where the dialog around it changes.
    const shots = [
      ['classic', 'desktop', DESKTOP, 'light'],
      ['classic', 'phone', PHONE, 'dark'],
      ['modern', 'desktop', DESKTOP, 'light'],
      ['minimal', 'desktop', DESKTOP, 'light'],
    ] as const;
    for (const [template, size, viewport, theme] of shots) {
      const put = await page.request.put('/api/auth/pdf-settings', { data: { template } });
      expect(put.status(), await put.text()).toBe(200);
      const themed = await themedPage(browser, page.context(), viewport, theme);
      await themed.goto('/inkooporders');
      await themed.getByRole('button', { name: `Order ${saved!.orderNumber} per e-mail versturen` }).click();
      const dialog = themed.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'PDF voorbeeld' }).click();
      const sheet = dialog.getByTestId('pdf-preview-sheet');
      const block = sheet.locator('.od-delivery');
      await expect(sheet.locator('article.od')).toHaveAttribute('data-template', template);
      await expect(block).toContainText('Gewenste leverdag');
      await expect(block).toContainText('05-10-2026');
      await expect(block).toContainText('Bouwplaats Havenkwartier');
      await expect(block).toContainText('3511 AB Utrecht');
      await expect(block).toContainText('Achteringang gebruiken.');
      await expect(sheet).toContainText('2,5');
      await block.scrollIntoViewIfNeeded();
      await shoot(themed, `pdf-${template}-${size}-${theme}`);
      await themed.context().close();
    }
  });
});
