import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { sendDialog } from './support/order-screens';
import { createOrder } from './support/orders';
import { DESKTOP, galleryViews, shotsNamed, themedPage } from './support/screens';

/**
 * A Belgian customer in the customer form (country first, Belgian formats in the hints, no NL before
 * the VAT number), and the warning beside the PDF and send actions while the company profile lacks
 * address, KVK, BTW and IBAN, gone once they are filled in. Screenshots at 1280 and 375, light and dark.
 */

const shoot = shotsNamed('abroad');
const GAPS =
  'Uw PDF en e-mail gaan de deur uit zonder Adres, Postcode, Plaats, KVK-nummer, BTW-nummer en IBAN (bankrekening).';

async function openBelgianCustomerForm(page: Page) {
  await page.goto('/klanten');
  await page.getByRole('button', { name: 'Nieuwe Klant' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await dialog.getByRole('combobox', { name: 'Land' }).selectOption('België');
  return dialog;
}

test('a Belgian customer: the form follows the country, and the VAT number gets BE, not NL', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page);
  const dialog = await openBelgianCustomerForm(page);
  await expect(dialog.getByText('Formaat: 4 cijfers, bijv. 2000')).toBeVisible();
  await expect(dialog.getByText('Formaat: BE + 10 cijfers, bijv. BE0123456749')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Lotte Peeters');
  await dialog.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill('Peeters Bouw BV');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('lotte@peeters.be');
  await dialog.getByRole('textbox', { name: 'Postcode', exact: true }).fill('2000');
  await dialog.getByRole('textbox', { name: 'Plaats', exact: true }).fill('Antwerpen');
  const btw = dialog.getByRole('textbox', { name: 'BTW-nummer', exact: true });
  await btw.fill('0123456748');
  await expect(btw).toHaveValue('BE0123456748');
  await btw.blur();
  await expect(
    dialog.getByText('Het controlegetal van dit BTW-nummer klopt niet. Controleer het nummer.'),
  ).toBeVisible();
  await btw.fill('0123456749');
  await expect(
    dialog.getByText('Het controlegetal van dit BTW-nummer klopt niet.', { exact: false }),
  ).toBeHidden();
  await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
  await expect(dialog).toBeHidden();
  const saved = (await (await page.request.get('/api/customers')).json()) as Record<string, string>[];
  expect(saved).toContainEqual(
    expect.objectContaining({ country: 'België', postalCode: '2000', btwNumber: 'BE0123456749' }),
  );
});

test('an incomplete company profile: the PDF and send actions say what is missing, with a link', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page);
  const customer = await page.request.post('/api/customers', {
    data: { name: 'Lotte Peeters', company: 'Peeters Bouw BV', email: 'lotte@peeters.be', country: 'België' },
  });
  expect(customer.status(), await customer.text()).toBe(200);
  const order = await createOrder(page.request, {
    customer: ((await customer.json()) as { _id: string })._id,
    date: new Date(),
    project: 'Dak Antwerpen',
    status: 'concept',
    items: [{ description: 'Dakpannen', quantity: 400, price: 1.25, vat: 0 }],
  });

  await test.step('the orders list and its send dialog warn, naming the fields', async () => {
    await page.goto('/inkooporders');
    await expect(page.getByTestId('profile-gaps')).toContainText(GAPS);
    await page.getByRole('button', { name: `Order ${order.orderNumber} per e-mail versturen` }).click();
    const dialog = sendDialog(page);
    await expect(dialog.getByTestId('profile-gaps')).toContainText(GAPS);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
  });

  await test.step('the order form warns beside the PDF button, and the link opens the profile tab', async () => {
    await page.goto(`/inkooporders/${order._id}/edit`);
    const notice = page.getByRole('status').filter({ has: page.getByTestId('profile-gaps') });
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Bedrijfsgegevens aanvullen' }).click();
    await expect(page).toHaveURL(/\/bedrijfsinstellingen#profiel$/);
    await expect(page.getByRole('tab', { name: 'Bedrijfsprofiel' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('screenshots at 1280 and 375, light and dark', async () => {
    for (const { viewport, width: size, theme } of galleryViews()) {
      const shot = await themedPage(browser, page.context(), viewport, theme);
      await shot.goto('/inkooporders');
      await expect(shot.getByTestId('profile-gaps')).toBeVisible();
      await shoot(shot, `orders-warning-${size}-${theme}`);
      await shot.getByRole('button', { name: `Order ${order.orderNumber} per e-mail versturen` }).click();
      const dialog = sendDialog(shot);
      await expect(dialog.getByTestId('profile-gaps')).toBeVisible();
      await shoot(shot, `send-dialog-warning-${size}-${theme}`);
      await dialog.getByRole('button', { name: 'Annuleren' }).click();
      await shot.goto(`/inkooporders/${order._id}/edit`);
      await expect(shot.getByTestId('profile-gaps')).toBeVisible();
      await shot.getByTestId('profile-gaps').scrollIntoViewIfNeeded();
      await shoot(shot, `order-form-warning-${size}-${theme}`);
      const form = await openBelgianCustomerForm(shot);
      await form.getByRole('textbox', { name: 'Postcode', exact: true }).fill('10115');
      await form.getByRole('textbox', { name: 'BTW-nummer', exact: true }).fill('0123456748');
      await form.getByRole('textbox', { name: 'Plaats', exact: true }).click();
      await shoot(shot, `customer-form-be-${size}-${theme}`);
      await shot.context().close();
    }
  });

  await test.step('filled in, the warning is gone', async () => {
    const res = await page.request.put('/api/auth/profile', {
      data: {
        address: 'Havenstraat 14',
        postalCode: '1011 AB',
        city: 'Amsterdam',
        kvkNumber: '34123456',
        btwNumber: 'NL812345678B01',
        bankAccount: 'NL91ABNA0417164300',
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/inkooporders');
    await page.reload();
    await expect(page.getByRole('table', { name: 'Inkooporders' })).toBeVisible();
    await expect(page.getByTestId('profile-gaps')).toHaveCount(0);
  });
});
