import { expect, test } from '@playwright/test';
import { fillRegisterForm, loginThroughForm, newTestUser, uniqueEmail } from './support/auth';
import { clearOfMidnight } from './support/clock-guard';
import { amsterdamYear } from './support/dates';
import { chooseCustomer, fillLine, orderTotal } from './support/order-form';
import { ordersTable, recentTable, rowOf, sendDialog, sendNowDialog } from './support/order-screens';
import { createCustomer, createOrder } from './support/orders';
import { linkFromOutbox } from './support/outbox';
import { guardPage } from './support/page-guard';
import { deviceOptions, galleryViews, shoot } from './support/screens';
import { numberingPanel, pdfPanel } from './support/settings';
import { logout, openScreen } from './support/shell';

/**
 * The screens of the new user's journey (new-user-journey.spec.ts, which types its way through them
 * at 1280 px in the light theme) in the dark theme and on a phone: each screen in the state the journey
 * leaves it, for the same screenshots (e2e-artifacts/screenshots/journey-<variant>-<step>.png). What is
 * typed here is only what a screen shows while it is being filled in; the company, its settings, the
 * customers and the order come over the API. The screens are reached through the app's own navigation
 * (on a phone: the bottom bar and the menu), and the page guard fails on any console error, page
 * error, failed request or error answer.
 */

/**
 * The gallery's views but the journey's own (desktop, light): the phone in the dark theme, and with
 * E2E_SCREENS=all also the desktop in the dark theme and the phone in the light one.
 */
const VARIANTS = galleryViews({ besides: 'desktop-light' });

const COMPANY = {
  name: 'Lotte Verbeek',
  company: 'Verbeek Bouw & Onderhoud B.V.',
  address: 'Stationsplein 12',
  postalCode: '3511 CE',
  city: 'Utrecht',
  phoneNumber: '+31 30 1234567',
  website: 'https://verbeekbouw.nl',
  kvkNumber: '12345678',
  btwNumber: 'NL123456789B01',
  bankAccount: 'NL91 ABNA 0417 1643 00',
  accountName: 'Verbeek Bouw & Onderhoud B.V.',
  bankName: 'ABN AMRO',
};

/** For what the server does at length on a loaded machine: printing a PDF, sending the mail. */
const SLOW = 60_000;

for (const variant of VARIANTS) {
  test.describe(`new user screens (${variant.name})`, () => {
    test.use({ ...deviceOptions(variant.viewport), colorScheme: variant.theme });

    test('every screen of the journey, as the journey leaves it', async ({ page, context, request }) => {
      test.setTimeout(180_000);
      // The order gets today's date and number: no turn of the year meanwhile.
      await clearOfMidnight('month', 5 * 60_000);
      const guard = guardPage(context);
      const shot = (step: string, options?: Parameters<typeof shoot>[2]) =>
        shoot(page, `journey-${variant.name}-${step}`, options);
      const phone = variant.viewport.width < 768;
      const user = newTestUser({ name: COMPANY.name, company: COMPANY.company, password: 'Voorjaar2026!' });
      const orderNumber = `VB-${amsterdamYear()}-2001`;

      await guard.step('login, register, registered, verified: in the system theme', async () => {
        await page.goto('/');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('html')).toHaveAttribute('data-theme', variant.theme);
        await shot('01-login');
        await page.getByRole('link', { name: 'Registreer hier' }).click();
        await fillRegisterForm(page, user);
        await shot('02-register', { fullPage: !phone });
        await page.getByRole('button', { name: 'Account aanmaken' }).click();
        await expect(page.getByRole('heading', { name: 'Verificatie e-mail verzonden' })).toBeVisible();
        await shot('03-registered');
        await page.goto(await linkFromOutbox(request, user.email, '/verify-email/'));
        await expect(page.getByRole('heading', { name: 'E-mailadres geverifieerd!' })).toBeVisible();
        await shot('04-verified', { settle: false });
      });

      await guard.step('the dashboard of a new account asks for the company profile', async () => {
        await loginThroughForm(page, user);
        await expect(page.getByTestId('profile-banner')).toContainText('40% compleet');
        await shot('05-dashboard');
      });

      const smit = await createCustomer(page.request, {
        name: 'Marieke Smit',
        company: 'Smit Installatietechniek',
        email: uniqueEmail('smit'),
      });
      await guard.step('Bedrijfsinstellingen, filled in (over the API)', async () => {
        const put = async (url: string, data: object) => {
          const res = await page.request.put(url, { data });
          expect(res.status(), await res.text()).toBe(200);
        };
        await put('/api/auth/profile', COMPANY);
        await put('/api/auth/order-settings', { prefix: 'VB', startingNumber: 2001 });
        await put('/api/auth/pdf-settings', {
          template: 'modern',
          primaryColor: '#0F766E',
          fontFamily: 'lato',
          footerNotes: 'Levering op werkdagen tussen 7:00 en 16:00.',
        });
        await openScreen(page, 'Bedrijfsinstellingen');
        await expect(page.getByTestId('profile-completeness')).toContainText('100%');
        await shot('06-profile');
        await page.getByRole('tab', { name: 'Financiële gegevens' }).click();
        await expect(page.getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(
          COMPANY.bankAccount,
        );
        await shot('07-financial');
        await page.getByRole('tab', { name: 'Document instellingen' }).click();
        await expect(numberingPanel(page).getByText(`Voorbeeld: ${orderNumber}`)).toBeVisible();
        await numberingPanel(page).scrollIntoViewIfNeeded();
        await shot('08-numbering');
        const preview = page.getByTestId('pdf-preview-sheet').locator('article.od');
        await expect(preview).toHaveAttribute('data-template', 'modern');
        await pdfPanel(page).scrollIntoViewIfNeeded();
        await shot('09-pdf-style');
      });

      await guard.step('Klanten: the new-customer form, then the list', async () => {
        await openScreen(page, 'Klanten');
        await expect(page.getByRole('article')).toHaveCount(1);
        await page.getByRole('button', { name: 'Nieuwe Klant' }).click();
        const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
        await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Joost de Wit');
        await dialog
          .getByRole('textbox', { name: 'Bedrijfsnaam', exact: true })
          .fill('De Wit Bouwmaterialen');
        await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(uniqueEmail('dewit'));
        await dialog.getByRole('textbox', { name: 'Plaats', exact: true }).fill('Amersfoort');
        await shot('10-customer-form');
        await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('article')).toHaveCount(2);
        await shot('11-customers');
      });

      await guard.step('Nieuwe Inkooporder, filled in', async () => {
        await openScreen(page, 'Dashboard');
        await page.getByRole('link', { name: 'Nieuwe Order' }).first().click();
        await expect(page.getByRole('textbox', { name: 'Ordernummer' })).toHaveValue(orderNumber);
        await chooseCustomer(page, 'wit', 'De Wit Bouwmaterialen');
        await page.getByRole('textbox', { name: 'Project' }).fill('Nieuwbouw werkplaats');
        await fillLine(page, 1, { description: 'Kalkzandsteen 100 mm', quantity: '40', price: '12,50' });
        await expect(orderTotal(page, 'total')).toHaveText('€ 605,00');
        if (phone) await orderTotal(page, 'total').scrollIntoViewIfNeeded();
        await shot('12-order-form', { fullPage: !phone });
      });

      await guard.step("saved: 'Ja, verstuur e-mail', the send dialog, sent", async () => {
        await page
          .getByRole('complementary', { name: 'Totalen en opslaan' })
          .getByRole('button', { name: 'Opslaan' })
          .click();
        const ask = sendNowDialog(page);
        await expect(ask).toContainText(orderNumber);
        await shot('13-send-now');
        await ask.getByRole('button', { name: 'Ja, verstuur e-mail' }).click();
        const dialog = sendDialog(page);
        await expect(dialog.getByRole('heading', { name: `Order ${orderNumber} versturen` })).toBeVisible();
        await dialog.getByRole('textbox', { name: 'CC' }).fill(uniqueEmail('kopie'));
        await shot('14-send-dialog');
        await dialog.getByRole('button', { name: 'Versturen' }).click();
        await expect(dialog.getByRole('heading', { name: 'E-mail verzonden' })).toBeVisible({
          timeout: SLOW,
        });
        await shot('15-sent');
        await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
        await expect(rowOf(ordersTable(page), orderNumber)).toContainText('Verzonden');
        await shot('16-list');
      });

      await guard.step('a paid order in the list and on the dashboard', async () => {
        const paid = await createOrder(page.request, {
          customer: smit,
          date: new Date(),
          project: 'Onderhoud dak',
          status: 'paid',
          items: [{ description: 'Dakgoot vervangen', quantity: 1, price: 450, vat: 21 }],
        });
        await page.reload();
        await expect(
          rowOf(ordersTable(page), paid.orderNumber).getByText('Betaald', { exact: true }),
        ).toBeVisible();
        await shot('17-paid');
        await openScreen(page, 'Dashboard');
        await expect(rowOf(recentTable(page), paid.orderNumber)).toBeVisible();
        await expect(page.getByTestId('profile-banner')).toHaveCount(0);
        await shot('18-dashboard');
      });

      await guard.step('logged out', async () => {
        await logout(page);
        await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
        await shot('19-logged-out');
      });
      guard.expectClean();
    });
  });
}
