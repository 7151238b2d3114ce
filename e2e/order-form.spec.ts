import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin } from './support/auth';
import { clearOfMidnight } from './support/clock-guard';
import { amsterdamToday, amsterdamYear, dutchDate } from './support/dates';
import { holdFrames } from './support/frames';
import {
  chooseCustomer,
  fillLine,
  inLine,
  orderLine as line,
  orderTotal as total,
} from './support/order-form';
import { sendNowDialog } from './support/order-screens';
import { DESKTOP, galleryViews, shotsNamed, themedPage } from './support/screens';
import { NUMBERING_SAVED, numberingPanel } from './support/settings';
import { failProcedure } from './support/trpc-faults';

/**
 * The order form: a new order with three lines through the UI (one at 9 %), the live totals
 * to the cent, the comma price, the quantity stepper, the last line that cannot go, save, 'Nee, later';
 * edit to Betaald, 'Ja, verstuur e-mail'; the unsaved-changes guard; the Ordernummering panel and the
 * next preview; validation. Screenshots at 1280×800 and 375×812, light and dark.
 */

const shoot = shotsNamed('order-form');

const CUSTOMERS = [
  {
    name: 'Anna de Vries',
    company: 'Bakkerij de Vries',
    email: 'anna@bakkerijdevries.nl',
    city: 'Amsterdam',
  },
  {
    name: 'Karim Bos',
    company: 'Installatiebedrijf Bos',
    email: 'karim@bos-installatie.nl',
    city: 'Eindhoven',
  },
];

type ApiOrder = { _id: string; orderNumber: string; status: string; total: number; items: unknown[] };

async function ordersOf(page: Page): Promise<ApiOrder[]> {
  const res = await page.request.get('/api/orders');
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiOrder[];
}

test('order form: new order, live totals, edit, unsaved changes, numbering, validation', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  // Order numbers carry the Dutch year of the moment they are handed out: the run must not span New Year.
  await clearOfMidnight('year', 10 * 60_000);
  const year = amsterdamYear();
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);
  for (const customer of CUSTOMERS) {
    const res = await page.request.post('/api/customers', { data: customer });
    expect(res.status(), await res.text()).toBe(200);
  }
  const firstNumber = `INK-${year}-1001`;

  await test.step('a fresh form: title, number preview, defaults, the last line cannot be removed', async () => {
    const dayBefore = amsterdamToday();
    await page.goto('/nieuwe-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe Inkooporder' })).toBeVisible();
    const number = page.getByRole('textbox', { name: 'Ordernummer' });
    await expect(number).toBeDisabled();
    await expect(number).toHaveValue(firstNumber);
    await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toContainText(
      'Selecteer een klant',
    );
    await expect(page.getByRole('combobox', { name: 'Betalingstermijn' })).toHaveValue('14');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('concept');
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('option')).toHaveText([
      'Concept',
      'Verzonden',
      'Betaald',
      'Geannuleerd',
    ]);
    // Today in the Netherlands (the day the form opened, or the next if midnight passed meanwhile).
    const dayNow = amsterdamToday();
    // dd-mm-jjjj, as the Dutch write it.
    await expect(page.getByRole('textbox', { name: 'Datum', exact: true })).toHaveValue(
      new RegExp(`^(${dutchDate(dayBefore)}|${dutchDate(dayNow)})$`),
    );
    await expect(line(page, 1).getByRole('button', { name: 'Regel 1 verwijderen' })).toBeDisabled();
    await expect(page.getByText('Let op: één of meer orderregels')).toHaveCount(0);
  });

  await test.step('validation: no customer and an empty line', async () => {
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Selecteer een klant', { exact: true }).last()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(
      page.getByText(
        'Let op: één of meer orderregels zijn niet volledig ingevuld. Zorg ervoor dat elke regel een omschrijving, aantal en prijs bevat.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/nieuwe-order$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'validation-desktop-light');
  });

  await test.step('three lines through the UI, with the live totals to the cent', async () => {
    await chooseCustomer(page, 'bos', 'Installatiebedrijf Bos');
    await expect(page.getByText('Selecteer een klant', { exact: true })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Project' }).fill('Verbouwing kantoor');
    await page.getByRole('textbox', { name: 'Referentie' }).fill('OFF-2026-017');

    // Line 1: 2 × € 12,50 at 21 %, the quantity by the plus button, the price typed with a comma.
    const first = line(page, 1);
    await inLine(first, 'Omschrijving').fill('Stopcontact dubbel');
    await first.getByRole('button', { name: 'Aantal verhogen, regel 1' }).click();
    await expect(inLine(first, 'Aantal')).toHaveValue('2');
    await inLine(first, 'Prijs').pressSequentially('12,50');
    // Kept as typed while typing, shown in Dutch notation with two decimals when leaving the field.
    await expect(inLine(first, 'Prijs')).toHaveValue('12,50');
    await expect(first.locator('output')).toHaveText('€ 25,00');
    await inLine(first, 'Prijs').blur();
    await expect(inLine(first, 'Prijs')).toHaveValue('12,50');

    // Line 2: 3 × € 4,99 at 9 %; the minus button stops at 1.
    // The cursor is in the new line when the click is done, even on a device whose frames come late.
    const frames = await holdFrames(page);
    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    await expect(inLine(line(page, 2), 'Omschrijving')).toBeFocused();
    await frames.release();
    await fillLine(page, 2, {
      description: 'Kabel 3×2,5 mm²',
      quantity: '3',
      unit: 'meter',
      price: '4,99',
      vat: '9',
    });
    const second = line(page, 2);
    const minus = second.getByRole('button', { name: 'Aantal verlagen, regel 2' });
    await minus.click();
    await minus.click();
    await expect(inLine(second, 'Aantal')).toHaveValue('1');
    await expect(minus).toBeDisabled();
    await inLine(second, 'Aantal').fill('3');

    // Line 3: 1 × € 100,00 at 21 %; an emptied quantity becomes 1 when leaving the field.
    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    await fillLine(page, 3, { description: 'Arbeid monteur', unit: 'uur', price: '100' });
    await inLine(line(page, 3), 'Aantal').fill('');
    await inLine(line(page, 3), 'Aantal').blur();
    await expect(inLine(line(page, 3), 'Aantal')).toHaveValue('1');

    await expect(total(page, 'subtotal')).toHaveText('€ 139,97');
    await expect(total(page, 'vat-21')).toHaveText('€ 26,25');
    await expect(total(page, 'vat-9')).toHaveText('€ 1,35');
    await expect(total(page, 'total')).toHaveText('€ 167,57');
    await expect(page.locator('[data-total="vat-21"] dt')).toContainText('BTW 21 %');
    await expect(page.locator('[data-total="vat-9"] dt')).toContainText('BTW 9 %');

    // A fourth line comes and goes.
    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    await expect(page.getByText('Let op: één of meer orderregels')).toBeVisible();
    await line(page, 4).getByRole('button', { name: 'Regel 4 verwijderen' }).click();
    await expect(line(page, 4)).toHaveCount(0);
    await expect(page.getByText('Let op: één of meer orderregels')).toHaveCount(0);

    // BTW verlegd: no VAT, 'Verlegd' in the totals and the lines; off again restores the rates.
    await page.getByRole('switch', { name: 'BTW verlegd' }).click();
    await expect(page.locator('[data-total="vat-verlegd"] dd')).toHaveText('Verlegd');
    await expect(total(page, 'total')).toHaveText('€ 139,97');
    await expect(line(page, 2).getByRole('combobox', { name: 'BTW' })).toBeDisabled();
    await expect(line(page, 2).getByRole('combobox', { name: 'BTW' })).toHaveValue('verlegd');
    await page.getByRole('switch', { name: 'BTW verlegd' }).click();
    await expect(total(page, 'total')).toHaveText('€ 167,57');
    await expect(line(page, 2).getByRole('combobox', { name: 'BTW' })).toHaveValue('9');

    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'new-desktop-light');
  });

  await test.step("refused saves: 'Validatiefout:' with a line per field, the fallback text", async () => {
    let restore = await failProcedure(page, 'orders.create', {
      httpStatus: 400,
      message: 'Ongeldige invoer. Controleer de gemarkeerde velden.',
      details: { customer: 'Klant niet gevonden', 'items.0.price': 'Prijs moet groter dan 0 zijn' },
    });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Validatiefout:' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('listitem')).toHaveText([
      'Klant: Klant niet gevonden',
      'Regel 1, prijs: Prijs moet groter dan 0 zijn',
    ]);
    await expect(inLine(line(page, 1), 'Prijs')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'server-error-desktop-light');
    await restore();

    restore = await failProcedure(page, 'orders.create', 'network');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Er is een fout opgetreden bij het opslaan van de order.' }),
    ).toBeVisible();
    await restore();
    // Nothing was stored.
    expect(await ordersOf(page)).toHaveLength(0);
  });

  await test.step("unsaved changes: leaving asks first; 'Verder bewerken' keeps everything", async () => {
    await page.getByRole('link', { name: 'Klanten' }).first().click();
    const guard = page.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
    await expect(guard).toBeVisible();
    await shoot(page, 'unsaved-desktop-light');
    await guard.getByRole('button', { name: 'Verder bewerken' }).click();
    await expect(guard).toHaveCount(0);
    await expect(page).toHaveURL(/\/nieuwe-order$/);
    await expect(inLine(line(page, 1), 'Omschrijving')).toHaveValue('Stopcontact dubbel');
    await expect(total(page, 'total')).toHaveText('€ 167,57');
  });

  await test.step('unsaved changes: the back button and closing the tab ask too', async () => {
    const other = await themedPage(browser, page.context(), DESKTOP, 'light');
    await other.goto('/klanten');
    // An in-app navigation to the form, as a link does it (one document, two history entries).
    await other.evaluate(() => window.history.pushState(null, '', '/nieuwe-order'));
    const project = other.getByRole('textbox', { name: 'Project' });
    await project.click();
    await project.pressSequentially('Tijdelijk');
    // The browser's Back (same document): held, the address stays.
    await other.evaluate(() => window.history.back());
    const guard = other.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
    await expect(guard).toBeVisible();
    await expect(other).toHaveURL(/\/nieuwe-order$/);
    await guard.getByRole('button', { name: 'Verder bewerken' }).click();
    await expect(project).toHaveValue('Tijdelijk');
    // Back again, and this time leave: the history steps back to /klanten.
    await project.pressSequentially(' 2');
    await other.evaluate(() => window.history.back());
    await guard.getByRole('button', { name: 'Pagina verlaten' }).click();
    await expect(other).toHaveURL(/\/klanten$/);
    await expect(other.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();

    // Closing the tab (or reloading) with changes: the browser's own question.
    await other.evaluate(() => window.history.pushState(null, '', '/nieuwe-order'));
    await project.click();
    await project.pressSequentially('Weer iets');
    const asked = other.waitForEvent('dialog');
    await other.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    await other.context().close();
  });

  let orderId = '';
  await test.step("save: the number, the success text, then 'Nee, later' goes to the list", async () => {
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(
      page.getByText(`Order ${firstNumber} is succesvol aangemaakt!`, { exact: true }),
    ).toBeVisible();
    const dialog = sendNowDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(firstNumber);
    await shoot(page, 'send-now-desktop-light');
    await dialog.getByRole('button', { name: 'Nee, later' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);

    const saved = (await ordersOf(page)).find((o) => o.orderNumber === firstNumber);
    expect(saved, 'the order is stored').toBeTruthy();
    expect(saved!.total).toBe(167.57);
    expect(saved!.items).toHaveLength(3);
    orderId = saved!._id;
  });

  await test.step("edit: the real number, the lines, status Betaald, 'Ja, verstuur e-mail'", async () => {
    await page.goto(`/inkooporders/${orderId}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inkooporder bewerken' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Ordernummer' })).toHaveValue(firstNumber);
    await expect(page.getByRole('combobox', { name: 'Klant', exact: true })).toContainText(
      'Installatiebedrijf Bos',
    );
    await expect(inLine(line(page, 2), 'Prijs')).toHaveValue('4,99');
    await expect(line(page, 2).getByRole('combobox', { name: 'BTW' })).toHaveValue('9');
    await expect(total(page, 'total')).toHaveText('€ 167,57');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Betaald' });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(
      page.getByText(`Order ${firstNumber} is succesvol bijgewerkt!`, { exact: true }),
    ).toBeVisible();
    const dialog = sendNowDialog(page);
    // The orders screen takes the state out of its history entry as soon as it mounts, so reading
    // history.state afterwards races it: record what the form pushes (wouter's 'pushState' event).
    await page.evaluate(() => {
      const w = window as unknown as { pushed: unknown[] };
      w.pushed = [];
      window.addEventListener('pushState', () =>
        w.pushed.push({ path: window.location.pathname, state: window.history.state }),
      );
    });
    await dialog.getByRole('button', { name: 'Ja, verstuur e-mail' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
    expect(await page.evaluate(() => (window as unknown as { pushed: unknown[] }).pushed)).toContainEqual({
      path: '/inkooporders',
      state: { openEmailModal: true, orderId },
    });

    const res = await page.request.get(`/api/orders/${orderId}`);
    expect(((await res.json()) as ApiOrder).status).toBe('paid');
  });

  await test.step("Annuleren with changes asks, 'Pagina verlaten' goes to the list", async () => {
    await page.goto(`/inkooporders/${orderId}/edit`);
    await page.getByRole('textbox', { name: 'Project' }).fill('Iets anders');
    await page.getByRole('button', { name: 'Annuleren' }).click();
    const guard = page.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
    await guard.getByRole('button', { name: 'Pagina verlaten' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
    // Nothing was saved, and without changes leaving does not ask.
    await page.goto(`/inkooporders/${orderId}/edit`);
    await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue('Verbouwing kantoor');
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page).toHaveURL(/\/inkooporders$/);
  });

  await test.step('screenshots of the saved order: desktop and phone, light and dark', async () => {
    for (const { viewport, size, theme } of galleryViews()) {
      const themed = await themedPage(browser, page.context(), viewport, theme);
      await themed.goto(`/inkooporders/${orderId}/edit`);
      await expect(themed.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(total(themed, 'total')).toHaveText('€ 167,57');
      await shoot(themed, `edit-${size}-${theme}`, { fullPage: size === 'phone' });
      await line(themed, 1).evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -96);
      });
      await shoot(themed, `edit-${size}-${theme}-lines`);
      if (size === 'phone') {
        await themed.goto('/nieuwe-order');
        await expect(themed.getByRole('textbox', { name: 'Ordernummer' })).not.toHaveValue('');
        await shoot(themed, `new-${size}-${theme}`, { fullPage: true });
      }
      await themed.context().close();
    }
  });

  await test.step('Ordernummering: start number 5000, live example, save, next preview', async () => {
    await page.goto('/bedrijfsinstellingen');
    const tab = page.getByRole('tab', { name: 'Document instellingen' });
    await expect(page.getByRole('heading', { level: 1, name: 'Bedrijfsinstellingen' })).toBeVisible();
    // The tab is how a user reaches the numbering: without it the screen is broken, so the test fails.
    await expect(tab, "the settings screen has no 'Document instellingen' tab").toBeVisible();
    await tab.click();
    await checkNumberingPanel(page, firstNumber, year);
    for (const { viewport, size: name, theme } of galleryViews({ besides: 'desktop-light' })) {
      const themed = await themedPage(browser, page.context(), viewport, theme);
      await themed.goto('/bedrijfsinstellingen');
      await themed.getByRole('tab', { name: 'Document instellingen' }).click();
      await expect(themed.getByText(`Voorbeeld: INK-${year}-5000`)).toBeVisible();
      await shoot(themed, `numbering-${name}-${theme}`);
      await themed.context().close();
    }

    await page.goto('/nieuwe-order');
    await expect(page.getByRole('textbox', { name: 'Ordernummer' })).toHaveValue(`INK-${year}-5000`);
  });

  await test.step('load failures: number preview fallbacks, order, customers', async () => {
    const number = page.getByRole('textbox', { name: 'Ordernummer' });
    const restoreNext = await failProcedure(page, 'orderSettings.nextNumber', {
      httpStatus: 404,
      message: 'Niet gevonden.',
    });
    await page.goto('/nieuwe-order');
    await expect(number).toHaveValue(`INK-${year}-5000`);
    await expect(page.getByText('Kan ordernummer niet genereren', { exact: true })).toBeVisible();

    const restoreSettings = await failProcedure(page, 'orderSettings.get', {
      httpStatus: 404,
      message: 'Niet gevonden.',
    });
    await page.goto('/nieuwe-order');
    await expect(number).toHaveValue('Wordt automatisch gegenereerd');
    await expect(page.getByText('Kan instellingen niet laden.', { exact: true })).toBeVisible();
    await shoot(page, 'number-fallback-desktop-light');
    await restoreNext();
    await restoreSettings();

    const restoreCustomers = await failProcedure(page, 'customers.list', { httpStatus: 404, message: 'x' });
    await page.goto('/nieuwe-order');
    await expect(page.getByText('Kan klantgegevens niet laden.', { exact: true })).toBeVisible();
    await restoreCustomers();

    await page.goto('/inkooporders/00000000-0000-4000-8000-000000000000/edit');
    await expect(page.getByText('Kan ordergegevens niet laden.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar Inkooporders' })).toBeVisible();
  });
});

async function checkNumberingPanel(page: Page, firstNumber: string, year: number) {
  const panel = numberingPanel(page);
  await expect(panel.getByText(`Voorbeeld: ${firstNumber}`)).toBeVisible();
  await shoot(page, 'numbering-before-desktop-light');
  await panel.getByRole('textbox', { name: 'Startnummer' }).fill('0');
  await panel.getByRole('textbox', { name: 'Startnummer' }).blur();
  await expect(panel.getByText('Startnummer moet minimaal 1 zijn')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Startnummer' }).fill('5000');
  await expect(panel.getByText(`Voorbeeld: INK-${year}-5000`)).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Jaar opnemen in nummer' }).uncheck();
  await expect(panel.getByText('Voorbeeld: INK-5000')).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Jaar opnemen in nummer' }).check();
  await panel.getByRole('button', { name: 'Opslaan' }).click();
  await expect(panel.getByRole('button', { name: 'Opgeslagen!' })).toBeVisible();
  await expect(panel.getByText(NUMBERING_SAVED)).toBeVisible();
  await shoot(page, 'numbering-desktop-light');
}
