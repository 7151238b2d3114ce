import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfFonts } from '../src/test/pdf-text';
import { fillRegisterForm, loginThroughForm, newTestUser, uniqueEmail } from './support/auth';
import { clearOfMidnight } from './support/clock-guard';
import { amsterdamToday, amsterdamYear, dutchDate } from './support/dates';
import { ORDERS_CSV_HEADER, readCsv, readOrderPdf } from './support/downloads';
import { chooseCustomer, fillLine, orderTotal } from './support/order-form';
import {
  ordersTable,
  pdfButton,
  recentTable,
  rowOf,
  sendDialog,
  sendNowDialog,
} from './support/order-screens';
import { attachmentOf, linkFromOutbox, mailsTo } from './support/outbox';
import { guardPage } from './support/page-guard';
import { DESKTOP, deviceOptions, SHOTS, shoot, type Theme, type Viewport } from './support/screens';
import {
  FINANCIAL_SAVED,
  NUMBERING_SAVED,
  numberingPanel,
  PDF_SETTINGS_SAVED,
  PROFILE_SAVED,
  pdfPanel,
  settingsField,
  settingsPanel,
} from './support/settings';
import { logout, openScreen } from './support/shell';

/**
 * A new user's whole first day, in a real browser, through the screens only: from `/` to registering,
 * the verification mail, logging in, the company profile and financial data, order numbering and the
 * PDF style, two customers, an order, 'Ja, verstuur e-mail', sending it with the PDF and a CC,
 * downloading the PDF, marking it Betaald, the CSV export, logging out. Once, at 1280×800 in the light
 * theme (the system's, as the app follows it until the user picks one): the same screens in the dark
 * theme and at 375×812 are new-user-screens.spec.ts, which reaches them with the data set up over the
 * API instead of typed.
 *
 * The page guard fails the journey on any console error, uncaught page error, failed request or answer
 * of 400 and up that a step does not name as expected. Screenshots of every step go to
 * e2e-artifacts/screenshots/journey-<variant>-<step>.png.
 */

type Variant = { name: string; viewport: Viewport; theme: Theme };

const VARIANTS: Variant[] = [{ name: 'desktop-light', viewport: DESKTOP, theme: 'light' }];

/** The company the new user keeps, and what the profile and the PDF show of it. */
const COMPANY = {
  name: 'Lotte Verbeek',
  company: 'Verbeek Bouw & Onderhoud B.V.',
  address: 'Stationsplein 12',
  postalCode: '3511 CE',
  city: 'Utrecht',
  phone: '+31 30 1234567',
  website: 'https://verbeekbouw.nl',
  kvk: '12345678',
  btw: 'NL123456789B01',
  iban: 'NL91 ABNA 0417 1643 00',
  bank: 'ABN AMRO',
};

/** For what the server does at length on a loaded machine: printing a PDF, sending the mail. */
const SLOW = 60_000;

const PREFIX = 'VB';
const START = 2001;

/** The order: 40 × € 12,50 at 21 % and 2 days × € 85,00 at 9 %. */
const ORDER = {
  project: 'Nieuwbouw werkplaats',
  reference: 'PO-4411',
  subtotal: '€ 670,00',
  vat21: '€ 105,00',
  vat9: '€ 15,30',
  total: '€ 790,30',
  csv: { subtotal: '"670,00"', vat: '"120,30"', total: '"790,30"' },
};

for (const variant of VARIANTS) {
  test.describe(`new user journey (${variant.name})`, () => {
    test.use({ ...deviceOptions(variant.viewport), colorScheme: variant.theme });

    test('register, verify, set up the company, write, send, download, mark paid, export, log out', async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(300_000);
      // The order gets today's Dutch date and year, and the export takes this month: no turn meanwhile.
      await clearOfMidnight('month', 15 * 60_000);
      const guard = guardPage(context);
      const shot = (step: string, options?: Parameters<typeof shoot>[2]) =>
        shoot(page, `journey-${variant.name}-${step}`, options);
      const year = amsterdamYear();
      const user = newTestUser({ name: COMPANY.name, company: COMPANY.company, password: 'Voorjaar2026!' });
      const smit = { name: 'Marieke Smit', company: 'Smit Installatietechniek', email: uniqueEmail('smit') };
      const deWit = {
        name: 'Joost de Wit',
        company: 'De Wit Bouwmaterialen',
        contact: 'Joost',
        email: uniqueEmail('dewit'),
      };
      const ccEmail = uniqueEmail('kopie');
      const orderNumber = `${PREFIX}-${year}-${START}`;
      const phone = variant.viewport.width < 768;

      await guard.step('open the app: the login screen, in the system theme', async () => {
        await page.goto('/');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', variant.theme);
        // The screen's own theme toggle offers the other one.
        const other = variant.theme === 'dark' ? 'Licht thema gebruiken' : 'Donker thema gebruiken';
        await expect(page.getByRole('button', { name: other, exact: true })).toBeVisible();
        await shot('01-login');
      });

      await guard.step('register', async () => {
        await page.getByRole('link', { name: 'Registreer hier' }).click();
        await expect(page).toHaveURL(/\/register$/);
        await fillRegisterForm(page, user);
        await shot('02-register', { fullPage: !phone });
        await page.getByRole('button', { name: 'Account aanmaken' }).click();
        await expect(page.getByRole('heading', { name: 'Verificatie e-mail verzonden' })).toBeVisible();
        await expect(page.getByText(user.email)).toBeVisible();
        await shot('03-registered');
      });

      await guard.step('verify the address with the link from the mail', async () => {
        await page.goto(await linkFromOutbox(request, user.email, '/verify-email/'));
        await expect(page.getByRole('heading', { name: 'E-mailadres geverifieerd!' })).toBeVisible();
        await shot('04-verified', { settle: false });
        await page.getByRole('button', { name: /inloggen/i }).click();
        await expect(page).toHaveURL(/\/login/);
      });

      await guard.step('log in: the dashboard asks for the company profile', async () => {
        await loginThroughForm(page, user);
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
        const banner = page.getByTestId('profile-banner');
        await expect(banner).toContainText('40% compleet');
        await shot('05-dashboard');
        await banner.getByRole('link', { name: 'Profiel aanvullen' }).click();
        await expect(page).toHaveURL(/\/bedrijfsinstellingen/);
      });

      await guard.step('Bedrijfsprofiel: address, phone, website', async () => {
        await expect(page.getByRole('tab', { name: 'Bedrijfsprofiel' })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(settingsField(page, 'E-mail')).toHaveValue(user.email);
        await expect(settingsField(page, 'Bedrijfsnaam')).toHaveValue(user.company);
        await settingsField(page, 'Adres').fill(COMPANY.address);
        await settingsField(page, 'Postcode').pressSequentially('3511ce');
        await expect(settingsField(page, 'Postcode')).toHaveValue(COMPANY.postalCode);
        await settingsField(page, 'Plaats').fill(COMPANY.city);
        await settingsField(page, 'Telefoonnummer').fill('030-1234567');
        await settingsField(page, 'Website').fill('verbeekbouw.nl');
        await settingsPanel(page).getByRole('button', { name: 'Opslaan' }).click();
        await expect(settingsPanel(page).getByText(PROFILE_SAVED)).toBeVisible();
        await expect(settingsField(page, 'Telefoonnummer')).toHaveValue(COMPANY.phone);
        await expect(settingsField(page, 'Website')).toHaveValue(COMPANY.website);
        await shot('06-profile');
      });

      await guard.step('Financiële gegevens: KVK, BTW, IBAN; the profile is complete', async () => {
        await page.getByRole('tab', { name: 'Financiële gegevens' }).click();
        await settingsField(page, 'KVK-nummer').fill(COMPANY.kvk);
        await settingsField(page, 'BTW-nummer').fill('123456789b01');
        await expect(settingsField(page, 'BTW-nummer')).toHaveValue(COMPANY.btw);
        await settingsField(page, 'IBAN').fill('nl91abna0417164300');
        await expect(settingsField(page, 'IBAN')).toHaveValue(COMPANY.iban);
        await settingsField(page, 'Naam rekeninghouder').fill(COMPANY.company);
        await settingsField(page, 'Banknaam').fill(COMPANY.bank);
        await settingsPanel(page).getByRole('button', { name: 'Opslaan' }).click();
        await expect(settingsPanel(page).getByText(FINANCIAL_SAVED)).toBeVisible();
        await expect(page.getByTestId('profile-completeness')).toContainText('100%');
        await shot('07-financial');
      });

      await guard.step('Ordernummering: own prefix and start number', async () => {
        await page.getByRole('tab', { name: 'Document instellingen' }).click();
        const panel = numberingPanel(page);
        await expect(panel.getByText(`Voorbeeld: INK-${year}-1001`)).toBeVisible();
        await panel.getByRole('textbox', { name: 'Voorvoegsel' }).fill(PREFIX);
        await panel.getByRole('textbox', { name: 'Startnummer' }).fill(String(START));
        await expect(panel.getByRole('checkbox', { name: 'Jaar opnemen in nummer' })).toBeChecked();
        await expect(panel.getByText(`Voorbeeld: ${orderNumber}`)).toBeVisible();
        await panel.getByRole('button', { name: 'Opslaan' }).click();
        await expect(panel.getByText(NUMBERING_SAVED)).toBeVisible();
        await panel.scrollIntoViewIfNeeded();
        await shot('08-numbering');
      });

      await guard.step('PDF document: template Modern, own colour and font, a footer', async () => {
        const panel = pdfPanel(page);
        const preview = page.getByTestId('pdf-preview-sheet').locator('article.od');
        await panel.getByRole('radio', { name: /Modern/ }).check();
        await expect(preview).toHaveAttribute('data-template', 'modern');
        await panel.getByRole('textbox', { name: 'Primaire kleur', exact: true }).fill('#0F766E');
        await panel.getByRole('combobox', { name: 'Lettertype' }).selectOption('lato');
        await panel
          .getByRole('textbox', { name: 'Voettekst' })
          .fill('Levering op werkdagen tussen 7:00 en 16:00.');
        await expect(preview).toContainText('Levering op werkdagen tussen 7:00 en 16:00.');
        await expect(preview).toContainText(COMPANY.company);
        await panel.getByRole('button', { name: 'Opslaan' }).click();
        await expect(panel.getByText(PDF_SETTINGS_SAVED)).toBeVisible();
        await panel.scrollIntoViewIfNeeded();
        await shot('09-pdf-style');
      });

      await guard.step('two customers', async () => {
        await openScreen(page, 'Klanten');
        await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
        await expect(page.getByText('Geen klanten gevonden', { exact: true })).toBeVisible();
        await page.getByRole('button', { name: 'Eerste klant toevoegen' }).click();
        let dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
        await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill(smit.name);
        await dialog.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill(smit.company);
        await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(smit.email);
        await dialog.getByRole('textbox', { name: 'Plaats', exact: true }).fill('Amersfoort');
        await shot('10-customer-form');
        await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(`${smit.company} is toegevoegd.`)).toBeVisible();

        await page.getByRole('button', { name: 'Nieuwe Klant' }).click();
        dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
        await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill(deWit.name);
        await dialog.getByRole('textbox', { name: 'Bedrijfsnaam', exact: true }).fill(deWit.company);
        await dialog.getByRole('textbox', { name: 'Contactpersoon', exact: true }).fill(deWit.contact);
        await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(deWit.email);
        await dialog.getByRole('textbox', { name: 'Adres', exact: true }).fill('Industrieweg 7');
        await dialog.getByRole('textbox', { name: 'Postcode', exact: true }).pressSequentially('3812ab');
        await dialog.getByRole('textbox', { name: 'Plaats', exact: true }).fill('Amersfoort');
        await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(`${deWit.company} is toegevoegd.`)).toBeVisible();
        await expect(page.getByRole('article')).toHaveCount(2);
        await expect(page.getByRole('article', { name: deWit.company, exact: true })).toContainText(
          '3812 AB',
        );
        await shot('11-customers');
      });

      await guard.step("write an order, save, 'Ja, verstuur e-mail'", async () => {
        await openScreen(page, 'Dashboard');
        await page.getByRole('link', { name: 'Nieuwe Order' }).first().click();
        await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe Inkooporder' })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Ordernummer' })).toHaveValue(orderNumber);
        await chooseCustomer(page, 'wit', deWit.company);
        await page.getByRole('textbox', { name: 'Project' }).fill(ORDER.project);
        await page.getByRole('textbox', { name: 'Referentie' }).fill(ORDER.reference);
        await fillLine(page, 1, { description: 'Kalkzandsteen 100 mm', quantity: '40', price: '12,50' });
        await page.getByRole('button', { name: 'Regel toevoegen' }).click();
        await fillLine(page, 2, {
          description: 'Huur steiger',
          quantity: '2',
          unit: 'dag',
          price: '85',
          vat: '9',
        });
        await expect(orderTotal(page, 'subtotal')).toHaveText(ORDER.subtotal);
        await expect(orderTotal(page, 'vat-21')).toHaveText(ORDER.vat21);
        await expect(orderTotal(page, 'vat-9')).toHaveText(ORDER.vat9);
        await expect(orderTotal(page, 'total')).toHaveText(ORDER.total);
        // A phone's fixed bars would land mid-page in a full-page capture: there, the totals in view.
        if (phone) await orderTotal(page, 'total').scrollIntoViewIfNeeded();
        await shot('12-order-form', { fullPage: !phone });
        await saveOrder(page);
        await expect(
          page.getByText(`Order ${orderNumber} is succesvol aangemaakt!`, { exact: true }),
        ).toBeVisible();
        const ask = sendNowDialog(page);
        await expect(ask).toContainText(orderNumber);
        await expect(ask).toContainText(deWit.company);
        await shot('13-send-now');
        await ask.getByRole('button', { name: 'Ja, verstuur e-mail' }).click();
        await expect(page).toHaveURL(/\/inkooporders$/);
      });

      await guard.step('send it with the PDF attached and a CC', async () => {
        const dialog = sendDialog(page);
        await expect(dialog.getByRole('heading', { name: `Order ${orderNumber} versturen` })).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: 'E-mailadres ontvanger' })).toHaveValue(deWit.email);
        await expect(dialog.getByRole('textbox', { name: 'Onderwerp' })).toHaveValue(
          'Inkooporder {{order.orderNumber}}',
        );
        await dialog.getByRole('textbox', { name: 'CC' }).fill(ccEmail);
        await expect(dialog.getByRole('checkbox', { name: /PDF van de order meesturen/ })).toBeChecked();
        await expect(dialog.getByText(`${orderNumber}.pdf`)).toBeVisible();
        await shot('14-send-dialog');
        await dialog.getByRole('button', { name: 'Versturen' }).click();
        // The server prints the PDF before it hands the mail over: give a loaded machine time.
        await expect(dialog.getByRole('heading', { name: 'E-mail verzonden' })).toBeVisible({
          timeout: SLOW,
        });
        await expect(dialog).toContainText(`is verzonden naar ${deWit.email}`);
        await shot('15-sent');
        await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
        await expect(dialog).toHaveCount(0);
        await expect(rowOf(ordersTable(page), orderNumber)).toContainText('Verzonden');

        const [mail] = await mailsTo(request, deWit.email);
        expect(mail!.subject).toBe(`Inkooporder ${orderNumber}`);
        expect(mail!.cc).toBe(ccEmail);
        expect(mail!.replyTo).toBe(user.email);
        expect(mail!.html).toContain('Beste Joost,');
        expect(mail!.html).toContain(ORDER.total.replace(' ', '\u00a0'));
        expect(mail!.attachments).toEqual([
          { filename: `${orderNumber}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
        ]);
        const attached = await attachmentOf(request, mail!);
        expect(attached.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      });

      await guard.step('download the PDF', async () => {
        const row = rowOf(ordersTable(page), orderNumber);
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: SLOW }),
          pdfButton(row, orderNumber).click(),
        ]);
        await download.saveAs(`${SHOTS}/journey-${variant.name}-${orderNumber}.pdf`);
        const text = await readOrderPdf(download, orderNumber);
        for (const part of [
          COMPANY.company,
          deWit.company,
          ORDER.project,
          'Kalkzandsteen 100 mm',
          'Huur steiger',
          COMPANY.iban,
          'Levering op werkdagen tussen 7:00 en 16:00.',
        ]) {
          expect(text, `the PDF shows '${part}'`).toContain(part);
        }
        expect(text).toMatch(/€\s?790,30/);
        // The PDF style chosen in the settings: its font is in the file.
        expect(await pdfFonts(await fs.readFile(await download.path()))).toContainEqual(
          expect.stringMatching(/Lato/),
        );
        await shot('16-list');
      });

      await guard.step('mark the order Betaald', async () => {
        await rowOf(ordersTable(page), orderNumber)
          .getByRole('link', { name: /bewerken/ })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: 'Inkooporder bewerken' })).toBeVisible();
        const status = page.getByRole('combobox', { name: 'Status' });
        await expect(status).toHaveValue('sent');
        await expect(
          page.locator('section').filter({ has: page.getByRole('heading', { name: 'Verzonden e-mails' }) }),
        ).toContainText(`CC ${ccEmail}`);
        await status.selectOption({ label: 'Betaald' });
        await saveOrder(page);
        await expect(
          page.getByText(`Order ${orderNumber} is succesvol bijgewerkt!`, { exact: true }),
        ).toBeVisible();
        await sendNowDialog(page).getByRole('button', { name: 'Nee, later' }).click();
        await expect(page).toHaveURL(/\/inkooporders$/);
        await expect(
          rowOf(ordersTable(page), orderNumber).getByText('Betaald', { exact: true }),
        ).toBeVisible();
        await shot('17-paid');
      });

      await guard.step('export this month’s orders as CSV', async () => {
        await openScreen(page, 'Dashboard');
        await expect(rowOf(recentTable(page), orderNumber)).toBeVisible();
        await expect(page.getByTestId('stat-orders').locator('.stat-card__value')).toHaveText('1');
        await expect(page.getByTestId('profile-banner')).toHaveCount(0);
        await shot('18-dashboard');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Exporteren' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^orders-deze-maand-\d{4}-\d{2}-\d{2}\.csv$/);
        const lines = await readCsv(download);
        expect(lines).toEqual([
          ORDERS_CSV_HEADER,
          [
            orderNumber,
            dutchDate(amsterdamToday()),
            deWit.name,
            deWit.company,
            ORDER.project,
            ORDER.reference,
            'Betaald',
            ORDER.csv.subtotal,
            ORDER.csv.vat,
            ORDER.csv.total,
            'Nee',
          ].join(';'),
        ]);
        await expect(page.getByText('1 order geëxporteerd.')).toBeVisible();
      });

      await guard.step('log out: the session is gone, Back shows no data', async () => {
        await logout(page);
        await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
        await shot('19-logged-out');
        // The browser's Back goes to the screen before the dashboard (the orders list): the app sends
        // it to the login screen instead of showing it.
        await page.goBack();
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
        await expect(page.getByText(orderNumber)).toHaveCount(0);
        expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
      });
      guard.expectClean();
    });
  });
}

/**
 * Opslaan of the order form's totals panel (beside the form on a desktop, at its end on a phone, where
 * the sticky bar steps aside once the panel is in view).
 */
async function saveOrder(page: Page) {
  await page
    .getByRole('complementary', { name: 'Totalen en opslaan' })
    .getByRole('button', { name: 'Opslaan' })
    .click();
}
