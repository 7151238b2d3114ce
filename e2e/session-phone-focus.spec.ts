import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { createCustomer } from './support/orders';
import { failProcedure } from './support/trpc-faults';

/**
 * A logged-out page load logs no console error; a phone number reads the same in
 * settings, the customer form and the cards; after a failed save (the form's own check or the
 * server's refusal) the cursor is in the first wrong field, on every form.
 */

/** Console errors and uncaught exceptions of the page, from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('a logged-out load of /login, and of / with a stale stored user, logs no console error', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);

  // A user kept from an ended session: cleared, and off to /login without a failed request.
  await page.evaluate(() =>
    localStorage.setItem(
      'user',
      JSON.stringify({ _id: 'x', name: 'Oud', email: 'oud@voorbeeld.nl', company: 'Oud BV' }),
    ),
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect(errors).toEqual([]);
});

test('a phone number reads the same in settings, the customer form and the customer card', async ({
  page,
}) => {
  await signUpAndLogin(page);
  const res = await page.request.put('/api/auth/profile', { data: { phoneNumber: '020-1234567' } });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { phoneNumber: string }).phoneNumber).toBe('+31201234567');
  await page.goto('/bedrijfsinstellingen');
  await expect(field(page, 'Telefoonnummer')).toHaveValue('+31 20 1234567');

  await createCustomer(page.request, {
    name: 'Anna de Vries',
    company: 'Bakkerij de Vries',
    email: 'anna@bakkerij.nl',
    phone: '06 1234 5678',
  } as Parameters<typeof createCustomer>[1]);
  await page.goto('/klanten');
  const card = page.getByRole('article', { name: 'Bakkerij de Vries' });
  await expect(card).toContainText('+31 6 12345678');
  await card.getByRole('button', { name: 'Bewerken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Klant bewerken' });
  await expect(dialog.getByRole('textbox', { name: 'Telefoon', exact: true })).toHaveValue('+31 6 12345678');
  // Saved unchanged, it is stored as it was.
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  const customers = (await (await page.request.get('/api/customers')).json()) as { phone: string }[];
  expect(customers.map((c) => c.phone)).toEqual(['+31612345678']);
});

test.describe('after a failed save the cursor is in the first wrong field', () => {
  test('Bedrijfsprofiel: the first wrong field on screen, by the form and by the server', async ({
    page,
  }) => {
    await signUpAndLogin(page);
    await page.goto('/bedrijfsinstellingen#profiel');
    // Telefoonnummer is above Adres on screen: both wrong, the cursor goes to the phone.
    await field(page, 'Telefoonnummer').fill('0612');
    // (Leaving the field first: its message on blur moves the button, which would swallow the click.)
    await field(page, 'Telefoonnummer').blur();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Opslaan' }).click();
    await expect(field(page, 'Adres')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Telefoonnummer')).toBeFocused();

    await field(page, 'Telefoonnummer').fill('');
    await field(page, 'Adres').fill('Dorpsstraat 1');
    await field(page, 'Postcode').fill('1234AB');
    await field(page, 'Plaats').fill('Utrecht');
    const restore = await failProcedure(page, 'auth.updateProfile', {
      httpStatus: 400,
      message: 'Ongeldige invoer',
      details: { city: 'Plaats is niet bekend' },
    });
    await page.getByRole('tabpanel').getByRole('button', { name: 'Opslaan' }).click();
    await expect(field(page, 'Plaats')).toBeFocused();
    await restore();
  });

  test('Financiële gegevens and Beveiliging: refused by the server', async ({ page }) => {
    const user = await signUpAndLogin(page);
    await page.goto('/bedrijfsinstellingen#financieel');
    const restore = await failProcedure(page, 'auth.updateProfile', {
      httpStatus: 400,
      message: 'Ongeldige invoer',
      details: { bankAccount: 'Ongeldig IBAN-nummer' },
    });
    await page.getByRole('tabpanel').getByRole('button', { name: 'Opslaan' }).click();
    await expect(field(page, 'IBAN')).toBeFocused();
    await restore();

    await page.goto('/bedrijfsinstellingen#beveiliging');
    const change = page.getByRole('button', { name: 'Wachtwoord wijzigen' });
    await change.click();
    await expect(field(page, 'Huidig wachtwoord')).toBeFocused();
    await field(page, 'Huidig wachtwoord').fill(user.password);
    await field(page, 'Nieuw wachtwoord').fill('Sterker2026!x');
    await field(page, 'Bevestig nieuw wachtwoord').fill('Sterker2026!x');
    const restoreChange = await failProcedure(page, 'auth.changePassword', {
      httpStatus: 400,
      message: 'Ongeldige invoer',
      details: { newPassword: 'Kies een ander wachtwoord' },
    });
    await change.click();
    await expect(field(page, 'Nieuw wachtwoord')).toBeFocused();
    await restoreChange();
  });

  test('the customer form: by the form and by the server', async ({ page }) => {
    await signUpAndLogin(page);
    await page.goto('/klanten');
    await page.getByRole('button', { name: 'Eerste klant toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Naam', exact: true })).toBeFocused();

    await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Karim Bos');
    await dialog.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill('Bos BV');
    await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('karim@bos.nl');
    const restore = await failProcedure(page, 'customers.create', {
      httpStatus: 400,
      message: 'Ongeldige invoer',
      details: { phone: 'Voer een geldig Nederlands telefoonnummer in' },
    });
    await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Telefoon', exact: true })).toBeFocused();
    await restore();
  });

  test('the order form: refused by the server', async ({ page }) => {
    await signUpAndLogin(page);
    await createCustomer(page.request, { name: 'Jan', company: 'Smit BV', email: 'jan@smit.nl' });
    await page.goto('/nieuwe-order');
    await page.getByRole('combobox', { name: 'Klant', exact: true }).click();
    await page.getByRole('option', { name: /Smit BV/ }).click();
    const first = page.getByRole('listitem', { name: 'Regel 1', exact: true });
    await first.getByRole('textbox', { name: 'Omschrijving', exact: true }).fill('Tegels');
    await first.getByRole('textbox', { name: 'Prijs', exact: true }).fill('10');
    const restore = await failProcedure(page, 'orders.create', {
      httpStatus: 400,
      message: 'Ongeldige invoer',
      details: { project: 'Project is te lang' },
    });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('textbox', { name: 'Project', exact: true })).toBeFocused();
    await restore();
  });

  test('the template editor: by the form and by the server', async ({ page }) => {
    await signUpAndLogin(page);
    await page.goto('/email-templates');
    await page.getByRole('button', { name: 'Nieuw template' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw template' });
    await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Order versturen');
    await dialog.getByRole('button', { name: 'Template aanmaken' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Onderwerp', exact: true })).toBeFocused();

    await dialog.getByRole('textbox', { name: 'Onderwerp', exact: true }).fill('Inkooporder');
    await dialog.getByRole('textbox', { name: 'Inhoud (HTML)', exact: true }).fill('<p>Beste klant,</p>');
    const restore = await failProcedure(page, 'emailTemplates.create', {
      httpStatus: 400,
      message: 'Ongeldige invoer',
      details: { subject: 'Onderwerp is te lang' },
    });
    await dialog.getByRole('button', { name: 'Template aanmaken' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Onderwerp', exact: true })).toBeFocused();
    await restore();
  });
});
